/**
 * Statements per request (issue 17): a /plans page for a quoted visitor with a cart and a
 * wizard round trip (POST personal-info → GET contact-info) run a known number of statements,
 * none of them twice. A new query on these paths fails here: raise the budget knowingly.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { loader as storeLoader } from "~/routes/_store";
import { loader as plansLoader } from "~/routes/_store.plans";
import { loader as frameLoader } from "~/routes/enrollment";
import { action as personalAction } from "~/routes/enrollment.personal-info";
import { loader as contactLoader } from "~/routes/enrollment.contact-info";
import { plansPageInputs } from "~/.server/store/plans-page";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { addPlan, inWizard, quotedClient } from "../support/journeys";

const PERSONAL = {
  intent: "next",
  first_name: "Ana",
  last_name: "Carter-Lee",
  height_feet: "5",
  height_inch: "6",
  weight: "140",
  marital_status: "1",
  ssn: "123-45-6789",
  prior_coverage_flag: "0",
};

describeEachDatabase("statements per request", (kind) => {
  let app: TestApp;
  let log: string[] | null = null;
  beforeAll(async () => {
    app = await createTestApp(kind, { onQuery: (sql) => log?.push(sql) });
  });
  afterAll(() => app.close());

  async function counted<T>(run: () => Promise<T>) {
    log = [];
    const result = await run();
    const statements = log;
    log = null;
    return { result, statements };
  }
  const duplicates = (statements: string[]) => statements.filter((s, i) => statements.indexOf(s) !== i);

  it("/plans for a quoted visitor with a cart", async () => {
    const c = await quotedClient(app, { session: { repAuthenticated: true } });
    await addPlan(c, "BSD-PPO-ESS");
    await c.document([rootLoader, storeLoader, plansLoader], "/plans"); // catalog and caches warm, as on a running server
    const { result, statements } = await counted(() => c.document([rootLoader, storeLoader, plansLoader], "/plans"));
    expect(result.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(duplicates(statements)).toEqual([]);
    // session and CSRF live in cookies; site, catalog and configuration are cached per server
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(9);
  });

  it("a cached /plans page's key for a quoted visitor with a cart: one statement", async () => {
    const c = await quotedClient(app);
    await addPlan(c, "BSD-PPO-ESS");
    await c.load(rootLoader, "/cart"); // shows (and so spends) the "added" flash: a page with a flash is never cached
    await plansPageInputs(app.services, c.request("/plans")); // catalog and sites warm, as on a running server
    const { result, statements } = await counted(() => plansPageInputs(app.services, c.request("/plans")));
    expect(result?.key).toMatch(/^[\w-]{43}$/);
    expect(statements.length, statements.join("\n")).toBe(1);
  });

  it("a wizard round trip: POST personal-info, then GET contact-info", async () => {
    const { client } = await inWizard(app);
    const { result: posted, statements: post } = await counted(() => client.submit(personalAction, "/enrollment/personal-info", PERSONAL));
    expect(posted.location).toBe("/enrollment/contact-info");
    const { result, statements: get } = await counted(() =>
      client.document([rootLoader, frameLoader, contactLoader], "/enrollment/contact-info"),
    );
    expect(result.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(duplicates(get)).toEqual([]);
    expect(get.length, get.join("\n")).toBeLessThanOrEqual(2);
    expect(
      duplicates(
        post.slice(
          0,
          post.findIndex((s) => !/^\s*select/i.test(s)),
        ),
      ),
    ).toEqual([]);
    expect(post.length, post.join("\n")).toBeLessThanOrEqual(3);
  });
});
