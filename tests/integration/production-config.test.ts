/**
 * Security review (stop 37), medium and low: a production store started without PUBLIC_BASE_URL
 * (the development default http://localhost:3000) or with a plain-http one — every e-mailed link
 * built on localhost, and the session, CSRF, language and operator cookies without Secure (the
 * flag follows the base URL) — and DEV_OUTBOX=1 was honoured in production (behind a proxy that
 * adds no forwarding header, /dev/outbox answered the public with every code and link). Both are
 * refused at start now, except for a production build tried on this machine (the e2e suite, the
 * benchmarks: PUBLIC_BASE_URL on localhost).
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/.server/platform/config";
import { createServices } from "~/.server/services";
import { createTestDatabase } from "../support/db";

const PRODUCTION = {
  NODE_ENV: "production",
  SESSION_SECRET: "x".repeat(40),
  ENCRYPTION_KEY: "7f".repeat(32),
  SMTP_URL: "smtp://mail.example:587",
  LOG_LEVEL: "silent",
};

describe("a production store's address", () => {
  it("is required: links would point at localhost and the cookies lose Secure", () => {
    expect(() => loadConfig(PRODUCTION)).toThrow(/PUBLIC_BASE_URL is required in production/);
  });

  it("is https, unless it is this machine (a production build tried here)", () => {
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_BASE_URL: "http://store.example.com" })).toThrow(/PUBLIC_BASE_URL must be an https/);
    for (const here of ["http://localhost:3150", "http://127.0.0.1:3500", "http://[::1]:3000"])
      expect(loadConfig({ ...PRODUCTION, PUBLIC_BASE_URL: here }).publicBaseUrl).toBe(here);
  });

  it("with an https address, the session cookie is Secure and links are built on it", async () => {
    const config = loadConfig({ ...PRODUCTION, PUBLIC_BASE_URL: "https://store.example.com/" });
    expect(config.publicBaseUrl).toBe("https://store.example.com");
    const db = await createTestDatabase("sqlite", { seed: false });
    try {
      const services = createServices(config, db.store);
      const session = await services.sessions.read(new Request("https://store.example.com/"));
      session.set("over65", false);
      expect(await services.sessions.commit(session)).toMatch(/;\s*Secure/i);
    } finally {
      await db.close();
    }
  });
});

describe("the development mailbox in production", () => {
  it("is refused with a public address, even on a loopback HOST behind a proxy", () => {
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_BASE_URL: "https://store.example.com", HOST: "127.0.0.1", DEV_OUTBOX: "1" })).toThrow(
      /DEV_OUTBOX must be off in production/,
    );
    expect(loadConfig({ ...PRODUCTION, PUBLIC_BASE_URL: "https://store.example.com", HOST: "127.0.0.1" }).devOutbox).toBe(false);
  });

  it("may be on for a production build tried on this machine", () => {
    expect(loadConfig({ ...PRODUCTION, PUBLIC_BASE_URL: "http://localhost:3150", HOST: "127.0.0.1", DEV_OUTBOX: "1" }).devOutbox).toBe(
      true,
    );
  });
});
