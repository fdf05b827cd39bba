import fs from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as billingLoader, action as billingAction } from "~/routes/enrollment.billing-information";
import { loader as routingLoader } from "~/routes/api.routing-number";
import { todayIso } from "~/domain/dates";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { inWizard, markStepsDone } from "../support/journeys";

/** the fingerprint of the cart the payment was authorised for (issue 26 #9) */
const SHA256 = expect.stringMatching(/^[0-9a-f]{64}$/);
const HERE = "/enrollment/billing-information";
const NEXT = "/enrollment/review-confirm";
const ACCOUNT_NUMBER = "40417220356789";
const AMEX = "378282246310005";
const AMEX_CODE = "8642";

describeEachDatabase("wizard: billing information and the payment adapter", (kind) => {
  let app: TestApp;
  let thisYear: number;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = await createTestApp(kind, { logTo: logLines });
    thisYear = Number(todayIso(app.clock.now).slice(0, 4));
  });
  afterAll(() => app.close());

  const BANK = () => ({
    intent: "next",
    payment_method: "eft",
    bill_date: "15",
    routing_number: "021000021",
    bank_name: "Chase",
    account_name: "Ana Lopez",
    account_number: ACCOUNT_NUMBER,
    account_type: "checking",
    account_holder_type: "individual",
  });
  const CARD = () => ({
    intent: "next",
    payment_method: "cc",
    bill_date: "28",
    first_name_on_cc: "Ana",
    last_name_on_cc: "Lopez",
    card_number: "4111 1111 1111 1111",
    expiration_month: "12",
    expiration_year: String(thisYear + 2),
    security_code: "123",
    address1: "500 Elm St",
    city: "Dallas",
    state: "TX",
    zip: "75201",
  });

  /** A visitor on the billing step: every step before it marked done. */
  async function atBilling(session?: Record<string, unknown>) {
    const { client } = await inWizard(app, session ? { session } : {});
    const id = (await client.session()).tempId!;
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    const steps = JSON.parse(e.step_list!) as string[];
    expect(steps).toContain("billing_info");
    await markStepsDone(app, client, steps.slice(0, steps.indexOf("billing_info")));
    return { client, id };
  }
  const methodsOf = (id: number) => app.store.db.selectFrom("payment_methods").selectAll().where("enrollment_id", "=", id).execute();
  const paymentOf = (id: number) =>
    app.store.db.selectFrom("enrollment_payments").selectAll().where("enrollment_id", "=", id).executeTakeFirst();
  const stepOf = (id: number) =>
    app.store.db
      .selectFrom("enrollment_steps")
      .selectAll()
      .where("enrollment_id", "=", id)
      .where("tab_name", "=", "billing_info")
      .executeTakeFirst();

  /** Every text column of the tables that could ever hold payment data, searched for the needles. */
  async function scanDatabase(needles: string[]) {
    const hits: string[] = [];
    for (const table of ["payment_methods", "enrollment_payments", "enrollment_steps", "outbox", "audit_events"] as const) {
      const rows = (await app.store.db.selectFrom(table).selectAll().execute()) as Array<Record<string, unknown>>;
      for (const row of rows)
        for (const [column, value] of Object.entries(row))
          if (typeof value === "string") for (const n of needles) if (value.includes(n)) hits.push(`${table}.${column} has ${n}`);
    }
    return hits;
  }
  async function rawSqliteFile() {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(app.store.db);
    return fs.readFileSync(app.file!).toString("latin1");
  }

  it("offers Credit Card and EFT (EFT first selected), bill dates 1st–28th (28th by default), the descriptor", async () => {
    const { client } = await atBilling();
    const page = await client.load(billingLoader, HERE);
    expect(page.status).toBe(200);
    expect(page.data.fixedMethod).toBeNull();
    expect(page.data.methodOptions.map((o: { value: string }) => o.value)).toEqual(["cc", "eft"]);
    expect(page.data.methodOptions.map((o: { label: string }) => o.label)).toEqual(["Credit Card", "Bank Draft (EFT)"]);
    expect(page.data.values).toMatchObject({ payment_method: "eft", bill_date: "28", existing_payment: "" });
    expect(page.data.billDates).toHaveLength(28);
    expect(page.data.billDates[0]).toEqual({ value: "1", label: "1st of month" });
    expect(page.data.billDates[27]).toEqual({ value: "28", label: "28th of month" });
    expect(page.data.months.map((m: { value: string }) => m.value)).toEqual([
      "01",
      "02",
      "03",
      "04",
      "05",
      "06",
      "07",
      "08",
      "09",
      "10",
      "11",
      "12",
    ]);
    expect(page.data.years.map((y: { value: string }) => Number(y.value))).toEqual(Array.from({ length: 21 }, (_, i) => thisYear + i));
    expect(page.data.descriptor).toBe("BENEFITSTORE*PREMIUM");
    expect(page.data.physicalAddress).toEqual({ address1: "100 Main St", address2: "", city: "Dallas", state: "TX", zip: "75201" });
    expect(page.data.existing).toEqual({ banks: [], cards: [] });
  });

  it("refuses the step before the earlier ones are done", async () => {
    const { client } = await inWizard(app);
    expect((await client.load(billingLoader, HERE)).location).toBe("/enrollment/personal-info");
  });

  // ---- bank (EFT)
  it.each([
    [{ account_name: "" }, "account_name", "validation.required"],
    [{ account_name: "Ana_Lopez!" }, "account_name", "validation.accountName"],
    [{ account_name: "<b>Ana</b>" }, "account_name", "validation.accountName"],
    [{ bank_name: "" }, "bank_name", "validation.required"],
    [{ routing_number: "" }, "routing_number", "validation.required"],
    [{ routing_number: "02100002" }, "routing_number", "validation.routingDigits"],
    [{ routing_number: "0210000210" }, "routing_number", "validation.routingDigits"],
    [{ routing_number: "02100002a" }, "routing_number", "validation.routingDigits"],
    // nine digits, but the ABA checksum fails / the prefix is no Federal Reserve range
    [{ routing_number: "021000022" }, "routing_number", "validation.routingInvalid"],
    [{ routing_number: "123456789" }, "routing_number", "validation.routingInvalid"],
    [{ routing_number: "130000006" }, "routing_number", "validation.routingInvalid"],
    [{ account_number: "" }, "account_number", "validation.required"],
    [{ account_number: "123" }, "account_number", "validation.accountNumber"],
    [{ account_number: "1".repeat(18) }, "account_number", "validation.accountNumber"],
    [{ account_number: "1234-5678" }, "account_number", "validation.accountNumber"],
    [{ account_type: "" }, "account_type", "validation.required"],
    [{ account_type: "brokerage" }, "account_type", "validation.required"],
    [{ account_holder_type: "" }, "account_holder_type", "validation.required"],
    [{ bill_date: "29" }, "bill_date", "validation.required"],
    [{ payment_method: "bitcoin" }, "payment_method", "validation.required"],
  ])("bank: refuses %j (%s: %s) and saves nothing", async (bad, name, message) => {
    const { client, id } = await atBilling();
    const res = await client.submit(billingAction, HERE, { ...BANK(), ...bad });
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors[name]).toBe(message);
    expect(await methodsOf(id)).toHaveLength(0);
    expect(await paymentOf(id)).toBeUndefined();
    // the typed account number is not sent back in the page
    expect(JSON.stringify(res.data)).not.toContain(ACCOUNT_NUMBER);
  });

  it("saves a bank draft: account number encrypted, last four, bank name upper case, one transaction", async () => {
    const { client, id } = await atBilling();
    logLines.length = 0;
    const res = await client.submit(billingAction, HERE, BANK());
    expect(res.location).toBe(NEXT);
    // the save is logged, without the number
    expect(logLines.some((l) => l.includes('"billing saved"'))).toBe(true);
    expect(logLines.join("\n")).not.toContain(ACCOUNT_NUMBER);
    const [row] = await methodsOf(id);
    expect(row).toMatchObject({
      kind: "eft",
      routing_number: "021000021",
      bank_name: "CHASE",
      account_name: "Ana Lopez",
      account_last4: "6789",
      account_type: "checking",
      account_holder_type: "individual",
      card_token: null,
      card_last4: null,
    });
    expect(row.account_number_enc).toMatch(/^v1\./);
    expect(row.account_number_enc).not.toContain(ACCOUNT_NUMBER);
    expect(app.services.cipher.decrypt(row.account_number_enc!)).toBe(ACCOUNT_NUMBER);
    expect(await paymentOf(id)).toMatchObject({
      payment_method: "eft",
      payment_method_id: row.id,
      bill_date: 15,
      is_physical_address: 0,
      address1: null,
    });
    const step = await stepOf(id);
    expect(JSON.parse(step!.data)).toEqual({ payment_method: "eft", bill_date: 15, last4: "6789", cart_sha256: SHA256 });
    expect(step!.completed_at).not.toBeNull();
    expect(step!.secret_enc).toBeNull();
    expect(await scanDatabase([ACCOUNT_NUMBER])).toEqual([]);
    if (kind === "sqlite") expect((await rawSqliteFile()).includes(ACCOUNT_NUMBER)).toBe(false);
    // opened again: the choice comes back, masked; the number never does
    const page = await client.load(billingLoader, HERE);
    expect(page.data.values).toMatchObject({ payment_method: "eft", bill_date: "15", existing_payment: `bank:${row.id}` });
    expect(page.data.existing.banks).toEqual([{ value: `bank:${row.id}`, bankName: "CHASE", accountType: "Checking", masked: "****6789" }]);
    expect(JSON.stringify(page.data)).not.toContain(ACCOUNT_NUMBER);
  });

  // ---- card
  it.each([
    [{ first_name_on_cc: "" }, "first_name_on_cc", "validation.required"],
    [{ first_name_on_cc: "Ana2" }, "first_name_on_cc", "validation.firstName"],
    [{ last_name_on_cc: "" }, "last_name_on_cc", "validation.required"],
    [{ last_name_on_cc: "<b>Lopez</b>" }, "last_name_on_cc", "validation.lastName"],
    [{ card_number: "" }, "card_number", "validation.required"],
    [{ card_number: "411111111111" }, "card_number", "validation.cardLength"],
    [{ card_number: "4".repeat(26) }, "card_number", "validation.cardLength"],
    [{ card_number: "4111-1111-1111-111x" }, "card_number", "validation.cardLength"],
    // the Luhn check
    [{ card_number: "4111111111111112" }, "card_number", "validation.cardLuhn"],
    [{ security_code: "" }, "security_code", "validation.required"],
    [{ security_code: "12" }, "security_code", "validation.securityCode"],
    [{ security_code: "12345" }, "security_code", "validation.securityCode"],
    [{ security_code: "12a" }, "security_code", "validation.securityCode"],
    [{ card_number: AMEX, security_code: "123" }, "security_code", "validation.securityCodeBrand"],
    [{ security_code: "1234" }, "security_code", "validation.securityCodeBrand"],
    [{ expiration_month: "" }, "expiration_month", "validation.required"],
    [{ expiration_month: "13" }, "expiration_month", "validation.required"],
    [{ expiration_year: "" }, "expiration_year", "validation.required"],
    [{ expiration_year: "LAST" }, "expiration_year", "validation.expiryYear"],
    [{ expiration_year: "PAST" }, "expiration_year", "validation.expiryYear"],
    [{ expiration_year: "FAR" }, "expiration_year", "validation.expiryYear"],
    [{ address1: "" }, "address1", "validation.required"],
    [{ city: "" }, "city", "validation.required"],
    [{ state: "" }, "state", "validation.required"],
    [{ zip: "" }, "zip", "validation.required"],
    [{ zip: "7520" }, "zip", "validation.zipInvalid"],
    [{ zip: "75201-1234" }, "zip", "validation.zipInvalid"],
    [{ zip: "00000" }, "zip", "validation.zipInvalid"],
  ])("card: refuses %j (%s: %s) and saves nothing", async (bad, name, message) => {
    const { client, id } = await atBilling();
    const years: Record<string, string> = { LAST: String(thisYear - 1), PAST: "1999", FAR: String(thisYear + 21) };
    const change = { ...bad } as Record<string, string>;
    if (change.expiration_year in years) change.expiration_year = years[change.expiration_year];
    const res = await client.submit(billingAction, HERE, { ...CARD(), ...change });
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors[name]).toBe(message);
    expect(await methodsOf(id)).toHaveLength(0);
    expect(await paymentOf(id)).toBeUndefined();
    // neither the card number nor the code comes back in the page
    expect(res.data.repopulateFields?.card_number).toBeUndefined();
    expect(res.data.repopulateFields?.security_code).toBeUndefined();
    expect(res.data.repopulateFields?.first_name_on_cc).toBe(change.first_name_on_cc ?? "Ana");
  });

  it("card: an expiry month already past this year is refused", async () => {
    const { client, id } = await atBilling();
    const real = app.clock.now;
    app.clock.now = new Date(Date.UTC(2031, 5, 15, 17));
    try {
      const past = await client.submit(billingAction, HERE, { ...CARD(), expiration_month: "05", expiration_year: "2031" });
      expect(past.status).toBe(422);
      expect(past.data.fieldErrors.expiration_month).toBe("validation.cardExpired");
      expect(await methodsOf(id)).toHaveLength(0);
      // good through the end of the expiry month
      expect((await client.submit(billingAction, HERE, { ...CARD(), expiration_month: "06", expiration_year: "2031" })).location).toBe(
        NEXT,
      );
    } finally {
      app.clock.now = real;
    }
  });

  it("card: a declined card saves nothing and says so under the card number", async () => {
    const { client, id } = await atBilling();
    const res = await client.submit(billingAction, HERE, { ...CARD(), card_number: "4000 0000 0000 0002" });
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors.card_number).toBe("validation.cardDeclined");
    expect(await methodsOf(id)).toHaveLength(0);
    expect(await paymentOf(id)).toBeUndefined();
    expect(await stepOf(id)).toBeUndefined();
  });

  it("card: saved as token + brand + last four; the number and the security code are nowhere in the database", async () => {
    const { client, id } = await atBilling();
    logLines.length = 0;
    const res = await client.submit(billingAction, HERE, {
      ...CARD(),
      card_number: "3782 822463 10005",
      security_code: AMEX_CODE,
      expiration_month: "09",
    });
    expect(res.location).toBe(NEXT);
    expect(logLines.some((l) => l.includes('"billing saved"'))).toBe(true);
    for (const needle of [AMEX, "3782 822463 10005", AMEX_CODE]) expect(logLines.join("\n")).not.toContain(needle);
    const [row] = await methodsOf(id);
    expect(row).toMatchObject({
      kind: "cc",
      card_brand: "amex",
      card_last4: "0005",
      card_exp_month: 9,
      card_exp_year: thisYear + 2,
      name_on_card: "Ana Lopez",
      account_number_enc: null,
      routing_number: null,
    });
    expect(row.card_token).toMatch(/^tok_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(await paymentOf(id)).toMatchObject({
      payment_method: "cc",
      payment_method_id: row.id,
      bill_date: 28,
      is_physical_address: 0,
      address1: "500 Elm St",
      city: "Dallas",
      state: "TX",
      zip: "75201",
    });
    expect(JSON.parse((await stepOf(id))!.data)).toEqual({ payment_method: "cc", bill_date: 28, last4: "0005", cart_sha256: SHA256 });
    expect(await scanDatabase([AMEX, "3782 822463 10005", AMEX.slice(0, 12), AMEX_CODE])).toEqual([]);
    if (kind === "sqlite") {
      const raw = await rawSqliteFile();
      expect(raw.includes(AMEX)).toBe(false);
      expect(raw.includes(AMEX_CODE)).toBe(false);
    }
    const page = await client.load(billingLoader, HERE);
    expect(page.data.values).toMatchObject({ payment_method: "cc", existing_payment: `card:${row.id}` });
    expect(page.data.existing.cards).toEqual([
      { value: `card:${row.id}`, brand: "amex", masked: "****0005", expires: `09/${thisYear + 2}`, expired: false },
    ]);
    expect(JSON.stringify(page.data)).not.toContain(row.card_token!);
  });

  it("a second save replaces the method entered earlier in this enrollment", async () => {
    const { client, id } = await atBilling();
    expect((await client.submit(billingAction, HERE, BANK())).location).toBe(NEXT);
    expect((await client.submit(billingAction, HERE, CARD())).location).toBe(NEXT);
    const rows = await methodsOf(id);
    expect(rows.map((r) => r.kind)).toEqual(["cc"]);
    expect((await paymentOf(id))!.payment_method_id).toBe(rows[0].id);
  });

  it("physical address: the card's billing address is copied from the contact step", async () => {
    const { client, id } = await atBilling();
    const res = await client.submit(billingAction, HERE, {
      ...CARD(),
      is_physical_address: "1",
      address1: "",
      city: "",
      state: "",
      zip: "",
    });
    expect(res.location).toBe(NEXT);
    expect(await paymentOf(id)).toMatchObject({
      is_physical_address: 1,
      address1: "100 Main St",
      address2: null,
      city: "Dallas",
      state: "TX",
      zip: "75201",
    });
    const page = await client.load(billingLoader, HERE);
    expect(page.data.values).toMatchObject({
      is_physical_address: "1",
      address1: "100 Main St",
      city: "Dallas",
      state: "TX",
      zip: "75201",
    });
    // what is typed beside a ticked box is ignored
    await client.submit(billingAction, HERE, { ...CARD(), is_physical_address: "1", address1: "1 Fake Rd", city: "Austin", zip: "78701" });
    expect(await paymentOf(id)).toMatchObject({ address1: "100 Main St", city: "Dallas" });
  });

  it("physical address without a home address on file asks for the billing address", async () => {
    const { client, id } = await atBilling();
    await app.store.db
      .updateTable("enrollment_steps")
      .set({ data: JSON.stringify({ email: "ana.lopez@gmail.com" }) })
      .where("enrollment_id", "=", id)
      .where("tab_name", "=", "contact_info")
      .execute();
    const res = await client.submit(billingAction, HERE, { ...CARD(), is_physical_address: "1" });
    expect(res.data.fieldErrors.is_physical_address).toBe("validation.noPhysicalAddress");
    expect(await methodsOf(id)).toHaveLength(0);
  });

  it("the state follows the ZIP", async () => {
    const { client, id } = await atBilling();
    expect((await client.submit(billingAction, HERE, { ...CARD(), state: "CA" })).location).toBe(NEXT);
    expect((await paymentOf(id))!.state).toBe("TX");
  });

  // ---- group billing
  it("a list-billed group (BRAZOS25, statement) shows only the note and saves without bank or card", async () => {
    const group = await app.store.db
      .selectFrom("groups")
      .select(["id", "payment_method"])
      .where("group_code", "=", "BRAZOS25")
      .executeTakeFirstOrThrow();
    expect(group.payment_method).toBe("stmt");
    const { client, id } = await atBilling({ groupId: group.id });
    const page = await client.load(billingLoader, HERE);
    expect(page.data.fixedMethod).toEqual({ value: "stmt", label: "Statement" });
    expect(page.data.methodOptions).toEqual([]);
    // bank or card fields posted anyway are ignored
    const res = await client.submit(billingAction, HERE, {
      intent: "next",
      payment_method: "cc",
      card_number: "4111111111111111",
      security_code: "123",
      account_number: ACCOUNT_NUMBER,
    });
    expect(res.location).toBe(NEXT);
    expect(await paymentOf(id)).toMatchObject({ payment_method: "stmt", payment_method_id: null, bill_date: 28 });
    expect(await methodsOf(id)).toHaveLength(0);
    expect(JSON.parse((await stepOf(id))!.data)).toEqual({ payment_method: "stmt", bill_date: null, last4: null, cart_sha256: SHA256 });
  });

  it("a group that pays by bank draft offers EFT only", async () => {
    const group = await app.store.db.selectFrom("groups").select("id").where("group_code", "=", "NOLAND02").executeTakeFirstOrThrow();
    await app.store.db.updateTable("groups").set({ payment_method: "eft" }).where("id", "=", group.id).execute();
    try {
      const { client, id } = await atBilling({ groupId: group.id });
      const page = await client.load(billingLoader, HERE);
      expect(page.data.methodOptions.map((o: { value: string }) => o.value)).toEqual(["eft"]);
      // a card posted anyway is not taken: the bank details are what is asked for
      const card = await client.submit(billingAction, HERE, CARD());
      expect(card.data.fieldErrors.routing_number).toBe("validation.required");
      expect(await methodsOf(id)).toHaveLength(0);
      expect((await client.submit(billingAction, HERE, { ...BANK(), payment_method: "cc" })).location).toBe(NEXT);
      expect((await paymentOf(id))!.payment_method).toBe("eft");
    } finally {
      await app.store.db.updateTable("groups").set({ payment_method: null }).where("id", "=", group.id).execute();
    }
  });

  // ---- saved methods
  it("an existing member's saved bank is offered masked and can be chosen; another member's is refused", async () => {
    const now = new Date().toISOString();
    const bank = (memberId: number, number: string) => ({
      member_id: memberId,
      enrollment_id: null,
      kind: "eft" as const,
      account_name: "Michael Thompson",
      bank_name: "WELLS FARGO BANK",
      routing_number: "121000248",
      account_number_enc: app.services.cipher.encrypt(number),
      account_last4: number.slice(-4),
      account_type: "savings",
      account_holder_type: "individual",
      created_at: now,
    });
    const mine = await app.store.db
      .insertInto("payment_methods")
      .values(bank(1, "99887766554321"))
      .returning("id")
      .executeTakeFirstOrThrow();
    const theirs = await app.store.db
      .insertInto("payment_methods")
      .values(bank(2, "11223344556677"))
      .returning("id")
      .executeTakeFirstOrThrow();
    const expiredCard = await app.store.db
      .insertInto("payment_methods")
      .values({
        member_id: 1,
        enrollment_id: null,
        kind: "cc",
        card_token: "tok_old",
        card_brand: "visa",
        card_last4: "1881",
        card_exp_month: 1,
        card_exp_year: thisYear - 1,
        name_on_card: "Michael Thompson",
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    // member 1's own enrollment (as her member link or a resume makes it): a session keeps a member
    // only while it holds one of her enrollments (ADR 033 addendum, stop 38)
    const { client, id } = await atBilling();
    await app.store.db.updateTable("enrollments").set({ member_id: 1, enroll_type: "existing-member" }).where("id", "=", id).execute();
    await client.setSession({ enrollType: "existing-member", memberId: 1, eprocess: "applicant" });
    expect(
      (await app.store.db.selectFrom("enrollments").select("member_id").where("id", "=", id).executeTakeFirstOrThrow()).member_id,
    ).toBe(1);
    const page = await client.load(billingLoader, HERE);
    expect(page.data.existing.banks).toEqual([
      { value: `bank:${mine.id}`, bankName: "WELLS FARGO BANK", accountType: "Savings", masked: "****4321" },
    ]);
    expect(page.data.existing.cards).toEqual([
      { value: `card:${expiredCard.id}`, brand: "visa", masked: "****1881", expires: `01/${thisYear - 1}`, expired: true },
    ]);
    expect(JSON.stringify(page.data)).not.toMatch(/99887766554321|11223344556677|tok_old/);

    // another member's bank, an unknown id, a bank id posted as a card, an expired card: refused
    for (const tampered of [`bank:${theirs.id}`, "bank:999999", `card:${mine.id}`, "bank:abc"]) {
      const res = await client.submit(billingAction, HERE, { ...BANK(), existing_payment: tampered });
      expect(res.status, tampered).toBe(422);
      expect(res.data.fieldErrors.existing_payment, tampered).toBe("validation.existingPayment");
    }
    const expired = await client.submit(billingAction, HERE, { ...CARD(), existing_payment: `card:${expiredCard.id}` });
    expect(expired.data.fieldErrors.existing_payment).toBe("validation.existingPayment");
    expect(await paymentOf(id)).toBeUndefined();

    // the saved bank: the new-bank fields are ignored, whatever they hold
    const res = await client.submit(billingAction, HERE, {
      intent: "next",
      payment_method: "eft",
      bill_date: "5",
      existing_payment: `bank:${mine.id}`,
      routing_number: "123",
      account_number: "x",
    });
    expect(res.location).toBe(NEXT);
    expect(await paymentOf(id)).toMatchObject({ payment_method: "eft", payment_method_id: mine.id, bill_date: 5 });
    expect(await methodsOf(id)).toHaveLength(0);
    expect(JSON.parse((await stepOf(id))!.data)).toEqual({ payment_method: "eft", bill_date: 5, last4: "4321", cart_sha256: SHA256 });
    // the member's saved bank is still theirs, untouched
    expect(
      await app.store.db.selectFrom("payment_methods").select("member_id").where("id", "=", mine.id).executeTakeFirstOrThrow(),
    ).toEqual({ member_id: 1 });
  });

  it("a visitor who is not that member is not offered the member's methods", async () => {
    const { client } = await atBilling();
    const page = await client.load(billingLoader, HERE);
    expect(page.data.existing).toEqual({ banks: [], cards: [] });
    const theirs = await app.store.db
      .selectFrom("payment_methods")
      .select("id")
      .where("member_id", "=", 1)
      .where("kind", "=", "eft")
      .executeTakeFirst();
    if (theirs)
      expect(
        (await client.submit(billingAction, HERE, { ...BANK(), existing_payment: `bank:${theirs.id}` })).data.fieldErrors.existing_payment,
      ).toBe("validation.existingPayment");
  });

  // ---- save for later
  it("Save & Continue Later keeps only the method and the bill date, never a number", async () => {
    const { client, id } = await atBilling();
    const res = await client.submit(billingAction, HERE, { ...CARD(), card_number: AMEX, security_code: AMEX_CODE, intent: "save-later" });
    expect(res.location).toBe(`${HERE}?dialog=save-later`);
    const step = await stepOf(id);
    expect(JSON.parse(step!.data)).toEqual({ payment_method: "cc", bill_date: 28, last4: null });
    expect(step!.completed_at).toBeNull();
    expect(await methodsOf(id)).toHaveLength(0);
    expect(await scanDatabase([AMEX, AMEX_CODE])).toEqual([]);
    expect((await client.load(billingLoader, HERE)).data.values).toMatchObject({ payment_method: "cc", bill_date: "28" });
  });

  // ---- routing lookup
  it("routing lookup: a known number gives the bank name in upper case, anything else an error", async () => {
    const { client } = await atBilling();
    expect((await client.load(routingLoader, "/api/routing-number?q=021000021")).data).toEqual({ name: "JPMORGAN CHASE BANK" });
    const unknown = await client.load(routingLoader, "/api/routing-number?q=011000015");
    expect(unknown.status).toBe(404);
    expect(unknown.data).toEqual({ error: "validation.routingUnknown" });
    const checksum = await client.load(routingLoader, "/api/routing-number?q=021000022");
    expect(checksum.status).toBe(400);
    expect(checksum.data).toEqual({ error: "validation.routingInvalid" });
    expect((await client.load(routingLoader, "/api/routing-number?q=12")).data).toEqual({ error: "validation.routingDigits" });
    expect((await client.load(routingLoader, "/api/routing-number")).data).toEqual({ error: "validation.routingDigits" });
  });
});
