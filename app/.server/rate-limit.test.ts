import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../tests/support/db";
import { clearLimit, hitLimit, peekLimit } from "./rate-limit";

describeEachDatabase("rate limits in the database", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind, { seed: false });
  });
  afterAll(() => t.close());
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
});
