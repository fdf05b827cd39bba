/**
 * Issue 26 #8 and #14, the words a person meets, checked on the page the server renders: the
 * tobacco dialog does not invite a blank the plan refuses; /home speaks to whoever is quoting;
 * a rep's referral page is their store, not "Welcome to Jane Carter"; the Spanish tobacco message
 * asks for the answer; Group Verification's hint speaks to an employee as an employee.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import * as homeRoute from "~/routes/_store.home";
import * as planRoute from "~/routes/_store.plan.$id.$planName";
import * as referralsRoute from "~/routes/referrals";
import * as agreementRoute from "~/routes/enrollment.agreement-signature";
import * as cartRoute from "~/routes/_store.cart";
import { DEMO } from "~/.server/db/seed";
import { planId } from "~/.server/db/seed/catalog";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { pageText, renderPage, type PageRoute } from "../support/render";
import { inWizard, markStepsDone, quotedClient } from "../support/journeys";
import en from "../../public/locales/en/common.json";
import es from "../../public/locales/es/common.json";

const route = {
  home: { path: "home", module: homeRoute },
  plan: { path: "plan/:id/:planName", module: planRoute },
  referrals: { path: "referrals", module: referralsRoute },
  agreement: { path: "enrollment/agreement-signature", module: agreementRoute },
  cart: { path: "cart", module: cartRoute },
} satisfies Record<string, PageRoute>;

describeEachDatabase("issue 26: the words on the page", (kind) => {
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

  it("the tobacco dialog asks for an answer and does not say it can be left blank (#8)", async () => {
    const c = await quotedClient(app);
    const code = DEMO.plans.smokerError;
    const first = await renderPage(c, `/plan/${planId(code)}/x?dialog=tobacco`, route.plan);
    const page = first.location
      ? await renderPage(c, first.location.includes("dialog") ? first.location : `${first.location}?dialog=tobacco`, route.plan)
      : first;
    const dialog = pageText(page.html);
    expect(dialog).toContain(en.plan.tobaccoTitle);
    expect(dialog).toContain(en.plan.tobaccoHint);
    expect(dialog).not.toContain("You can leave it blank");
    // …and a blank is refused, as the hint now says
    const refused = await c.submit(
      planRoute.action,
      `/plan/${planId(code)}/x`,
      { intent: "tobacco" },
      { params: { id: String(planId(code)), planName: "x" } },
    );
    expect(refused.status).toBe(422);
  });

  it("the Spanish tobacco message says the answer is required, not tobacco use (#8)", () => {
    expect(es.pricing.smokerError).not.toMatch(/Se requiere el consumo de tabaco/);
    expect(es.pricing.smokerError).toMatch(/^Se requiere indicar el consumo de tabaco\./);
    expect(es.pricing.smokerError).toContain("<action>");
  });

  it("/home speaks to an applicant about buying, to a rep about offering (#8)", async () => {
    const applicant = client();
    await applicant.setSession({
      eprocess: "applicant",
      openType: "agent",
      agentId: DEMO.rep.id,
      repAuthenticated: true,
      enrollType: "new-member",
    });
    const own = pageText((await renderPage(applicant, "/home", route.home)).html);
    expect(own).toContain(en.home.quoteIntroSelf);
    expect(own).not.toContain("you can offer");
    const rep = client();
    await rep.setSession({
      eprocess: "rep",
      agentId: DEMO.rep.id,
      repAuthenticated: true,
      portalId: DEMO.portals.direct.id,
      enrollType: "new-member",
    });
    expect(pageText((await renderPage(rep, "/home", route.home)).html)).toContain(en.home.quoteIntro);
  });

  it("a rep's referral page welcomes to their store, not to the rep (#8)", async () => {
    const c = client();
    const first = await renderPage(c, `/referrals?rid=${DEMO.referral.code}`, route.referrals);
    const page = first.location ? await renderPage(c, first.location, route.referrals) : first;
    expect(page.location).toBeNull();
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(page.html)?.[1] ?? "";
    expect(pageText(h1)).not.toMatch(/Welcome to Jane Carter\s*$/);
    expect(pageText(h1).trim()).toBe("Welcome to Jane Carter's benefit store");
  });

  it("Group Verification's hint: an employee enrolling themselves is not called the group administrator (#14)", async () => {
    const { client: c } = await inWizard(app, {
      session: {
        eprocess: "group",
        groupId: DEMO.group.id,
        agentId: DEMO.group.repId,
        portalId: DEMO.group.portalId,
        repAuthenticated: true,
        enrollType: "new-group-member",
      },
    });
    const id = (await c.session()).tempId!;
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    const steps = JSON.parse(e.step_list!) as string[];
    await markStepsDone(app, c, steps.slice(0, steps.indexOf("agreement_info")));
    const page = await renderPage(c, "/enrollment/agreement-signature", route.agreement);
    expect(page.location).toBeNull();
    const shown = pageText(page.html);
    expect(shown).toContain(en.agreement.groupVerification);
    expect(shown).not.toContain("As the group administrator");
    expect(shown).toContain(en.agreement.groupHintEmployee);
  });

  it("an empty cart's Cancel Enrollment opens its dialog, and Yes cancels (#8)", async () => {
    const c = await quotedClient(app);
    const empty = await renderPage(c, "/cart", route.cart);
    expect(empty.html).toContain('data-testid="cart-empty"');
    expect(empty.html).toMatch(/<a [^>]*href="\/cart\?dialog=cancel"/);
    const dialog = await renderPage(c, "/cart?dialog=cancel", route.cart);
    expect(pageText(dialog.html)).toContain(en.cart.cancelQuestion);
    expect(dialog.html).toMatch(/<input type="hidden" name="intent" value="cancel-enrollment"/);
    const res = await c.submit(cartRoute.action, "/cart", { intent: "cancel-enrollment" });
    expect(res.location).toBe("/plans");
  });
});
