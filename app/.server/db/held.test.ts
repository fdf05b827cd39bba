import { describe, expect, it } from "vitest";
import { heldPerDatabase } from "./held";
import type { DB } from "./connection";

describe("values held per database", () => {
  const dbA = {} as DB;
  const dbB = {} as DB;

  it("reads once per database within the time to live, then again", async () => {
    let reads = 0;
    const held = heldPerDatabase(async () => ++reads, 1000);
    expect(await held(dbA, 0)).toBe(1);
    expect(await held(dbA, 999)).toBe(1);
    expect(await held(dbB, 999)).toBe(2); // another database has its own
    expect(await held(dbA, 1000)).toBe(3);
  });

  it("reads again at once after forget", async () => {
    let reads = 0;
    const held = heldPerDatabase(async () => ++reads);
    await held(dbA, 0);
    held.forget(dbA);
    expect(await held(dbA, 1)).toBe(2);
  });

  it("does not keep a failed read", async () => {
    let reads = 0;
    const held = heldPerDatabase(async () => {
      reads++;
      if (reads === 1) throw new Error("database down");
      return reads;
    });
    await expect(held(dbA, 0)).rejects.toThrow("database down");
    expect(await held(dbA, 1)).toBe(2);
  });

  it("keeps the held value when a later read finds the same", async () => {
    let reads = 0;
    const held = heldPerDatabase(
      async () => ({ version: ++reads > 2 ? 2 : 1 }),
      10,
      (a, b) => a.version === b.version,
    );
    const first = await held(dbA, 0);
    expect(await held(dbA, 10)).toBe(first); // read again, same version: the same object
    const changed = await held(dbA, 20);
    expect(changed).not.toBe(first);
    expect(changed.version).toBe(2);
  });
});
