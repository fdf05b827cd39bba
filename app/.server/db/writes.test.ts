import { describe, expect, it, vi } from "vitest";
import type { PluginTransformQueryArgs } from "kysely";

const write = { node: { kind: "UpdateQueryNode" } } as unknown as PluginTransformQueryArgs;
const read = { node: { kind: "SelectQueryNode" } } as unknown as PluginTransformQueryArgs;

describe("the write count", () => {
  it("moves on a statement that may write, not on a SELECT", async () => {
    const { CountWrites, writeGeneration } = await import("./writes");
    const plugin = new CountWrites();
    const before = writeGeneration();
    plugin.transformQuery(read);
    expect(writeGeneration()).toBe(before);
    plugin.transformQuery(write);
    expect(writeGeneration()).not.toBe(before);
  });

  it("is one count for every copy of the module (the server and Remix's build each bundle one)", async () => {
    const first = await import("./writes");
    vi.resetModules();
    const second = await import("./writes");
    expect(second).not.toBe(first);
    const before = second.writeGeneration();
    new first.CountWrites().transformQuery(write);
    expect(second.writeGeneration()).not.toBe(before);
    expect(second.writeGeneration()).toBe(first.writeGeneration());
  });
});
