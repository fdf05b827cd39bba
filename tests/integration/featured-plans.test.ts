/**
 * Issue 26 #8: the landing's featured plans are plans the visitor can buy. An over-65 shopper was
 * shown featured plans for ages up to 60 (audience "all"), which the store then refuses; a quoted
 * visitor is shown only featured plans their quote lists.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import * as indexRoute from "~/routes/_index";
import { catalogToday } from "~/.server/store/shopping";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { renderPage, type PageRoute } from "../support/render";

const route = { path: "", module: indexRoute } satisfies PageRoute;

/** the plan ids of the featured section's links */
function featuredIds(html: string): number[] {
  const section = html.match(/<section aria-labelledby="featured-title">([\s\S]*?)<\/section>/)?.[1] ?? "";
  return [...new Set([...section.matchAll(/href="\/plan\/(\d+)\//g)].map((m) => Number(m[1])))];
}

describeEachDatabase("featured plans are plans the visitor can buy", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  it("an under-65 visitor sees featured plans, some of them for adults only up to 60", async () => {
    const c = new TestClient(app.services);
    const ids = featuredIds((await renderPage(c, "/", route)).html);
    expect(ids.length).toBeGreaterThan(0);
    const catalog = await catalogToday(app.services);
    expect(ids.some((id) => (catalog.plans.get(id)?.age_max ?? 100) < 65)).toBe(true);
  });

  it("an over-65 shopper sees no featured plan whose ages stop before 65", async () => {
    const c = new TestClient(app.services);
    await c.setSession({ over65: true });
    const ids = featuredIds((await renderPage(c, "/", route)).html);
    const catalog = await catalogToday(app.services);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(catalog.plans.get(id)?.age_max, `plan ${id}`).toBeGreaterThanOrEqual(65);
  });
});
