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
});
