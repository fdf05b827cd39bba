import { describe, it, expect } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("gives safe development defaults", () => {
    const c = loadConfig({});
    expect(c.env).toBe("development");
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBe("file:data/store.db");
    expect(c.encryptionKey).toHaveLength(32);
    expect(c.usingDevSecrets).toBe(true);
    expect(c.devOutbox).toBe(true);
  });

  it("refuses production without SESSION_SECRET and ENCRYPTION_KEY, naming both", () => {
    try {
      loadConfig({ NODE_ENV: "production" });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const msg = (e as Error).message;
      expect(msg).toContain("SESSION_SECRET");
      expect(msg).toContain("ENCRYPTION_KEY");
    }
  });

  it("refuses the development secrets in production", () => {
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        SESSION_SECRET: "dev-only-session-secret-change-me-0123456789",
        ENCRYPTION_KEY: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
      }),
    ).toThrow(/development default/);
  });

  it("accepts production with real secrets and turns the dev outbox off", () => {
    const c = loadConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), ENCRYPTION_KEY: "ab".repeat(32) });
    expect(c.usingDevSecrets).toBe(false);
    expect(c.devOutbox).toBe(false);
  });

  it.each([
    ["PORT", "seventy", /PORT/],
    ["PORT", "70000", /PORT/],
    ["ENCRYPTION_KEY", "short", /ENCRYPTION_KEY must be 64 hexadecimal/],
    ["SESSION_SECRET", "tiny", /SESSION_SECRET must be at least 32/],
    ["SMTP_URL", "http://mail", /SMTP_URL/],
    ["PUBLIC_BASE_URL", "not a url", /PUBLIC_BASE_URL/],
    ["REMINDERS_ENABLED", "maybe", /REMINDERS_ENABLED/],
  ])("names the bad variable %s=%s", (name, value, pattern) => {
    expect(() => loadConfig({ [name]: value })).toThrow(pattern);
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ SMTP_URL: "", PORT: "" }).smtpUrl).toBeUndefined();
  });
});
