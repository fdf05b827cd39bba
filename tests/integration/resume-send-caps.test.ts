/** Security review (stop 35): only the enrollment's own count limited resume e-mails, and enrollments cost nothing to make. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as personalAction } from "~/routes/enrollment.personal-info";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { inWizard } from "../support/journeys";

describeEachDatabase("Save & Continue Later e-mails are capped per client and per address across enrollments", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    // the limits at their defaults (tests/support/db.ts raises them for other tests)
    app = await createTestApp(kind, { config: { CONTACT_CODES_PER_CLIENT_HOUR: "10", CONTACT_CODES_PER_DESTINATION_HOUR: "5" } });
  });
  afterAll(() => app.close());
  it("one client asking for 12 resume e-mails to one stranger's address through 12 fresh enrollments gets 5 sent", async () => {
    let sent = 0;
    for (let i = 0; i < 12; i++) {
      const { client } = await inWizard(app);
      client.clientIp = "203.0.113.99"; // the same client every time
      const res = await client.submit(personalAction, "/enrollment/personal-info", { intent: "send-resume", email: "victim@example.com" });
      if (res.location?.includes("sent=1")) sent++;
    }
    const rows = await app.store.db.selectFrom("outbox").select("id").where("kind", "=", "save_later").execute();
    // the address's hour (CONTACT_CODES_PER_DESTINATION_HOUR, 5) stops it, as it stops contact codes
    expect(sent).toBe(app.services.config.contactCodes.perDestinationHour);
    expect(rows).toHaveLength(sent);
  });
  it("one client asking for resume e-mails to 12 different addresses gets its hour's 10 (shared with contact codes)", async () => {
    let sent = 0;
    for (let i = 0; i < 12; i++) {
      const { client } = await inWizard(app);
      client.clientIp = "203.0.113.100";
      const res = await client.submit(personalAction, "/enrollment/personal-info", {
        intent: "send-resume",
        email: `someone${i}@example.com`,
      });
      if (res.location?.includes("sent=1")) sent++;
      else expect(res.data.fieldErrors.email).toBe("validation.tooManyResumeCodes");
    }
    expect(sent).toBe(app.services.config.contactCodes.perClientHour);
  });
});
