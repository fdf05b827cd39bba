import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/support/db";
import { openSecondStore } from "../../../tests/support/instances";
import type { Store } from "../db/connection";
import { MAX_WINDOW_MS, clearLimit, hitLimit, peekLimit, pruneLimits, releaseLimit, takeLimit } from "./rate-limit";

describeEachDatabase("rate limits in the database", (kind) => {
  let t: TestDatabase;
  let other: Store;
  beforeAll(async () => {
    t = await createTestDatabase(kind, { seed: false });
    other = openSecondStore(t);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });
  const limit = { max: 3, windowMs: 60_000 };

  it("counts within a window and limits at the maximum", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    expect((await hitLimit(t.store.db, "k1", limit, now)).limited).toBe(false);
    expect((await hitLimit(t.store.db, "k1", limit, now)).count).toBe(2);
    const third = await hitLimit(t.store.db, "k1", limit, now);
    expect(third.limited).toBe(true);
    expect((await peekLimit(t.store.db, "k1", limit, new Date(now.getTime() + 59_000))).limited).toBe(true);
  });

  it("starts afresh when the window has passed", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const later = new Date(now.getTime() + 60_000);
    expect((await peekLimit(t.store.db, "k1", limit, later)).count).toBe(0);
    expect((await hitLimit(t.store.db, "k1", limit, later)).count).toBe(1);
  });

  it("keeps keys apart and can be cleared", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    await hitLimit(t.store.db, "k2", limit, now);
    expect((await peekLimit(t.store.db, "k3", limit, now)).count).toBe(0);
    await clearLimit(t.store.db, "k2");
    expect((await peekLimit(t.store.db, "k2", limit, now)).count).toBe(0);
  });

  it("takes at most the maximum, counts nothing past it, and starts a new window when the old one ended", async () => {
    const now = new Date("2026-02-01T00:00:00Z");
    const takes = [];
    for (let i = 0; i < 5; i++) takes.push(await takeLimit(t.store.db, "t1", limit, now));
    expect(takes.map((x) => x.allowed)).toEqual([true, true, true, false, false]);
    expect(takes.map((x) => x.count)).toEqual([1, 2, 3, 3, 3]);
    expect(takes[4].resetAt).toEqual(new Date(now.getTime() + 60_000));
    expect((await peekLimit(t.store.db, "t1", limit, now)).count).toBe(3);
    const next = await takeLimit(t.store.db, "t1", limit, new Date(now.getTime() + 60_000));
    expect(next).toMatchObject({ allowed: true, count: 1, resetAt: new Date(now.getTime() + 120_000) });
  });

  it("hands back an attempt in its own window only", async () => {
    const now = new Date("2026-02-01T00:00:00Z");
    const first = await takeLimit(t.store.db, "t2", limit, now);
    await takeLimit(t.store.db, "t2", limit, now);
    await releaseLimit(t.store.db, "t2", first);
    expect((await peekLimit(t.store.db, "t2", limit, now)).count).toBe(1);
    // a new window has begun: the old attempt is not taken off it
    const later = new Date(now.getTime() + 60_000);
    await takeLimit(t.store.db, "t2", limit, later);
    await releaseLimit(t.store.db, "t2", first);
    expect((await peekLimit(t.store.db, "t2", limit, later)).count).toBe(1);
  });

  it("200 attempts at once from two instances: exactly the maximum goes ahead", async () => {
    const now = new Date("2026-03-01T00:00:00Z");
    const ten = { max: 10, windowMs: 60_000 };
    const dbs = [t.store.db, other.db];
    const takes = await Promise.all(Array.from({ length: 200 }, (_, i) => takeLimit(dbs[i % 2], "burst", ten, now)));
    expect(takes.filter((x) => x.allowed)).toHaveLength(10);
    expect(
      takes
        .filter((x) => x.allowed)
        .map((x) => x.count)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await peekLimit(t.store.db, "burst", ten, now)).count).toBe(10);
    // half handed back at once: exactly that many more go ahead
    await Promise.all(
      takes
        .filter((x) => x.allowed)
        .slice(0, 5)
        .map((x, i) => releaseLimit(dbs[i % 2], "burst", x)),
    );
    const again = await Promise.all(Array.from({ length: 50 }, (_, i) => takeLimit(dbs[i % 2], "burst", ten, now)));
    expect(again.filter((x) => x.allowed)).toHaveLength(5);
  });

  it("prunes windows that have ended", async () => {
    const now = new Date("2026-04-01T00:00:00Z");
    await takeLimit(t.store.db, "old", limit, new Date(now.getTime() - MAX_WINDOW_MS - 1));
    await takeLimit(t.store.db, "recent", limit, new Date(now.getTime() - 1000));
    expect(await pruneLimits(t.store.db, now)).toBeGreaterThanOrEqual(1);
    const keys = (await t.store.db.selectFrom("rate_limits").select("key").execute()).map((r) => r.key);
    expect(keys).not.toContain("old");
    expect(keys).toContain("recent");
  });

  it("refuses a window longer than pruning keeps", async () => {
    await expect(takeLimit(t.store.db, "long", { max: 1, windowMs: MAX_WINDOW_MS + 1 }, new Date())).rejects.toThrow(/window/);
  });
});
