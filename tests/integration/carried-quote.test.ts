/**
 * A rep's typed quote survives the portal chooser (issue 26 #8): a rep without a portal who
 * submits a quote is sent to the chooser with the quote carried along (sealed, so the URL reads
 * nothing), and after the choice the quote form shows what they typed. A tampered or stale
 * carried quote is ignored (an empty form), never an error.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import * as plansRoute from "~/routes/_store.plans";
import * as planRoute from "~/routes/_store.plan.$id.$planName";
import * as agentHomeRoute from "~/routes/_store.agent-home";
import * as homeRoute from "~/routes/_store.home";
import * as indexRoute from "~/routes/_index";
import { DEMO } from "~/.server/db/seed";
import { planId } from "~/.server/db/seed/catalog";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { signInRep } from "../support/staff";

const QUOTE = { intent: "quote", zip: "75201", dob: "04/12/1988", gender: "1", spouseDob: "", childCount: "2", smoker: "0", category: "" };

describeEachDatabase("a rep's quote carried through the portal chooser", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  async function rep() {
    const c = new TestClient(app.services);
    c.clientIp = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    return signInRep(app, c);
  }
  const carried = (location: string) => new URL(location, "http://x").searchParams.get("quote");

  it("from the plans page: the agent home's chooser keeps it, and /home's quote form shows it", async () => {
    const c = await rep();
    const sent = await c.submit(plansRoute.action, "/plans", QUOTE);
    expect(sent.location).toMatch(/^\/agent-home\?step=portal&quote=/);
    const token = carried(sent.location!)!;
    // nothing readable in the URL
    expect(token).not.toContain("75201");
    expect(token).not.toContain("1988");
    const chooser = await c.load(agentHomeRoute.loader, sent.location!);
    expect(chooser.data.quote).toBe(token);
    const chosen = await c.submit(agentHomeRoute.action, sent.location!, {
      portal: String(DEMO.portals.direct.id),
      choice: "direct",
      quote: token,
    });
    expect(chosen.location).toBe(`/home?quote=${encodeURIComponent(token)}`);
    const home = await c.load(homeRoute.loader, chosen.location!);
    expect(home.data.quote.defaults).toMatchObject({ zip: "75201", dob: "04/12/1988", gender: 1, childCount: 2, smoker: 0 });
  });

  it("on the plan page: the portal dialog keeps it and the quote dialog shows it", async () => {
    const c = await rep();
    const params = { id: String(planId("BSD-PPO-ESS")), planName: "x" };
    const canonical = (await c.load(planRoute.loader, `/plan/${params.id}/x`, params)).location!;
    const sent = await c.submit(planRoute.action, canonical, QUOTE, { params });
    expect(sent.location).toMatch(new RegExp(`^${canonical}\\?dialog=portal&quote=`));
    const token = carried(sent.location!)!;
    expect((await c.load(planRoute.loader, sent.location!, params)).data.carriedQuote).toBe(token);
    const chosen = await c.submit(
      planRoute.action,
      sent.location!,
      { intent: "portal", portal: String(DEMO.portals.direct.id), choice: "direct", quote: token },
      { params },
    );
    expect(chosen.location).toBe(`${canonical}?dialog=quote&quote=${encodeURIComponent(token)}`);
    const page = await c.load(planRoute.loader, chosen.location!, params);
    expect(page.data.quoteDefaults).toMatchObject({ zip: "75201", dob: "04/12/1988", gender: 1, childCount: 2, smoker: 0 });
  });

  it("from /: the landing's own chooser keeps it, and /home's quote form shows it", async () => {
    const c = await rep();
    const sent = await c.submit(indexRoute.action, "/", { ...QUOTE, category: "dental" });
    expect(sent.location).toMatch(/^\/\?quote=/);
    const token = carried(sent.location!)!;
    expect((await c.load(indexRoute.loader, sent.location!)).data.carriedQuote).toBe(token);
    const chosen = await c.submit(indexRoute.action, sent.location!, {
      intent: "portal",
      portal: String(DEMO.portals.direct.id),
      choice: "direct",
      quote: token,
    });
    expect(chosen.location).toBe(`/home?quote=${encodeURIComponent(token)}`);
    const home = await c.load(homeRoute.loader, chosen.location!);
    expect(home.data.quote.defaults).toMatchObject({ zip: "75201", dob: "04/12/1988", category: "dental" });
  });

  it("a tampered carried quote is ignored: the form is empty, nothing fails", async () => {
    const c = await rep();
    const sent = await c.submit(plansRoute.action, "/plans", QUOTE);
    const token = carried(sent.location!)!;
    const bad = `${token.slice(0, -4)}AAAA`;
    const chooser = await c.load(agentHomeRoute.loader, `/agent-home?step=portal&quote=${encodeURIComponent(bad)}`);
    expect(chooser.status).toBe(200);
    expect(chooser.data.quote).toBeNull();
    const chosen = await c.submit(agentHomeRoute.action, "/agent-home?step=portal", {
      portal: String(DEMO.portals.direct.id),
      choice: "direct",
      quote: bad,
    });
    expect(chosen.location).toBe("/home");
    const home = await c.load(homeRoute.loader, `/home?quote=${encodeURIComponent(bad)}`);
    expect(home.status).toBe(200);
    expect(home.data.quote.defaults).toBeNull();
  });
});
