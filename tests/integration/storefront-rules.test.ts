/**
 * Issue 14, "Storefront rules" (storefront.md §2 Home target and Other, §3, §4, §6): what a
 * newcomer met on the pages themselves, so most checks render the page the server sends.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as indexRoute from "~/routes/_index";
import * as homeRoute from "~/routes/_store.home";
import * as plansRoute from "~/routes/_store.plans";
import * as planRoute from "~/routes/_store.plan.$id.$planName";
import * as cartRoute from "~/routes/_store.cart";
import * as questionsRoute from "~/routes/_store.PlanQuestionView";
import * as recommendRoute from "~/routes/_store.recommend-list";
import * as notFoundRoute from "~/routes/404";
import * as catchAllRoute from "~/routes/$";
import { loader as memberStoreLoader, action as memberStoreAction } from "~/routes/member-benefit-store.$id.$tier";
import { action as accessAction } from "~/routes/access";
import { DEMO } from "~/.server/db/seed";
import { MEMBERS } from "~/.server/db/seed/identities";
import { planId } from "~/.server/db/seed/catalog";
import { memberStoreToken } from "~/.server/members/member-links";
import { L713_FEES } from "~/domain/cart-totals";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { renderPage, type PageRoute } from "../support/render";
import { addPlan, quotedClient } from "../support/journeys";

const QUOTE = {
  intent: "quote",
  zip: "75201",
  dob: "04/12/1988",
  gender: "0",
  spouseDob: "",
  childCount: "0",
  smoker: "",
  category: "dental",
};

const route = {
  index: { path: "", module: indexRoute },
  home: { path: "home", module: homeRoute },
  plans: { path: "plans", module: plansRoute },
  plan: { path: "plan/:id/:planName", module: planRoute },
  cart: { path: "cart", module: cartRoute },
  questions: { path: "PlanQuestionView", module: questionsRoute },
  recommend: { path: "recommend-list", module: recommendRoute },
  notFound: { path: "404", module: notFoundRoute },
  catchAll: { path: "*", module: catchAllRoute },
} satisfies Record<string, PageRoute>;
/** The mock-up page (storefront §2 Other), loaded when a test needs it. */
const cancerRoute = async (): Promise<PageRoute> => ({
  path: "cancer-insurance-questions",
  module: await import("~/routes/cancer-insurance-questions"),
});

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');
/** The visible text of some HTML, tags dropped. */
const text = (html: string) => decode(html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));
/** Where the breadcrumb's first link (Home) leads. */
const breadcrumbHome = (html: string) => {
  const nav = /<nav class="breadcrumb"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
  const first = /<li>\s*<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/.exec(nav);
  return first ? { href: decode(first[1]), label: first[2] } : null;
};
const linkTo = (html: string, label: string) => {
  const m = new RegExp(`<a [^>]*href="([^"]*)"[^>]*>\\s*${label.replace(/[+()]/g, "\\$&")}\\s*</a>`).exec(html);
  return m ? decode(m[1]) : null;
};
const section = (html: string, testId: string) => {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start < 0) return "";
  const open = html.lastIndexOf("<", start);
  const tag = /^<(\w+)/.exec(html.slice(open))![1];
  const end = html.indexOf(`</${tag}>`, start);
  return html.slice(open, end + tag.length + 3);
};
/** The tier labels of a rendered page's price rows (the <dt>s of the plan cards' price lists). */
const priceRowLabels = (html: string) => [...html.matchAll(/<div class="[^"]*"><dt>([^<]+)<\/dt><dd>/g)].map((m) => decode(m[1]));

describeEachDatabase("storefront rules (issue 14)", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  const client = () => {
    const c = new TestClient(app.services);
    c.clientIp = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    return c;
  };
  const enrollmentCount = async () =>
    Number(
      (
        await app.store.db
          .selectFrom("enrollments")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const planPath = (code: string) => `/plan/${planId(code)}/x`;
  /** The plan page at its canonical address. */
  async function renderPlan(c: TestClient, code: string, search = "") {
    const first = await renderPage(c, planPath(code) + search, route.plan);
    return first.location ? renderPage(c, first.location, route.plan) : first;
  }

  // ---- §2 Home target: every 'home' link follows the rule (app/domain/home-target.ts)
  it("a rep's breadcrumb Home on plans, plan detail, cart, PlanQuestionView and recommend-list, and the 404 page's Back to Homepage, lead to /agent-home", async () => {
    const c = await quotedClient(app, {
      session: {
        eprocess: "rep",
        agentId: DEMO.rep.id,
        repAuthenticated: true,
        portalId: DEMO.portals.direct.id,
        enrollType: "new-member",
      },
      category: "critical_illness",
    });
    await addPlan(c, "BSD-PPO-ESS");
    const pages = [
      await renderPage(c, "/plans", route.plans),
      await renderPlan(c, "BSD-PPO-ESS"),
      await renderPage(c, "/cart", route.cart),
      await renderPage(c, `/PlanQuestionView?planId=${planId(DEMO.plans.enrollQuestions)}`, route.questions),
      await renderPage(c, "/recommend-list?name=cart", route.recommend),
    ];
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(breadcrumbHome(page.html)).toEqual({ href: "/agent-home", label: "Home" });
    }
    for (const page of [await renderPage(c, "/404", route.notFound), await renderPage(c, "/no/such/page", route.catchAll)]) {
      expect(page.status).toBe(404);
      expect(text(page.html)).toContain("OOPS! Page not found");
      expect(linkTo(page.html, "Back to Homepage")).toBe("/agent-home");
    }
  });

  it("a referred visitor's home links lead back to their referral page; an applicant from a landing goes to /", async () => {
    const referred = await quotedClient(app, {
      session: {
        eprocess: "applicant",
        referral: DEMO.referral.code,
        referralValid: true,
        repAuthenticated: true,
        agentId: DEMO.rep.id,
        portalId: 1,
      },
    });
    expect(breadcrumbHome((await renderPage(referred, "/plans", route.plans)).html)?.href).toBe(`/referrals?rid=${DEMO.referral.code}`);
    expect(linkTo((await renderPage(referred, "/no/such/page", route.catchAll)).html, "Back to Homepage")).toBe(
      `/referrals?rid=${DEMO.referral.code}`,
    );
    const landed = await quotedClient(app, {
      session: { eprocess: "applicant", openType: "agent", agentId: DEMO.rep.id, repAuthenticated: true, enrollType: "new-member" },
    });
    expect(breadcrumbHome((await renderPage(landed, "/plans", route.plans)).html)?.href).toBe("/");
  });

  // ---- §4 Quote start: a rep's quote goes through the portal chooser
  it("a rep without a portal quoting from / is shown the portal chooser, and a quote posted anyway creates nothing", async () => {
    const c = client();
    await c.setSession({ eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true });
    const page = await renderPage(c, "/", route.index);
    expect(page.status).toBe(200);
    expect(page.html).toContain('name="portal"');
    expect(text(page.html)).toContain("Direct to Consumer (DIRECT)");
    expect(text(page.html)).toContain("Start Direct Enrollment");
    expect(page.html).not.toContain('name="zip"');
    // Senior Market is not one of this rep's portals
    expect(text(page.html)).not.toContain("Senior Market");

    const before = await enrollmentCount();
    const res = await c.submit(indexRoute.action, "/", QUOTE);
    expect(res.status).toBe(302);
    // back to the chooser, what the rep typed carried along, sealed (issue 26 #8)
    expect(res.location).toMatch(/^\/\?quote=[^&]+$/);
    expect((await c.session()).tempId).toBeUndefined();
    expect(await enrollmentCount()).toBe(before);
  });

  it("the rep chooses a portal on / (direct or one of their groups), then quotes: the enrollment has the portal", async () => {
    const c = client();
    await c.setSession({ eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true });
    const tampered = await c.submit(indexRoute.action, "/", { intent: "portal", portal: String(DEMO.portals.senior.id), choice: "direct" });
    expect(tampered.status).toBe(422);
    expect(tampered.data.fieldErrors.portal).toBe("validation.choosePlatform");
    const noGroup = await c.submit(indexRoute.action, "/", {
      intent: "portal",
      portal: String(DEMO.portals.employer.id),
      choice: "group",
      group: "",
    });
    expect(noGroup.data.fieldErrors.group).toBe("validation.chooseGroup");

    const chosen = await c.submit(indexRoute.action, "/", { intent: "portal", portal: String(DEMO.portals.direct.id), choice: "direct" });
    expect(chosen.location).toBe("/home");
    expect(await c.session()).toMatchObject({ eprocess: "rep", portalId: DEMO.portals.direct.id, enrollType: "new-member" });
    const quoted = await c.submit(homeRoute.action, "/home", QUOTE);
    expect(quoted.location).toBe("/plans?type=dental");
    const id = (await c.session()).tempId!;
    expect(
      await app.store.db
        .selectFrom("enrollments")
        .select(["portal_id", "eprocess", "agent_id", "enroll_type"])
        .where("id", "=", id)
        .executeTakeFirst(),
    ).toEqual({
      portal_id: DEMO.portals.direct.id,
      eprocess: "rep",
      agent_id: DEMO.rep.id,
      enroll_type: "new-member",
    });

    const g = client();
    await g.setSession({ eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true });
    const group = await g.submit(indexRoute.action, "/", {
      intent: "portal",
      portal: String(DEMO.portals.employer.id),
      choice: "group",
      group: String(DEMO.group.id),
    });
    expect(group.location).toBe("/home");
    expect(await g.session()).toMatchObject({ portalId: DEMO.portals.employer.id, groupId: DEMO.group.id, enrollType: "new-group-member" });
  });

  it("a rep's quote without a portal is refused everywhere a quote is taken: the plan page opens its portal dialog, other pages the agent home's chooser", async () => {
    const c = client();
    await c.setSession({ eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true });
    const before = await enrollmentCount();
    const canonical = (await c.load(planRoute.loader, planPath("BSD-PPO-ESS"), { id: String(planId("BSD-PPO-ESS")), planName: "x" }))
      .location!;
    const onPlan = await c.submit(
      planRoute.action,
      canonical,
      { ...QUOTE, category: "" },
      { params: { id: String(planId("BSD-PPO-ESS")), planName: "x" } },
    );
    // what the rep typed goes along, sealed (issue 26 #8; carried-quote.test.ts)
    expect(onPlan.location).toMatch(new RegExp(`^${canonical}\\?dialog=portal&quote=[^&]+$`));
    const onPlans = await c.submit(plansRoute.action, "/plans", { ...QUOTE, category: "" });
    expect(onPlans.location).toMatch(/^\/agent-home\?step=portal&quote=[^&]+$/);
    expect(await enrollmentCount()).toBe(before);
    expect((await c.session()).tempId).toBeUndefined();
  });

  // ---- §3 Tier labels
  it("price rows call IS 'Single + Spouse'; with a premier plan in the cart IC is 'Member + 1 Child' (in both languages)", async () => {
    const c = await quotedClient(app, { childCount: "2", category: "hospital" });
    const before = await renderPage(c, "/plans?type=hospital", route.plans);
    const rows = priceRowLabels(before.html);
    expect(rows).toContain("Single + Spouse");
    expect(rows).toContain("Member + Children");
    expect(rows).not.toContain("Member + Spouse");
    expect(text(section(before.html, "filter-bar"))).toContain("Member + Children");

    await addPlan(c, "HPI-PREMIER-HOSPITAL");
    const after = await renderPage(c, "/plans?type=hospital", route.plans);
    expect(priceRowLabels(after.html)).toContain("Member + 1 Child");
    expect(priceRowLabels(after.html)).not.toContain("Member + Children");
    expect(text(section(after.html, "filter-bar"))).toContain("Member + 1 Child");
    const listing = await c.load(plansRoute.loader, "/plans?type=hospital");
    expect(listing.data.filter.tierLabelKey).toBe("tiers.ICPremier");

    const es = await renderPage(c, "/plans?type=hospital&lng=es", route.plans);
    expect(priceRowLabels(es.html)).toEqual(expect.arrayContaining(["Miembro + 1 hijo", "Individual + cónyuge"]));
    expect(text(section(es.html, "filter-bar"))).toContain("Miembro + 1 hijo");
  });

  // ---- Seed: the member benefit store can be tried
  it("demo members belong to group 1929, and the link the README names opens their member benefit store", async () => {
    const inStore = MEMBERS.filter((m) => m.group_id === DEMO.memberBenefitStoreGroupId);
    expect(inStore.length).toBeGreaterThanOrEqual(2);
    expect(DEMO.members.ids.memberBenefitStore).toEqual(inStore.map((m) => m.id));
    for (const m of inStore) {
      const c = client();
      const token = memberStoreToken(app.services.cipher, m.id, new Date(Date.now() + 86400_000));
      const res = await c.load(memberStoreLoader, `/member-benefit-store/${token}/IO`, { id: token, tier: "IO" });
      expect(res.status, `member ${m.id}`).toBe(200);
      expect(res.data, `member ${m.id}`).toMatchObject({ state: "start" });
      expect(
        (await c.submit(memberStoreAction, `/member-benefit-store/${token}/IO`, { intent: "start" }, { params: { id: token, tier: "IO" } }))
          .location,
      ).toBe("/plans");
      expect(await c.session()).toMatchObject({ memberId: m.id, groupId: DEMO.memberBenefitStoreGroupId, enrollType: "existing-member" });
    }
    const readme = fs.readFileSync(path.resolve(__dirname, "../../README.md"), "utf8");
    const named = [...readme.matchAll(/scripts\/member-store-link\.ts (\d+) (IO|IS|IC|IF)/g)].map((m) => Number(m[1]));
    expect(named.length).toBeGreaterThan(0);
    for (const id of named) expect(inStore.map((m) => m.id)).toContain(id);
  });

  // ---- The L713 billing fee is charged once
  it("the union plan's first month is its monthly price: no billing fee on top", async () => {
    const c = await quotedClient(app, { category: "medical" });
    await addPlan(c, DEMO.plans.l713);
    const { cart } = (await c.load(cartRoute.loader, "/cart")).data;
    const line = cart.lines.find((l: { planId: number }) => l.planId === planId(DEMO.plans.l713));
    expect(line.oneTimeFeeCents).toBe(0);
    expect(cart.totals).toEqual({ recurringMonthCents: line.priceCents, oneTimeFeesCents: 0, initialMonthCents: line.priceCents });
    // the carrier's amounts (and the marketer fee within its range) make up that price
    const fixed =
      L713_FEES.unionDues + L713_FEES.annuityFund + L713_FEES.billingFees + L713_FEES.associationDues.IO + cart.l713.netPriceCents;
    expect(line.priceCents - fixed).toBeGreaterThanOrEqual(L713_FEES.marketerFeesFrom);
    expect(line.priceCents - fixed).toBeLessThanOrEqual(L713_FEES.marketerFeesTo);
    const page = await renderPage(c, "/cart", route.cart);
    expect(text(page.html)).not.toMatch(/one-time/i);
  });

  // ---- §3 Gender 2 ("others") on the plan page
  it("the plan page's quote offers Others (2); the landing keeps Male and Female", async () => {
    const c = client();
    await c.setSession({ eprocess: "applicant", enrollType: "new-member", repAuthenticated: true });
    const plan = await renderPlan(c, DEMO.plans.termLife20, "?dialog=quote");
    expect(plan.html).toMatch(/<input[^>]*name="gender"[^>]*value="2"/);
    expect(text(plan.html)).toMatch(/Male Female Others/);
    const es = await renderPlan(c, DEMO.plans.termLife20, "?dialog=quote&lng=es");
    expect(text(es.html)).toMatch(/Masculino Femenino Otros/);
    const landing = await renderPage(c, "/", route.index);
    expect(landing.html).toContain('name="gender"');
    expect(landing.html).not.toMatch(/<input[^>]*name="gender"[^>]*value="2"/);

    const refused = await c.submit(indexRoute.action, "/", { ...QUOTE, gender: "2" });
    expect(refused.status).toBe(422);
    expect(refused.data.fieldErrors.gender).toBe("validation.required");
    expect((await c.session()).tempId).toBeUndefined();
  });

  it("a quote with gender Others is saved, priced (the higher of the two rates where a plan is rated by gender) and shown", async () => {
    const c = client();
    await c.setSession({ eprocess: "applicant", enrollType: "new-member", repAuthenticated: true });
    const code = DEMO.plans.termLife20;
    const params = { id: String(planId(code)), planName: "x" };
    const canonical = (await c.load(planRoute.loader, planPath(code), params)).location!;
    const res = await c.submit(planRoute.action, canonical, { ...QUOTE, category: "", gender: "2" }, { params });
    expect(res.location).toBe(canonical);
    const id = (await c.session()).tempId!;
    expect((await app.store.db.selectFrom("enrollments").select("gender").where("id", "=", id).executeTakeFirstOrThrow()).gender).toBe(2);
    const page = await c.load(planRoute.loader, canonical, params);
    expect(page.data.pricing.ok).toBe(true);
    const priceFor = async (gender: string) => {
      const other = client();
      await other.setSession({ eprocess: "applicant", enrollType: "new-member", repAuthenticated: true });
      await other.submit(planRoute.action, canonical, { ...QUOTE, category: "", gender }, { params });
      return (await other.load(planRoute.loader, canonical, params)).data.pricing.entries[0].priceCents as number;
    };
    const [male, female] = [await priceFor("0"), await priceFor("1")];
    expect(male).not.toBe(female); // term life is rated by gender
    expect(page.data.pricing.entries[0].priceCents).toBe(Math.max(male, female));
    const rendered = await renderPage(c, canonical, route.plan);
    expect(text(section(rendered.html, "filter-bar"))).toContain("Others");
    // the Basic Details edit keeps Others on the plans listing too
    const listing = await renderPage(c, "/plans?dialog=basic", route.plans);
    expect(/<input id="basic-details-gender-2"[^>]*checked=""[^>]*value="2"/.test(listing.html)).toBe(true);
    expect((await c.submit(plansRoute.action, "/plans", { ...QUOTE, category: "", gender: "2", zip: "10001" })).status).toBe(302);
  });

  // ---- The group banner in group "View Plans" mode
  it("a group admin viewing plans sees the group with its code on the plan screens", async () => {
    const c = client();
    await c.submit(accessAction, "/access", { intent: "group-code", code: DEMO.group.code, purpose: "view-plans" });
    expect((await c.submit(accessAction, "/access", { intent: "confirm-group", purpose: "view-plans" })).location).toBe("/plans");
    const plans = await renderPage(c, "/plans", route.plans);
    expect(text(section(plans.html, "selection-banner"))).toContain(`Group: ${DEMO.group.companyName} (${DEMO.group.code})`);
    const plan = await renderPlan(c, "BSD-PPO-ESS");
    expect(text(section(plan.html, "selection-banner"))).toContain(`Group: ${DEMO.group.companyName} (${DEMO.group.code})`);
    const es = await renderPage(c, "/plans?lng=es", route.plans);
    expect(text(section(es.html, "selection-banner"))).toContain(`Grupo: ${DEMO.group.companyName} (${DEMO.group.code})`);
  });

  // ---- The group dashboard footer link
  it("the footer links to the group dashboard, in both languages", async () => {
    const c = client();
    const en = await renderPage(c, "/no/such/page", route.catchAll);
    expect(linkTo(en.html, "Group Dashboard")).toBe("https://portal.benefitstore.example/groups/dashboard");
    expect(linkTo(en.html, "Group Registration")).toBe("https://portal.benefitstore.example/groups/register");
    const es = await renderPage(c, "/no/such/page?lng=es", route.catchAll);
    expect(linkTo(es.html, "Panel del grupo")).toBe("https://portal.benefitstore.example/groups/dashboard");
    const whiteLabel = new TestClient(app.services, DEMO.hosts.whiteLabel);
    expect(linkTo((await renderPage(whiteLabel, "/no/such/page", route.catchAll)).html, "Group Dashboard")).toBe(
      "https://portal.elevatebenefits.example/groups/dashboard",
    );
  });

  // ---- §2 Other: the static cancer-insurance question mock-up
  it("the cancer-insurance question mock-up shows yes/no questions and repeatable treatment blocks, and submits nothing", async () => {
    const c = client();
    const cancer = await cancerRoute();
    const page = await renderPage(c, "/cancer-insurance-questions", cancer);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<h1[^>]*>Cancer insurance medical questions<\/h1>/);
    expect(text(page.html)).toContain("Nothing you enter on this page is sent or saved");
    const questions = [...page.html.matchAll(/<fieldset[^>]*data-testid="cancer-question"/g)];
    expect(questions.length).toBeGreaterThanOrEqual(4);
    for (const q of page.html.match(/<fieldset[^>]*data-testid="cancer-question"[\s\S]*?<\/fieldset>/g)!) {
      expect(text(q)).toMatch(/Yes .*No/);
      expect(q.match(/type="radio"/g)).toHaveLength(2);
    }
    expect(page.html.match(/data-testid="treatment"/g)).toHaveLength(1);
    expect(linkTo(page.html, "Add another treatment")).toBe("/cancer-insurance-questions?treatments=2#treatment-2");
    // nothing can be submitted: no form and no submit button on the page's content
    const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(page.html)![1];
    expect(main).not.toMatch(/<form|type="submit"/);

    const three = await renderPage(c, "/cancer-insurance-questions?treatments=3", cancer);
    expect(three.html.match(/data-testid="treatment"/g)).toHaveLength(3);
    expect(three.html).toContain('id="treatment-3"');
    expect(linkTo(three.html, "Remove the last treatment")).toBe("/cancer-insurance-questions?treatments=2#treatment-2");
    // ids stay unique and every field has its label
    const ids = [...three.html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    const threeMain = /<main[^>]*>([\s\S]*)<\/main>/.exec(three.html)![1];
    const controls = threeMain.match(/<(?:input|select|textarea)\b[^>]*>/g)!;
    expect(controls.length).toBeGreaterThan(3 * 5);
    for (const control of controls) {
      const id = / id="([^"]+)"/.exec(control)?.[1];
      expect(id, control).toBeTruthy();
      expect(threeMain, id).toContain(`for="${id}"`);
    }
    // nonsense counts are clamped
    expect((await renderPage(c, "/cancer-insurance-questions?treatments=999", cancer)).html.match(/data-testid="treatment"/g)).toHaveLength(
      10,
    );
    expect((await renderPage(c, "/cancer-insurance-questions?treatments=abc", cancer)).html.match(/data-testid="treatment"/g)).toHaveLength(
      1,
    );
    const es = await renderPage(c, "/cancer-insurance-questions?lng=es", cancer);
    expect(es.html).toMatch(/<h1[^>]*>Preguntas médicas del seguro contra el cáncer<\/h1>/);
    expect(text(es.html)).toMatch(/Sí .*No/);
  });
});
