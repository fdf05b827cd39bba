import v8 from "node:v8";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fullCollection, idleCollector } from "./idle-collect";

describe("idleCollector", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const serve = (c: ReturnType<typeof idleCollector>, n: number) => {
    for (let i = 0; i < n; i++) {
      c.begin();
      c.end();
    }
  };

  it("collects once when a burst is over, and again after the next burst", () => {
    const collect = vi.fn();
    const c = idleCollector({ idleMs: 1_000, minRequests: 10, collect });
    serve(c, 25);
    vi.advanceTimersByTime(999);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
    serve(c, 10);
    vi.advanceTimersByTime(1_000);
    expect(collect).toHaveBeenCalledTimes(2);
    expect(c.collections).toBe(2);
  });

  it("never collects while requests keep coming, nor while one is in flight", () => {
    const collect = vi.fn();
    const c = idleCollector({ idleMs: 1_000, minRequests: 5, collect });
    for (let i = 0; i < 50; i++) {
      serve(c, 1);
      vi.advanceTimersByTime(500);
    }
    expect(collect).not.toHaveBeenCalled();
    c.begin(); // a slow request
    vi.advanceTimersByTime(10_000);
    expect(collect).not.toHaveBeenCalled();
    c.end();
    vi.advanceTimersByTime(1_000);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it("leaves a quiet server alone: a few requests are not worth a collection", () => {
    const collect = vi.fn();
    const c = idleCollector({ idleMs: 1_000, minRequests: 50, collect });
    serve(c, 49);
    vi.advanceTimersByTime(60_000);
    expect(collect).not.toHaveBeenCalled();
    c.stop();
  });
});

describe("fullCollection", () => {
  const oldSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === "old_space")!.space_size;

  it("frees the garbage a burst left behind and gives the emptied pages back", async () => {
    const gc = fullCollection();
    gc();
    const before = { used: process.memoryUsage().heapUsed, old: oldSpace() };
    // a burst: many objects, a few of which survive, scattered over every page they were made on
    let garbage: { n: number; s: string }[] | null = [];
    const survivors: { n: number; s: string }[] = [];
    for (let i = 0; i < 1_500_000; i++) {
      const row = { n: i, s: `row ${i}` };
      garbage.push(row);
      if (i % 50 === 0) survivors.push(row);
    }
    const grown = { used: process.memoryUsage().heapUsed, old: oldSpace() };
    expect(grown.used - before.used).toBeGreaterThan(40 * 1024 * 1024);
    expect(grown.old - before.old).toBeGreaterThan(40 * 1024 * 1024);
    garbage = null;
    gc();
    expect(process.memoryUsage().heapUsed - before.used).toBeLessThan((grown.used - before.used) / 4);
    // the pages are released, not only the objects: a plain full collection leaves them all
    expect(oldSpace() - before.old).toBeLessThan((grown.old - before.old) / 4);
    expect(survivors).toHaveLength(30_000);
  });
});
