/**
 * Restarted with another ENCRYPTION_KEY, as `npm start` runs (issue 23, hidden check): a saved
 * enrollment's personal-info, health-questions and the review's tiles answered 500 ("sealed value
 * could not be opened") although the loaders go through openSealed — the server and the Remix
 * build each load their own copy of platform/crypto.ts, and `instanceof SealedValueError` was
 * false across them. Only the real server shows it (the route tests run one copy), so this test
 * writes the enrollments with one key and asks the server, started with another, for every page
 * that opens a sealed value: the 409 page, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { loader as recordLoader } from "~/routes/enrollment_.record.$id";
import { createTestApp, type TestApp } from "../support/db";
import type { TestClient } from "../support/client";
import { inWizard, markStepsDone } from "../support/journeys";
import { closedPort, startServer } from "../support/server-process";

describe("restarted with another ENCRYPTION_KEY, the real server answers 409, never 500", () => {
  let app: TestApp;
  let saved: TestClient;
  let completed: TestClient;
  let completedId: number;
  let server: ReturnType<typeof startServer>;
  let base: string;

  async function stepsOf(id: number) {
    return JSON.parse(
      (await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow()).step_list!,
    ) as string[];
  }

  beforeAll(async () => {
    app = await createTestApp("sqlite");
    // a saved enrollment with a health step: SSN and health answers sealed with the first key
    ({ client: saved } = await inWizard(app, { category: "medical", plans: ["LUH-SILVER-3000"] }));
    const savedId = (await saved.session()).tempId!;
    await markStepsDone(
      app,
      saved,
      (await stepsOf(savedId)).filter((s) => s !== "review_info"),
    );
    await app.store.db
      .updateTable("enrollment_steps")
      .set({ secret_enc: app.services.cipher.encryptJson({ 140: { yes_no_flag: 0 } }) })
      .where("enrollment_id", "=", savedId)
      .where("tab_name", "=", "primary_health_info")
      .execute();
    // a completed one, its record made (and kept, sealed) with the first key
    ({ client: completed } = await inWizard(app));
    completedId = (await completed.session()).tempId!;
    await markStepsDone(
      app,
      completed,
      (await stepsOf(completedId)).filter((s) => s !== "review_info"),
    );
    expect((await completed.submit(reviewAction, "/enrollment/review-confirm", { intent: "complete" })).location).toBe(
      "/enrollment/receipt",
    );
    expect((await completed.load(recordLoader, `/enrollment/record/${completedId}`, { id: String(completedId) })).status).toBe(200);

    const port = await closedPort();
    base = `http://127.0.0.1:${port}`;
    server = startServer({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${app.file}`,
      SESSION_SECRET: "test-session-secret-0123456789-abcdefghijkl", // the same cookies still hold
      ENCRYPTION_KEY: "3c".repeat(32), // another key
    });
    await server.ready;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await app?.close();
  });

  const get = (client: TestClient, path: string) =>
    fetch(`${base}${path}`, { headers: { cookie: client.cookieHeader(), "user-agent": client.userAgent }, redirect: "manual" });

  it.each(["/enrollment/personal-info", "/enrollment/health-questions", "/enrollment/review-confirm"])(
    "%s: the 'cannot be opened' page (409)",
    async (path) => {
      const res = await get(saved, path);
      expect(res.status).toBe(409);
      const html = await res.text();
      expect(html).toMatch(/can no longer be opened/);
      expect(html).toMatch(/name="intent" value="start-new"/);
    },
  );

  it("the steps without sealed values still show", async () => {
    for (const path of ["/enrollment/contact-info", "/enrollment/billing-information"])
      expect((await get(saved, path)).status, path).toBe(200);
  });

  it("the receipt shows; its record (sealed PDF) answers 409", async () => {
    expect((await get(completed, "/enrollment/receipt")).status).toBe(200);
    expect((await get(completed, `/enrollment/record/${completedId}`)).status).toBe(409);
  });

  it("nothing was logged as an unhandled error", () => {
    expect(server.output()).not.toMatch(/"msg":"unhandled error"/);
    expect(server.output()).toMatch(/sealed value could not be opened with any configured key/);
  });
});
