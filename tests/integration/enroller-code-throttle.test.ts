/**
 * The enroller code (personal-info step) is a rep's access code. The access page counts every
 * wrong rep code per client (CODE_LIMIT, ADR 007/017); the enroller-code field must count in the
 * same place, or it is an unthrottled way to find valid rep access codes (security review w10).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as personalAction } from "~/routes/enrollment.personal-info";
import { action as accessAction } from "~/routes/access";
import { DEMO } from "~/.server/db/seed";
import { CODE_LIMIT } from "~/.server/store/access-codes";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { inWizard } from "../support/journeys";

describeEachDatabase("enroller code: counted with the access codes, per client", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  it("wrong enroller codes stop after CODE_LIMIT; then even a right one is refused and nothing is saved", async () => {
    const { client } = await inWizard(app);
    client.clientIp = "198.51.100.77";
    for (let i = 0; i < CODE_LIMIT.max; i++) {
      const res = await client.submit(personalAction, "/enrollment/personal-info", { intent: "enroller-code", enrollerCode: `NOPE${i}` });
      expect(res.data.fieldErrors.enrollerCode).toBe("validation.unknownEnrollerCode");
    }
    const blocked = await client.submit(personalAction, "/enrollment/personal-info", {
      intent: "enroller-code",
      enrollerCode: DEMO.rep.code,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.data.fieldErrors.enrollerCode).toBe("validation.tooManyCodes");
    const id = (await client.session()).tempId!;
    const row = await app.store.db.selectFrom("enrollments").select("enroller_code").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.enroller_code).toBeNull();

    // the same client's access page is locked too: one count for rep codes wherever they are typed
    const other = new TestClient(app.services);
    other.clientIp = "198.51.100.77";
    const access = await other.submit(accessAction, "/access", { intent: "rep-code", code: DEMO.rep.code });
    expect(access.data.fieldErrors.code).toBe("validation.tooManyCodes");
  });

  it("a right enroller code hands its place back (a rep typing theirs is never counted)", async () => {
    const { client } = await inWizard(app);
    client.clientIp = "198.51.100.78";
    for (let i = 0; i < CODE_LIMIT.max + 2; i++) {
      const res = await client.submit(personalAction, "/enrollment/personal-info", {
        intent: "enroller-code",
        enrollerCode: DEMO.rep.code,
      });
      expect(res.location).toBe("/enrollment/personal-info");
    }
  });
});
