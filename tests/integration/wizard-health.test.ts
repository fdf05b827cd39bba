import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as healthLoader, action as healthAction } from "~/routes/enrollment.health-questions";
import { healthSchema } from "~/forms/health";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { inWizard, markStepsDone } from "../support/journeys";
import { newClient, verifiedSessionFor } from "../support/staff";
import { DEMO } from "~/.server/db/seed";

const HERE = "/enrollment/health-questions";
const PLAN = "LUH-SILVER-3000";
const CONDITION_IDS = [140, 141, 142, 143, 144, 145, 146, 147];
const MEDICATION_ID = 148;

/** The form as a browser posts it with every question left at its default, No. */
function allNo(intent = "next"): Record<string, string> {
  const f: Record<string, string> = { intent, notes: "" };
  CONDITION_IDS.forEach((id, i) => {
    f[`condition_questions[${i}].question_id`] = String(id);
    f[`condition_questions[${i}].yes_no_flag`] = "0";
  });
  f["medication_question.question_id"] = String(MEDICATION_ID);
  f["medication_question.yes_no_flag"] = "0";
  return f;
}

const detail = (i: number, field: string) => `condition_questions[${i}].conditions[0].${field}`;
const med = (n: number, field: string) => `medication_question.medications[${n}].${field}`;

/** Question 140 answered Yes with complete standard details. */
function yesToFirst(condition = "Hypertension"): Record<string, string> {
  return {
    "condition_questions[0].yes_no_flag": "1",
    [detail(0, "health_condition")]: condition,
    [detail(0, "date_of_onset")]: "03/15/2019",
    [detail(0, "date_of_recovery")]: "",
    [detail(0, "is_treatment")]: "1",
    [detail(0, "is_medicate")]: "0",
    [detail(0, "d_last_seen")]: "01/10/2024",
    [detail(0, "symptoms")]: "Headaches",
  };
}

describeEachDatabase("wizard: primary health questions", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  async function atHealthStep() {
    const { client } = await inWizard(app, { category: "medical", plans: [PLAN] });
    const id = await markStepsDone(app, client, ["primary_info", "contact_info"]);
    return { client, id };
  }
  const stepRow = (id: number) =>
    app.store.db
      .selectFrom("enrollment_steps")
      .selectAll()
      .where("enrollment_id", "=", id)
      .where("tab_name", "=", "primary_health_info")
      .executeTakeFirst();

  it("is in the step list of a medical plan and opens with every question at No", async () => {
    const { client, id } = await atHealthStep();
    const enrollment = await app.store.db
      .selectFrom("enrollments")
      .select(["step_list", "health_track"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(enrollment.step_list!)).toContain("primary_health_info");
    const page = await client.load(healthLoader, HERE);
    expect(page.status).toBe(200);
    expect(page.data.questions.map((q: { id: number }) => q.id)).toEqual(CONDITION_IDS);
    expect(page.data.questions.find((q: { id: number }) => q.id === 145).layout).toBe("none");
    expect(page.data.questions.filter((q: { layout: string }) => q.layout === "special").map((q: { id: number }) => q.id)).toEqual([
      146, 147,
    ]);
    expect(page.data.medication.id).toBe(MEDICATION_ID);
    expect(page.data.values.condition_questions.every((c: { yes_no_flag: string }) => c.yes_no_flag === "0")).toBe(true);
    expect(page.data.values.medication_question).toMatchObject({ question_id: "148", yes_no_flag: "0" });
    expect(page.data.values.medication_question.medications).toHaveLength(3);
    expect(page.data.prefilled).toBe(false);
    // not for a new applicant: health_track stays as it was
    expect(enrollment.health_track).toBe(0);
  });

  it("saves all No, encrypted, and moves to the next step", async () => {
    const { client, id } = await atHealthStep();
    const res = await client.submit(healthAction, HERE, allNo());
    expect(res.status).toBe(302);
    const steps = JSON.parse(
      (await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow()).step_list!,
    );
    const next = steps[steps.indexOf("primary_health_info") + 1];
    expect(res.location).toBe(
      `/enrollment/${{ dependent_info: "dependent-information", agreement_info: "agreement-signature", review_info: "review-confirm" }[next as string]}`,
    );
    const row = await stepRow(id);
    expect(row?.completed_at).not.toBeNull();
    const answers = app.services.cipher.decryptJson<Record<string, unknown>>(row!.secret_enc!);
    expect(answers).toEqual({
      condition_questions: CONDITION_IDS.map((question_id) => ({ question_id, yes_no_flag: 0, conditions: [] })),
      medication_question: { question_id: MEDICATION_ID, yes_no_flag: 0, medications: [] },
      notes: "",
    });
    expect(Object.keys(JSON.parse(row!.data)).sort()).toEqual(["answered_at", "question_count"]);
  });

  it("Yes without details: every missing field at once, keyed like the input's name; nothing saved", async () => {
    const { client, id } = await atHealthStep();
    const res = await client.submit(healthAction, HERE, {
      ...allNo(),
      "condition_questions[0].yes_no_flag": "1",
      "condition_questions[6].yes_no_flag": "1",
      "medication_question.yes_no_flag": "1",
    });
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors).toEqual({
      [detail(0, "health_condition")]: "validation.required",
      [detail(0, "date_of_onset")]: "validation.required",
      [detail(0, "d_last_seen")]: "validation.required",
      [detail(6, "condition")]: "validation.required",
      [detail(6, "last_seen_by_physician")]: "validation.required",
      [med(0, "medication")]: "validation.required",
    });
    expect(await stepRow(id)).toBeUndefined();
  });

  it("the schema's error paths are the spec's condition_questions.N.conditions.0.field", () => {
    const today = "2025-06-01";
    const result = healthSchema({ conditionIds: CONDITION_IDS, medicationId: MEDICATION_ID }, today).safeParse({
      condition_questions: CONDITION_IDS.map((id, i) => ({ question_id: String(id), yes_no_flag: i === 2 ? "1" : "0" })),
      medication_question: { question_id: "148", yes_no_flag: "1", medications: [{}, { dosage: "5 mg" }] },
    });
    expect(result.success).toBe(false);
    const paths = result.success ? [] : result.error.issues.map((i) => i.path.join("."));
    expect(paths).toEqual([
      "condition_questions.2.conditions.0.health_condition",
      "condition_questions.2.conditions.0.date_of_onset",
      "condition_questions.2.conditions.0.d_last_seen",
      "medication_question.medications.0.medication",
      "medication_question.medications.1.medication",
    ]);
  });

  it.each([
    [{ [detail(0, "date_of_onset")]: "02/30/2019" }, detail(0, "date_of_onset"), "validation.invalidDate"],
    [{ [detail(0, "date_of_onset")]: "01/01/2099" }, detail(0, "date_of_onset"), "validation.futureDate"],
    [{ [detail(0, "date_of_recovery")]: "01/01/2018" }, detail(0, "date_of_recovery"), "validation.recoveryBeforeOnset"],
    [{ [detail(0, "d_last_seen")]: "12/31/2099" }, detail(0, "d_last_seen"), "validation.futureDate"],
    [{ [detail(0, "is_treatment")]: "7" }, detail(0, "is_treatment"), "validation.answerAll"],
    [{ [detail(0, "health_condition")]: "<script>x</script>" }, detail(0, "health_condition"), "validation.healthText"],
    [{ "condition_questions[3].yes_no_flag": "maybe" }, "condition_questions[3].yes_no_flag", "validation.answerAll"],
    [{ "condition_questions[0].question_id": "141" }, "condition_questions[0].yes_no_flag", "validation.healthQuestionsChanged"],
  ])("refuses %j (%s: %s)", async (bad, name, message) => {
    const { client, id } = await atHealthStep();
    const res = await client.submit(healthAction, HERE, { ...allNo(), ...yesToFirst(), ...bad });
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors[name]).toBe(message);
    expect(await stepRow(id)).toBeUndefined();
  });

  it("special layouts: 146 and 147 check the phone (10 digits); 145 has no details", async () => {
    const { client, id } = await atHealthStep();
    const special = (i: number, phone: string) => ({
      [`condition_questions[${i}].yes_no_flag`]: "1",
      [detail(i, "condition")]: "Anxiety",
      [detail(i, "status")]: "In treatment",
      [detail(i, "last_seen_by_physician")]: "05/02/2024",
      [detail(i, "date_of_recovery")]: "",
      [detail(i, "physician_name")]: "Dr. Rivera",
      [detail(i, "address")]: "12 Elm St, Dallas, TX",
      [detail(i, "phone")]: phone,
    });
    const bad = await client.submit(healthAction, HERE, {
      ...allNo(),
      ...special(6, "214555"),
      ...special(7, "214-555-01234"),
      "condition_questions[5].yes_no_flag": "1",
    });
    expect(bad.status).toBe(422);
    expect(bad.data.fieldErrors).toEqual({
      [detail(6, "phone")]: "validation.phoneFormat",
      [detail(7, "phone")]: "validation.phoneFormat",
    });

    // 145 Yes needs nothing more, and detail boxes posted for it are not kept
    const ok = await client.submit(healthAction, HERE, {
      ...allNo(),
      ...special(6, "(214) 555-0123"),
      ...special(7, ""),
      "condition_questions[5].yes_no_flag": "1",
      [detail(5, "health_condition")]: "ignored",
    });
    expect(ok.status).toBe(302);
    const answers = app.services.cipher.decryptJson<{
      condition_questions: Array<{ question_id: number; yes_no_flag: number; conditions: unknown[] }>;
    }>((await stepRow(id))!.secret_enc!);
    const byId = Object.fromEntries(answers.condition_questions.map((c) => [c.question_id, c]));
    expect(byId[145]).toEqual({ question_id: 145, yes_no_flag: 1, conditions: [] });
    expect(byId[146].conditions).toEqual([
      {
        condition: "Anxiety",
        status: "In treatment",
        last_seen_by_physician: "2024-05-02",
        date_of_recovery: null,
        physician_name: "Dr. Rivera",
        address: "12 Elm St, Dallas, TX",
        phone: "2145550123",
      },
    ]);
    expect(byId[147].conditions).toEqual([expect.objectContaining({ phone: "" })]);
  });

  it("details typed under a No are ignored", async () => {
    const { client, id } = await atHealthStep();
    const res = await client.submit(healthAction, HERE, {
      ...allNo(),
      ...yesToFirst(),
      "condition_questions[0].yes_no_flag": "0",
      [detail(0, "date_of_onset")]: "garbage",
    });
    expect(res.status).toBe(302);
    const answers = app.services.cipher.decryptJson<{ condition_questions: Array<{ conditions: unknown[] }> }>(
      (await stepRow(id))!.secret_enc!,
    );
    expect(answers.condition_questions[0].conditions).toEqual([]);
  });

  it("medications: 2 and 3 ignored when empty, checked when partly filled", async () => {
    const { client, id } = await atHealthStep();
    const base = {
      ...allNo(),
      "medication_question.yes_no_flag": "1",
      [med(0, "medication")]: "Lisinopril",
      [med(0, "dosage")]: "10 mg",
      [med(0, "medical_condition")]: "Blood pressure",
    };
    const partly = await client.submit(healthAction, HERE, { ...base, [med(1, "medication")]: "", [med(2, "dosage")]: "5 mg" });
    expect(partly.status).toBe(422);
    expect(partly.data.fieldErrors).toEqual({ [med(2, "medication")]: "validation.required" });

    const ok = await client.submit(healthAction, HERE, {
      ...base,
      [med(1, "medication")]: " ",
      [med(1, "dosage")]: "",
      [med(2, "medication")]: "Metformin",
    });
    expect(ok.status).toBe(302);
    const answers = app.services.cipher.decryptJson<{ medication_question: unknown }>((await stepRow(id))!.secret_enc!);
    expect(answers.medication_question).toEqual({
      question_id: MEDICATION_ID,
      yes_no_flag: 1,
      medications: [
        { medication: "Lisinopril", dosage: "10 mg", medical_condition: "Blood pressure" },
        { medication: "Metformin", dosage: "", medical_condition: "" },
      ],
    });
  });

  it("notes: up to 2000 characters of plain text (a posted CRLF counts once)", async () => {
    const { client, id } = await atHealthStep();
    const long = await client.submit(healthAction, HERE, { ...allNo(), notes: "a".repeat(2001) });
    expect(long.status).toBe(422);
    expect(long.data.fieldErrors.notes).toBe('validation.healthNotesTooLong::{"max":2000}');
    const tag = await client.submit(healthAction, HERE, { ...allNo(), notes: "see <img src=x onerror=alert(1)>" });
    expect(tag.data.fieldErrors.notes).toBe("validation.notesPlainText");
    expect(await stepRow(id)).toBeUndefined();
    const notes = `${"b".repeat(999)}\r\n${"c".repeat(1000)}`;
    expect((await client.submit(healthAction, HERE, { ...allNo(), notes })).status).toBe(302);
    expect(app.services.cipher.decryptJson<{ notes: string }>((await stepRow(id))!.secret_enc!).notes).toBe(notes.replace("\r\n", "\n"));
  });

  it("keeps the answers only encrypted: the raw row holds none of the text posted", async () => {
    const { client, id } = await atHealthStep();
    const secretWords = "Zebrafish syndrome";
    const res = await client.submit(healthAction, HERE, {
      ...allNo(),
      ...yesToFirst(secretWords),
      notes: "Allergic to penicillin",
      "medication_question.yes_no_flag": "1",
      [med(0, "medication")]: "Quetiapine",
    });
    expect(res.status).toBe(302);
    const row = await stepRow(id);
    const raw = JSON.stringify(row);
    for (const word of ["Zebrafish", "penicillin", "Quetiapine", "Headaches", "2019-03-15"]) expect(raw).not.toContain(word);
    // the page shows them back to the applicant, decrypted
    const page = await client.load(healthLoader, HERE);
    expect(page.data.values.condition_questions[0]).toMatchObject({ question_id: "140", yes_no_flag: "1" });
    expect(page.data.values.condition_questions[0].conditions[0]).toMatchObject({
      health_condition: secretWords,
      date_of_onset: "03/15/2019",
      d_last_seen: "01/10/2024",
      is_treatment: "1",
      is_medicate: "0",
    });
    expect(page.data.values.medication_question.medications[0].medication).toBe("Quetiapine");
    expect(page.data.values.notes).toBe("Allergic to penicillin");
  });

  it("Save & Continue Later keeps a draft without finishing the step", async () => {
    const { client, id } = await atHealthStep();
    const res = await client.submit(healthAction, HERE, { ...allNo("save-later"), ...yesToFirst() });
    expect(res.location).toBe(`${HERE}?dialog=save-later`);
    const row = await stepRow(id);
    expect(row?.completed_at).toBeNull();
    expect(JSON.parse(row!.data)).toHaveProperty("saved_at");
    expect((await client.load(healthLoader, HERE)).data.values.condition_questions[0].conditions[0].health_condition).toBe("Hypertension");
  });

  it("ignores field names that would reach Object.prototype or build huge arrays", async () => {
    const { client } = await atHealthStep();
    const res = await client.submit(healthAction, HERE, {
      ...allNo(),
      "condition_questions.__proto__.polluted": "yes",
      "constructor.prototype.polluted": "yes",
      "condition_questions[99999999].yes_no_flag": "1",
    });
    const polluted = ({} as Record<string, unknown>).polluted;
    delete (Object.prototype as Record<string, unknown>).polluted; // never leak into other tests
    expect(polluted).toBeUndefined();
    expect(res.status).toBe(302);
  });

  describe("existing members", () => {
    const earlierAnswers = {
      condition_questions: [
        {
          question_id: 140,
          yes_no_flag: 1,
          conditions: [
            {
              health_condition: "Asthma",
              date_of_onset: "2015-04-01",
              date_of_recovery: null,
              is_treatment: 1,
              is_medicate: 1,
              d_last_seen: "2023-11-20",
              symptoms: "",
            },
          ],
        },
      ],
      medication_question: {
        question_id: MEDICATION_ID,
        yes_no_flag: 1,
        medications: [{ medication: "Albuterol", dosage: "2 puffs", medical_condition: "Asthma" }],
      },
      notes: "From last year",
    };

    /** A member whose last enrollment (another real one) has saved health answers. */
    async function memberWithHistory() {
      const earlier = await atHealthStep();
      const now = new Date().toISOString();
      await app.store.db
        .insertInto("enrollment_steps")
        .values({
          enrollment_id: earlier.id,
          tab_name: "primary_health_info",
          data: JSON.stringify({ answered_at: now }),
          secret_enc: app.services.cipher.encryptJson(earlierAnswers),
          completed_at: now,
          updated_at: now,
        })
        .execute();
      const member = await app.store.db
        .insertInto("members")
        .values({
          first_name: "Ana",
          last_name: "Lopez",
          birthdate: "1988-04-12",
          gender: 0,
          last_enrollment_id: earlier.id,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { memberId: member.id, earlierId: earlier.id };
    }

    async function asMember(id: number, memberId: number) {
      await app.store.db.updateTable("enrollments").set({ member_id: memberId, health_track: 0 }).where("id", "=", id).execute();
    }
    const track = async (id: number) =>
      (await app.store.db.selectFrom("enrollments").select("health_track").where("id", "=", id).executeTakeFirstOrThrow()).health_track;

    it("the first load copies the last enrollment's answers as a draft and sets health_track — once", async () => {
      const { memberId, earlierId } = await memberWithHistory();
      const { client, id } = await atHealthStep();
      await asMember(id, memberId);

      const page = await client.load(healthLoader, HERE);
      expect(page.data.prefilled).toBe(true);
      expect(page.data.values.condition_questions[0]).toMatchObject({ question_id: "140", yes_no_flag: "1" });
      expect(page.data.values.condition_questions[0].conditions[0]).toMatchObject({
        health_condition: "Asthma",
        date_of_onset: "04/01/2015",
        d_last_seen: "11/20/2023",
        is_treatment: "1",
      });
      expect(page.data.values.condition_questions[1].yes_no_flag).toBe("0");
      expect(page.data.values.medication_question.medications[0]).toEqual({
        medication: "Albuterol",
        dosage: "2 puffs",
        medical_condition: "Asthma",
      });
      expect(page.data.values.notes).toBe("From last year");
      expect(await track(id)).toBe(1);
      const row = await stepRow(id);
      expect(row?.completed_at).toBeNull();
      expect(JSON.stringify(row)).not.toContain("Asthma");
      expect(app.services.cipher.decryptJson(row!.secret_enc!)).toEqual(earlierAnswers);

      // once only: the applicant's own changes stay, and an emptied step is not refilled
      await app.store.db
        .deleteFrom("enrollment_steps")
        .where("enrollment_id", "=", id)
        .where("tab_name", "=", "primary_health_info")
        .execute();
      const again = await client.load(healthLoader, HERE);
      expect(again.data.prefilled).toBe(false);
      expect(again.data.values.condition_questions[0].yes_no_flag).toBe("0");
      expect(await stepRow(id)).toBeUndefined();
      expect(earlierId).not.toBe(id);
    });

    it("not for a group admin enrolling the member: an employer never sees the member's earlier health answers", async () => {
      const { memberId } = await memberWithHistory();
      const { client, id } = await atHealthStep();
      await asMember(id, memberId);
      // the same browser, now the employer's verified session carrying the enrollment (Enroll Now)
      const shopper = await client.session();
      await verifiedSessionFor(
        app,
        client,
        { kind: "group_admin", adminId: DEMO.groupAdmins.acme.id, groupId: DEMO.group.id },
        { ...shopper, groupAdminAuthenticated: true },
      );
      expect((await client.session()).tempId).toBe(id);
      const page = await client.load(healthLoader, HERE);
      expect(page.status).toBe(200);
      expect(page.data.prefilled).toBe(false);
      expect(JSON.stringify(page.data)).not.toContain("Asthma");
      expect(page.data.values.condition_questions[0].yes_no_flag).toBe("0");
      expect(await stepRow(id)).toBeUndefined();
      // the member's own visit later still gets them
      const own = newClient(app);
      await own.setSession(shopper);
      expect((await own.load(healthLoader, HERE)).data.prefilled).toBe(true);
    });

    it("answers already saved on this enrollment are never replaced", async () => {
      const { memberId } = await memberWithHistory();
      const { client, id } = await atHealthStep();
      expect((await client.submit(healthAction, HERE, allNo("save-later"))).status).toBe(302);
      await asMember(id, memberId);
      const page = await client.load(healthLoader, HERE);
      expect(page.data.values.condition_questions[0].yes_no_flag).toBe("0");
      expect(page.data.prefilled).toBe(false);
      expect(await track(id)).toBe(1);
    });

    it("a member without earlier answers gets the defaults and health_track set", async () => {
      const { client, id } = await atHealthStep();
      const now = new Date().toISOString();
      const member = await app.store.db
        .insertInto("members")
        .values({ first_name: "Bo", last_name: "Kim", birthdate: "1988-04-12", gender: 0, last_enrollment_id: null, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await asMember(id, member.id);
      const page = await client.load(healthLoader, HERE);
      expect(page.data.values.condition_questions.every((c: { yes_no_flag: string }) => c.yes_no_flag === "0")).toBe(true);
      expect(await track(id)).toBe(1);
      expect(await stepRow(id)).toBeUndefined();
    });
  });
});
