import { describe, expect, it } from "vitest";
import { oneAtATime } from "./one-at-a-time";

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("one piece of work at a time", () => {
  it("runs work asked for at once one after another, in the order asked", async () => {
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const job = (name: string, ms: number) => async () => {
      running++;
      most = Math.max(most, running);
      log.push(`${name} start`);
      await tick(ms);
      log.push(`${name} end`);
      running--;
      return name;
    };
    const results = await Promise.all([oneAtATime(job("a", 30)), oneAtATime(job("b", 5)), oneAtATime(job("c", 1))]);
    expect(results).toEqual(["a", "b", "c"]);
    expect(most).toBe(1);
    expect(log).toEqual(["a start", "a end", "b start", "b end", "c start", "c end"]);
  });

  it("a failure is its caller's alone: the next work still runs", async () => {
    const failed = oneAtATime(async () => {
      await tick(5);
      throw new Error("unreadable");
    });
    const next = oneAtATime(async () => "read");
    await expect(failed).rejects.toThrow("unreadable");
    await expect(next).resolves.toBe("read");
  });
});
