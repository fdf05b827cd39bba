import fs from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { action as languageAction } from "~/routes/language";
import { loader as catchAllLoader } from "~/routes/$";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";

describeEachDatabase("the store shell", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  it("serves the default site with its phone, menu from the database and an empty cart", async () => {
    const client = new TestClient(app.services);
    const res = await client.load(rootLoader, "/");
    expect(res.status).toBe(200);
    const shell = res.data;
    expect(shell.locale).toBe("en");
    expect(shell.site.isDefault).toBe(true);
    expect(shell.site.supportPhone).toMatch(/\d{3}.*\d{4}/);
    expect(shell.menu.length).toBeGreaterThanOrEqual(10);
    expect(shell.menu[0]).toMatchObject({ key: "dental", label: "Dental Plans" });
    expect(shell.cart).toEqual({ count: 0, amountCents: 0 });
    expect(shell.csrf).toMatch(/\./);
    expect(shell.adminLinks).toEqual([]);
  });

  it("labels the menu in Spanish with ?lng=es and remembers the choice in a cookie", async () => {
    const client = new TestClient(app.services);
    const res = await client.load(rootLoader, "/?lng=es");
    expect(res.data.locale).toBe("es");
    expect(res.data.menu[0].label).not.toBe("Dental Plans");
    const again = await client.load(rootLoader, "/plans");
    expect(again.data.locale).toBe("es");
  });

  it("shows the admin app switcher only on non-default sites", async () => {
    const client = new TestClient(app.services, "elevate.localhost:3000");
    const res = await client.load(rootLoader, "/");
    expect(res.data.site.isDefault).toBe(false);
    expect(res.data.adminLinks.length).toBeGreaterThan(0);
  });

  it("switches language with a plain form post and goes back to the same page", async () => {
    const client = new TestClient(app.services);
    const res = await client.submit(languageAction, "/language", { lng: "es", redirectTo: "/plans?type=dental&lng=en" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/plans?type=dental");
    expect((await client.load(rootLoader, "/")).data.locale).toBe("es");
  });

  it("never redirects off-site from the language switch", async () => {
    const client = new TestClient(app.services);
    const res = await client.submit(languageAction, "/language", { lng: "es", redirectTo: "https://evil.example/phish" });
    expect(res.location).toBe("/");
  });

  it("refuses a POST without a valid CSRF token with a 403", async () => {
    const client = new TestClient(app.services);
    expect((await client.submit(languageAction, "/language", { lng: "es" }, { csrf: null })).status).toBe(403);
    await client.csrfToken();
    expect((await client.submit(languageAction, "/language", { lng: "es" }, { csrf: "forged.token" })).status).toBe(403);
  });

  it("ignores a tampered or foreign session cookie: a fresh session, not a crash", async () => {
    const client = new TestClient(app.services);
    client.setCookie("__store", "eyJ0ZW1wSWQiOjF9.forgedsignature");
    const res = await client.load(rootLoader, "/");
    expect(res.status).toBe(200);
    expect(res.data.mode.repAuthenticated).toBe(false);
    client.setCookie("__store", "%%%not-even-base64");
    expect((await client.load(rootLoader, "/")).status).toBe(200);
  });

  it("answers an unknown route with 404", async () => {
    const client = new TestClient(app.services);
    expect((await client.load(catchAllLoader, "/no/such/page")).status).toBe(404);
  });

  it.runIf(kind === "sqlite")("keeps no clear-text SSN anywhere in the database file", async () => {
    const members = await app.store.db.selectFrom("members").select(["ssn_enc", "ssn_last4"]).where("ssn_enc", "is not", null).execute();
    expect(members.length).toBeGreaterThan(0);
    // checkpoint the WAL so the main file holds every row
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(app.store.db);
    const raw = fs.readFileSync(app.file!).toString("latin1");
    for (const m of members) {
      const ssn = app.services.cipher.decrypt(m.ssn_enc!);
      expect(ssn).toMatch(/^\d{9}$/);
      expect(ssn.endsWith(m.ssn_last4!)).toBe(true);
      expect(raw.includes(ssn)).toBe(false);
      expect(raw.includes(`${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}`)).toBe(false);
    }
  });
});
