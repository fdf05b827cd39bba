/**
 * The step registry (issue 25): one module per wizard step, and every consumer — the review
 * tiles, Complete's re-check, the enrollment record, the history page — reads a step from it.
 * The type-level half proves that a step left out of the registry, a step missing a member, or
 * a step's saved data left undeclared does not compile (`tsc --noEmit` checks the
 * `@ts-expect-error` lines: were the registry loose, they would be unused and fail). The
 * runtime half proves, for each tab, that each consumer's output is the registry's.
 */
import { afterAll, afterEach, beforeAll, expect, expectTypeOf, it, vi } from "vitest";
import en from "../../public/locales/en/common.json";
import es from "../../public/locales/es/common.json";
import { STEPS, type StepDefinition, type StepInput, type StepRegistry } from "~/.server/wizard/registry";
import type { PagedTab } from "~/.server/wizard/step-route";
import { json } from "~/.server/platform/loader-json";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { StepData, StepSecret } from "~/.server/wizard/step-data";
import type { PersonalData, PersonalSecret } from "~/.server/wizard/registry/personal";
import type { BillingStepData } from "~/.server/wizard/registry/billing";
import { readStep, type WizardContext } from "~/.server/wizard/steps";
import { summarize } from "~/.server/wizard/review-summary";
import { enrollmentProblems } from "~/.server/wizard/verify";
import { enrollmentRecord } from "~/.server/wizard/enrollment-record";
import { enrollmentHistory } from "~/.server/members/enrollment-history";
import { TAB_NAMES, TAB_SCREENS, type TabName } from "~/domain/wizard-steps";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { inWizard, markStepsDone } from "../support/journeys";
import { validStepPayloads, type StepPayloads } from "../support/step-payloads";

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;
type Action = (args: ActionFunctionArgs) => Promise<unknown>;

// ---------------------------------------------------------------- type level (checked by tsc)

// A registry without one step does not compile.
const { billing_info: _billing, ...withoutBilling } = STEPS;
// @ts-expect-error billing_info is missing
const missingStep: StepRegistry = withoutBilling;
// A step without what Complete re-checks does not compile.
const { recheck: _recheck, ...withoutRecheck } = STEPS.contact_info;
// @ts-expect-error recheck is missing
const missingMember: StepDefinition<"contact_info"> = withoutRecheck;
// Nor one without its review rows (what the review shows and the record prints; issue 26 #10).
const { reviewRows: _reviewRows, ...withoutReviewRows } = STEPS.primary_health_info;
// @ts-expect-error reviewRows is missing
const missingRows: StepDefinition<"primary_health_info"> = withoutReviewRows;
// Nor one filed under another tab's name.
// @ts-expect-error the contact step is not the personal step
const wrongTab: StepDefinition<"primary_info"> = STEPS.contact_info;
void [missingStep, missingMember, missingRows, wrongTab];

it("types each step's saved data once, for every tab and only those", () => {
  expectTypeOf<keyof StepData>().toEqualTypeOf<TabName>();
  expectTypeOf<keyof StepSecret>().toEqualTypeOf<TabName>();
  expectTypeOf<keyof typeof STEPS>().toEqualTypeOf<TabName>();
  expectTypeOf<keyof StepPayloads>().toEqualTypeOf<TabName>();
  // what a step saves is the shape its registry module declares (step-data.ts declares none)
  expectTypeOf<StepData["primary_info"]>().toEqualTypeOf<PersonalData>();
  expectTypeOf<StepSecret["primary_info"]>().toEqualTypeOf<PersonalSecret>();
  expectTypeOf<StepData["billing_info"]>().toEqualTypeOf<BillingStepData>();
  // readStep takes its type from the tab, not from its caller
  type Read<K extends TabName> = NonNullable<Awaited<ReturnType<typeof readStep<K>>>>;
  expectTypeOf<Read<"primary_info">["data"]>().toEqualTypeOf<Partial<StepData["primary_info"]>>();
  expectTypeOf<Read<"primary_info">["secret"]>().toEqualTypeOf<Partial<StepSecret["primary_info"]>>();
  expectTypeOf<Read<"contact_info">["data"]["zip"]>().toEqualTypeOf<string | undefined>();
});

// ---------------------------------------------------------------- runtime

const lookup = (dict: unknown, key: string) =>
  key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), dict);

it("declares every tab, under its own name, with its page and its labels in both languages", () => {
  expect(Object.keys(STEPS).sort()).toEqual([...TAB_NAMES].sort());
  for (const tab of TAB_NAMES) {
    const step = STEPS[tab];
    expect(step.tab).toBe(tab);
    expect(step.screen).toBe(TAB_SCREENS[tab]);
    for (const key of [step.titleKey, step.historyLabelKey]) {
      expect(typeof lookup(en, key), `${tab}: ${key} (en)`).toBe("string");
      expect(typeof lookup(es, key), `${tab}: ${key} (es)`).toBe("string");
    }
  }
});

describeEachDatabase("every consumer reads each step from the registry", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());
  afterEach(() => vi.restoreAllMocks());

  async function atReview() {
    const { client } = await inWizard(app);
    const id = (await client.session()).tempId!;
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    await markStepsDone(
      app,
      client,
      (JSON.parse(e.step_list!) as string[]).filter((s) => s !== "review_info"),
    );
    const enrollment = await app.store.db.selectFrom("enrollments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    return { client, id, enrollment };
  }

  const stepListOf = async (id: number) =>
    JSON.parse(
      (await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow()).step_list!,
    ) as string[];

  it("the review rows of each tab are its step's", async () => {
    const { enrollment } = await atReview();
    const ctx = {
      enrollment,
      locale: "en",
      planIds: [],
      state: { steps: [...TAB_NAMES], completed: new Set(TAB_NAMES) },
    } as unknown as WizardContext;
    const t = (key: string) => `t:${key}`;
    for (const tab of TAB_NAMES) {
      vi.spyOn(STEPS[tab], "reviewRows").mockResolvedValue([
        { title: null, lines: [{ label: STEPS[tab].titleKey, value: `row of ${tab}`, change: null }] },
      ]);
      expect(await summarize(app.services, ctx, t, tab)).toEqual([
        { title: null, lines: [{ label: `wizard.tabs.${tab}`, value: `row of ${tab}`, change: null }] },
      ]);
    }
  });

  it("each step's page is its module's: the route's loader and action call the step's page and action", async () => {
    // between them, every tab: health, beneficiaries and dependents; the employer (an IHA plan)
    const journeys = [
      { category: "medical", spouseDob: "05/05/1985", childCount: "2", plans: [DEMO.plans.medical, DEMO.plans.termLife20] },
      { category: "limited_medical", plans: ["KHA-IHA"] },
    ];
    const routes = import.meta.glob<{ loader: Loader; action: Action }>("../../app/routes/enrollment.*.tsx");
    const served = new Set<TabName>();
    for (const journey of journeys) {
      const { client } = await inWizard(app, journey);
      const steps = (await stepListOf((await client.session()).tempId!)) as TabName[];
      await markStepsDone(
        app,
        client,
        steps.filter((t) => t !== "review_info"),
      );
      for (const tab of steps.filter((t): t is PagedTab => t !== "review_info" && !served.has(t))) {
        const step = STEPS[tab] as StepDefinition<typeof tab>;
        const route = await routes[`../../app/routes/enrollment.${step.screen}.tsx`]();
        const page = vi.spyOn(step, "page" as never).mockResolvedValue(json({ pageOf: tab }) as never);
        const act = vi
          .spyOn(step, "action" as never)
          .mockImplementation((async (_s: unknown, ctx: WizardContext, input: StepInput) =>
            json({ actionOf: tab, at: ctx.tab, posted: input.form.get("probe") })) as never);
        expect((await client.load(route.loader, `/enrollment/${step.screen}`)).data, tab).toEqual({ pageOf: tab });
        expect((await client.submit(route.action, `/enrollment/${step.screen}`, { probe: "1" })).data, tab).toEqual({
          actionOf: tab,
          at: tab,
          posted: "1",
        });
        expect(page).toHaveBeenCalledOnce();
        expect(act).toHaveBeenCalledOnce();
        served.add(tab);
      }
    }
    expect([...served].sort()).toEqual(TAB_NAMES.filter((t) => t !== "review_info").sort());
  });

  it("Complete re-checks each done tab with its step's recheck (the review is Complete itself)", async () => {
    const { enrollment } = await atReview();
    for (const tab of TAB_NAMES) vi.spyOn(STEPS[tab], "recheck").mockResolvedValue(`problem of ${tab}`);
    const ctx = {
      enrollment,
      locale: "en",
      planIds: [1],
      state: { steps: [...TAB_NAMES], completed: new Set(TAB_NAMES) },
    } as unknown as WizardContext;
    const problems = await enrollmentProblems(app.services, ctx, { sendSms: false });
    expect(problems).toEqual(TAB_NAMES.filter((t) => t !== "review_info").map((tab) => ({ tab, message: `problem of ${tab}` })));
  });

  it("the record is made of every step's part, and the history names a step by its label", async () => {
    const { client, id } = await atReview();
    await app.store.db.updateTable("enrollments").set({ agent_id: DEMO.rep.id, group_id: null }).where("id", "=", id).execute();
    expect((await client.submit(reviewAction, "/enrollment/review-confirm", { intent: "complete" })).location).toBe("/enrollment/receipt");
    await app.store.db.deleteFrom("enrollment_records").where("enrollment_id", "=", id).execute();
    const spies = TAB_NAMES.map((tab) => vi.spyOn(STEPS[tab], "record"));
    const rowSpies = TAB_NAMES.map((tab) => [tab, vi.spyOn(STEPS[tab], "reviewRows")] as const);
    expect(await enrollmentRecord(app.services, id, "en")).not.toBeNull();
    for (const spy of spies) expect(spy).toHaveBeenCalledTimes(1);
    // its answers are the review rows of each step of the list (the agreement has its own section)
    const steps = new Set(await stepListOf(id));
    for (const [tab, spy] of rowSpies)
      expect(spy, tab).toHaveBeenCalledTimes(tab !== "agreement_info" && (steps.has(tab) || tab === "review_info") ? 1 : 0);

    // a step saved for someone else is on the history under the step's label
    const labels = new Map(TAB_NAMES.map((tab) => [tab, STEPS[tab].historyLabelKey]));
    const relabel = (tab: TabName, key: string) => ((STEPS[tab] as { historyLabelKey: string }).historyLabelKey = key);
    await app.store.db
      .insertInto("audit_events")
      .values(
        TAB_NAMES.map((tab) => ({
          kind: "step.save",
          enrollment_id: id,
          member_id: null,
          actor: `rep:${DEMO.rep.id}`,
          acting_as: "rep",
          detail: tab,
          request_id: null,
          created_at: new Date().toISOString(),
        })),
      )
      .execute();
    const session = await app.services.sessions.read(new Request("http://localhost/"));
    try {
      for (const tab of TAB_NAMES) relabel(tab, `label.${tab}`);
      const history = await enrollmentHistory(app.services, session, { kind: "rep", repId: DEMO.rep.id, groupId: null } as never, id, "en");
      for (const tab of TAB_NAMES) expect(history.events.find((e) => e.detail === tab)?.stepLabel).toBe(`label.${tab}`);
    } finally {
      for (const tab of TAB_NAMES) relabel(tab, labels.get(tab)!);
    }
  });

  it("the test payloads are what the steps read back", async () => {
    const { id } = await atReview();
    const payloads = validStepPayloads("2026-01-01T00:00:00.000Z", []);
    const personal = await readStep(app.services, id, "primary_info");
    expect(personal?.data).toEqual(payloads.primary_info.data);
    expect(personal?.secret).toEqual(payloads.primary_info.secret);
    expect((await readStep(app.services, id, "contact_info"))?.data).toEqual(payloads.contact_info.data);
  });
});
