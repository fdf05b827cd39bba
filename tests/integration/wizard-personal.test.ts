import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as personalLoader, action as personalAction } from "~/routes/enrollment.personal-info";
import { loader as frameLoader } from "~/routes/enrollment";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { inWizard } from "../support/journeys";

const GOOD = {
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

describeEachDatabase("wizard: the step engine and personal information", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  it("opens on personal-info with the step list as progress; Back goes to the cart", async () => {
    const { client, first } = await inWizard(app);
    expect(first).toBe("/enrollment/personal-info");
    const frame = await client.load(frameLoader, first);
    expect(frame.data.progress.map((p: { tab: string }) => p.tab)).toEqual([
      "primary_info",
      "contact_info",
      "agreement_info",
      "billing_info",
      "review_info",
    ]);
    const page = await client.load(personalLoader, first);
    expect(page.data.chrome.back).toBe("/cart");
    expect(page.data.birthdate).toBe("04/12/1988");
    expect(page.data.rules.first_name).toEqual({ shown: true, required: true, readOnly: false });
    expect(page.data.rules.middle_name.shown).toBe(false);
  });

  it("refuses to skip ahead, and strangers without the session", async () => {
    const { client } = await inWizard(app);
    const { loader: contactLoader } = await import("~/routes/enrollment.contact-info");
    expect((await client.load(contactLoader, "/enrollment/contact-info")).location).toBe("/enrollment/personal-info");
    expect((await new TestClient(app.services).load(personalLoader, "/enrollment/personal-info")).location).toBe("/cart");
  });

  it.each([
    [{ first_name: "" }, "first_name", "validation.required"],
    [{ first_name: "<b>Ana</b>" }, "first_name", "validation.firstName"],
    [{ last_name: "Smith2" }, "last_name", "validation.lastName"],
    [{ ssn: "" }, "ssn", "validation.required"],
    [{ ssn: "666-12-3456" }, "ssn", "validation.ssn"],
    [{ ssn: "123-00-6789" }, "ssn", "validation.ssn"],
    [{ ssn: "12345" }, "ssn", "validation.ssn"],
    [{ weight: "0" }, "weight", "validation.weight"],
    [{ weight: "1000" }, "weight", "validation.weight"],
    [{ height_feet: "0" }, "height_feet", "validation.heightZero"],
    [{ height_inch: "12" }, "height_inch", "validation.inch"],
    [{ marital_status: "7" }, "marital_status", "validation.required"],
    [
      { prior_coverage_flag: "1", prior_carrier_name: "", prior_effective_date: "01/01/2020", prior_term_date: "01/01/2019" },
      "prior_term_date",
      "validation.termBeforeEffective",
    ],
    [
      { prior_coverage_flag: "1", prior_carrier_name: "Acme", prior_effective_date: "01/01/2099", prior_term_date: "" },
      "prior_effective_date",
      "validation.notAfterToday",
    ],
    [{ birthdate: "01/01/1950" }, "birthdate", "validation.readOnly"],
  ])("refuses %j (%s: %s) and saves nothing", async (bad, name, message) => {
    const { client } = await inWizard(app);
    const res = await client.submit(personalAction, "/enrollment/personal-info", { ...GOOD, ...bad });
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors[name]).toBe(message);
    const id = (await client.session()).tempId!;
    expect(await app.store.db.selectFrom("enrollment_steps").selectAll().where("enrollment_id", "=", id).execute()).toHaveLength(0);
  });

  it("saves the step (SSN encrypted), moves to contact info, and keeps the SSN on file", async () => {
    const { client } = await inWizard(app);
    const res = await client.submit(personalAction, "/enrollment/personal-info", GOOD);
    expect(res.location).toBe("/enrollment/contact-info");
    const id = (await client.session()).tempId!;
    const row = await app.store.db.selectFrom("enrollment_steps").selectAll().where("enrollment_id", "=", id).executeTakeFirstOrThrow();
    expect(row.completed_at).not.toBeNull();
    expect(row.data).not.toContain("6789");
    expect(row.secret_enc).not.toContain("123456789");
    expect(app.services.cipher.decryptJson(row.secret_enc!)).toEqual({ ssn: "123456789" });
    expect(JSON.parse(row.data)).toMatchObject({ first_name: "Ana", last_name: "Carter-Lee", weight: 140, marital_status: 1 });
    const again = await client.load(personalLoader, "/enrollment/personal-info");
    expect(again.data.ssnLast4).toBe("6789");
    expect(JSON.stringify(again.data)).not.toContain("123456789");
    // leaving the SSN empty keeps the one on file
    expect((await client.submit(personalAction, "/enrollment/personal-info", { ...GOOD, ssn: "", first_name: "Anna" })).location).toBe(
      "/enrollment/contact-info",
    );
    const after = await app.store.db.selectFrom("enrollment_steps").selectAll().where("enrollment_id", "=", id).executeTakeFirstOrThrow();
    expect(app.services.cipher.decryptJson(after.secret_enc!)).toEqual({ ssn: "123456789" });
  });

  it("enroller code: unknown refused, a rep's code saved", async () => {
    const { client } = await inWizard(app);
    expect(
      (await client.submit(personalAction, "/enrollment/personal-info", { intent: "enroller-code", enrollerCode: "" })).data.fieldErrors
        .enrollerCode,
    ).toBe("validation.enrollerCode");
    expect(
      (await client.submit(personalAction, "/enrollment/personal-info", { intent: "enroller-code", enrollerCode: "NOPE" })).data.fieldErrors
        .enrollerCode,
    ).toBe("validation.unknownEnrollerCode");
    expect(
      (
        await client.submit(personalAction, "/enrollment/personal-info", {
          intent: "enroller-code",
          enrollerCode: DEMO.rep.code.toLowerCase(),
        })
      ).location,
    ).toBe("/enrollment/personal-info");
    expect((await client.load(personalLoader, "/enrollment/personal-info")).data.enrollerCode).toBe(DEMO.rep.code);
  });

  it("Save & Continue Later keeps a draft without finishing the step", async () => {
    const { client } = await inWizard(app);
    const res = await client.submit(personalAction, "/enrollment/personal-info", { ...GOOD, intent: "save-later" });
    expect(res.location).toBe("/enrollment/personal-info?dialog=save-later");
    const id = (await client.session()).tempId!;
    const row = await app.store.db.selectFrom("enrollment_steps").selectAll().where("enrollment_id", "=", id).executeTakeFirstOrThrow();
    expect(row.completed_at).toBeNull();
  });
});
