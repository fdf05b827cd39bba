/**
 * A NUL (or another control character) inside an uploaded catalog file, or in its name (security
 * review w7-s). Form fields lose control characters in readForm; files went through untouched and
 * TextDecoder keeps U+0000, so on PostgreSQL the draft's insert failed ("invalid byte sequence for
 * encoding UTF8: 0x00") — a 500 — and SQLite stored the NUL. Now a cell holding one is a problem
 * beside its file, row and column (422, nothing written) and a file's name loses them.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as uploadAction } from "~/routes/admin.catalog._index";
import { DEMO } from "~/.server/db/seed";
import { todayIso } from "~/domain/dates";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient } from "../support/staff";
import { signInOperator } from "../support/operators";
import type { TestClient } from "../support/client";

const PLAN = "21989TX0040001";
const AGES = ["0-14", ...Array.from({ length: 49 }, (_, i) => String(15 + i)), "64 and over"];
const PUF_HEADER =
  "BusinessYear,PlanId,RatingAreaId,Tobacco,Age,IndividualRate,IndividualTobaccoRate,Couple,PrimarySubscriberAndOneDependent,PrimarySubscriberAndTwoDependents,PrimarySubscriberAndThreeOrMoreDependents,CoupleAndOneDependent,CoupleAndTwoDependents,CoupleAndThreeOrMoreDependents,RateEffectiveDate,RateExpirationDate";
function firstOfMonth(today: string, monthsAhead: number) {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + monthsAhead);
  return d.toISOString().slice(0, 10);
}
const ratePuf = (from: string, until: string) =>
  [
    PUF_HEADER,
    ...AGES.map((age, i) => `2027,${PLAN},Rating Area 1,No Preference,${age},${(200 + i).toFixed(2)},,,,,,,,,${from},${until}`),
  ].join("\n");
const plansCsv = (name: string, facts = "") =>
  "code,status,category,carrier,name_en,name_es,states,age_min,age_max,audience,facts_en\n" +
  `${PLAN},offered,medical,summit-mutual,${name},Summit Plata Consola,TX,18,64,under65,${facts}\n`;
const AREAS_CSV = "state,rating_area,zip3\nTX,1,752\n";

describeEachDatabase("catalog upload with a NUL byte", (kind) => {
  let app: TestApp;
  let admin: TestClient;
  let later: string;
  let until: string;
  beforeAll(async () => {
    app = await createTestApp(kind);
    const today = todayIso(app.services.now());
    later = firstOfMonth(today, 2);
    until = firstOfMonth(today, 14);
    admin = newClient(app);
    await signInOperator(app, admin, DEMO.operator.email);
  });
  afterAll(() => app.close());

  async function upload(files: { name: string; text: string; type?: string }[]) {
    const form = new FormData();
    form.set("csrf", await admin.csrfToken());
    for (const f of files) form.append("files", new File([f.text], f.name, { type: f.type ?? "text/csv" }));
    return admin.send(uploadAction, "/admin/catalog", form);
  }
  const versions = async () => (await app.store.db.selectFrom("catalog_versions").select(["id", "source"]).execute()).length;
  const problemsOf = (res: { data: { problems: { file: string; row: number; column: string; message: string }[] } }) =>
    res.data.problems.map((p) => `${p.file} ${p.row} ${p.column}: ${p.message}`);

  it("a NUL in a plan's name is a problem beside its file, row and column (422), and nothing is written", async () => {
    const before = await versions();
    const res = await upload([
      { name: "Rate_PUF.csv", text: ratePuf(later, until) },
      { name: "plans.csv", text: plansCsv("Summit\u0000Silver") },
      { name: "rating-areas.csv", text: AREAS_CSV },
    ]);
    expect(res.status).toBe(422);
    expect(problemsOf(res)).toEqual(["plans.csv 2 name_en: holds a control character (such as NUL) that cannot be kept"]);
    expect(await versions()).toBe(before);
  });

  it("so is another control character, a heading holding one, and a \\u0000 escape inside a JSON cell", async () => {
    const before = await versions();
    const res = await upload([
      { name: "Rate_PUF.csv", text: ratePuf(later, until).replace("No Preference", "No Pref\u0007erence") },
      {
        name: "plans.csv",
        text: plansCsv(
          "Summit Silver",
          '"{""deductible"":""$0\\u0000"",""maximums"":"""",""waiting_periods"":"""",""network"":"""",""coverage"":[],""exclusions"":[]}"',
        ).replace("audience", "audience\u001b"),
      },
      { name: "rating-areas.csv", text: AREAS_CSV },
    ]);
    expect(res.status).toBe(422);
    const listed = problemsOf(res);
    expect(listed).toContain("Rate_PUF.csv 2 Tobacco: holds a control character (such as NUL) that cannot be kept");
    expect(listed).toContain("plans.csv 1 audience: holds a control character (such as NUL) that cannot be kept");
    expect(listed).toContain("plans.csv 2 facts_en: holds a control character (such as NUL) that cannot be kept");
    expect(await versions()).toBe(before);
  });

  it("a NUL in a plans.json string is a problem too", async () => {
    const res = await upload([
      { name: "Rate_PUF.csv", text: ratePuf(later, until) },
      {
        name: "plans.json",
        type: "application/json",
        text: JSON.stringify([
          { code: PLAN, status: "offered", category: "medical", carrier: "summit-mutual", name_en: "Summit\u0000Silver", name_es: "Plata" },
        ]),
      },
      { name: "rating-areas.csv", text: AREAS_CSV },
    ]);
    expect(res.status).toBe(422);
    expect(problemsOf(res)).toContain("plans.json 2 name_en: holds a control character (such as NUL) that cannot be kept");
  });

  it("a NUL in a file's name is taken out of the name: the draft is kept under the clean name", async () => {
    const res = await upload([
      { name: "Rate\u0000_PUF.csv", text: ratePuf(later, until) },
      { name: "plans.csv", text: plansCsv("Summit Other") },
      { name: "rating-areas.csv", text: AREAS_CSV },
    ]);
    expect(res.status).toBe(302);
    const id = Number(/\/admin\/catalog\/(\d+)/.exec(res.location ?? "")?.[1]);
    const version = await app.store.db.selectFrom("catalog_versions").select("source").where("id", "=", id).executeTakeFirstOrThrow();
    expect(version.source).toBe("Rate_PUF.csv, plans.csv, rating-areas.csv");
  });
});
