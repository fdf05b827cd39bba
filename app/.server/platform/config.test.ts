import { describe, it, expect } from "vitest";
import { ConfigError, isLoopbackHost, loadConfig } from "./config";

describe("loadConfig", () => {
  it("gives safe development defaults", () => {
    const c = loadConfig({});
    expect(c.env).toBe("development");
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBe("file:data/store.db");
    expect(c.encryptionKey).toHaveLength(32);
    expect(c.usingDevSecrets).toBe(true);
    expect(c.devOutbox).toBe(true);
    expect(c.sessionIdleMinutes).toBe(20);
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

  it("accepts production with real secrets and a mail transport, and turns the dev outbox off", () => {
    const c = loadConfig({
      NODE_ENV: "production",
      SESSION_SECRET: "x".repeat(40),
      ENCRYPTION_KEY: "ab".repeat(32),
      SMTP_URL: "smtp://mail.example:587",
      PUBLIC_BASE_URL: "https://store.example.com",
    });
    expect(c.usingDevSecrets).toBe(false);
    expect(c.devOutbox).toBe(false);
    expect(c.mailTransport).toBe("smtp");
    expect(c.warnings).toEqual([]);
  });

  it("never opens the dev outbox (every e-mailed code and link) to other machines, whatever NODE_ENV says", () => {
    // real secrets, NODE_ENV forgotten: the server listens on every interface
    const forgotten = loadConfig({ SESSION_SECRET: "x".repeat(40), ENCRYPTION_KEY: "ab".repeat(32) });
    expect(forgotten.host).toBe("0.0.0.0");
    expect(forgotten.devOutbox).toBe(false);
    expect(loadConfig({ SESSION_SECRET: "x".repeat(40), ENCRYPTION_KEY: "ab".repeat(32), HOST: "127.0.0.1" }).devOutbox).toBe(true);
    expect(() => loadConfig({ SESSION_SECRET: "x".repeat(40), ENCRYPTION_KEY: "ab".repeat(32), DEV_OUTBOX: "1" })).toThrow(
      /DEV_OUTBOX.*HOST/,
    );
    expect(loadConfig({ SESSION_SECRET: "x".repeat(40), ENCRYPTION_KEY: "ab".repeat(32), DEV_OUTBOX: "1", HOST: "::1" }).devOutbox).toBe(
      true,
    );
    // on loopback behind a reverse proxy (TRUST_PROXY): the proxy would publish it
    const proxied = { SESSION_SECRET: "x".repeat(40), ENCRYPTION_KEY: "ab".repeat(32), HOST: "127.0.0.1", TRUST_PROXY: "1" };
    expect(loadConfig(proxied).devOutbox).toBe(false);
  });

  describe("mail transport", () => {
    const PROD = {
      NODE_ENV: "production",
      SESSION_SECRET: "x".repeat(40),
      ENCRYPTION_KEY: "ab".repeat(32),
      PUBLIC_BASE_URL: "https://store.example.com",
    };
    it("refuses production without one: codes and links would pile up in the outbox table, never sent", () => {
      expect(() => loadConfig(PROD)).toThrow(ConfigError);
      expect(() => loadConfig(PROD)).toThrow(/SMTP_URL is required in production.*MAIL_TRANSPORT=outbox/);
    });
    it("allows the outbox in production when chosen deliberately, with a warning", () => {
      const c = loadConfig({ ...PROD, MAIL_TRANSPORT: "outbox" });
      expect(c.mailTransport).toBe("outbox");
      expect(c.warnings).toEqual([expect.stringMatching(/MAIL_TRANSPORT=outbox.*kept in the outbox table.*never sent/)]);
    });
    it("outbox chosen wins over SMTP_URL; smtp needs SMTP_URL", () => {
      expect(loadConfig({ ...PROD, MAIL_TRANSPORT: "outbox", SMTP_URL: "smtp://mail.example" }).mailTransport).toBe("outbox");
      expect(() => loadConfig({ MAIL_TRANSPORT: "smtp" })).toThrow(/SMTP_URL is required when MAIL_TRANSPORT=smtp/);
      expect(() => loadConfig({ MAIL_TRANSPORT: "pigeon" })).toThrow(/MAIL_TRANSPORT/);
    });
    it("development keeps the outbox without a word", () => {
      const c = loadConfig({});
      expect(c.mailTransport).toBe("outbox");
      expect(c.warnings).toEqual([]);
    });
  });

  describe("ENCRYPTION_KEYS (rotation)", () => {
    const NEW = "cd".repeat(32);
    const OLD = "ab".repeat(32);
    it("reads every key, newest first; the newest is the one that seals", () => {
      const c = loadConfig({ ENCRYPTION_KEYS: `${NEW}, ${OLD}` });
      expect(c.encryptionKeys.map((k) => k.toString("hex"))).toEqual([NEW, OLD]);
      expect(c.encryptionKey.toString("hex")).toBe(NEW);
      expect(c.usingDevSecrets).toBe(true); // no SESSION_SECRET
    });
    it("a single ENCRYPTION_KEY is a list of one", () => {
      expect(loadConfig({ ENCRYPTION_KEY: OLD }).encryptionKeys.map((k) => k.toString("hex"))).toEqual([OLD]);
    });
    it.each([
      ["not hex", `${NEW},zz`, /ENCRYPTION_KEYS must be keys of 64 hexadecimal characters/],
      ["a key twice", `${NEW},${NEW.toUpperCase()}`, /ENCRYPTION_KEYS lists a key twice/],
      ["nothing but commas", ",,", /ENCRYPTION_KEYS/],
    ])("refuses %s", (_what, value, pattern) => {
      expect(() => loadConfig({ ENCRYPTION_KEYS: value })).toThrow(pattern);
    });
    it("refuses both variables at once, and the development key in production", () => {
      expect(() => loadConfig({ ENCRYPTION_KEY: OLD, ENCRYPTION_KEYS: NEW })).toThrow(/ENCRYPTION_KEYS and ENCRYPTION_KEY are both set/);
      const prod = {
        NODE_ENV: "production",
        SESSION_SECRET: "x".repeat(40),
        SMTP_URL: "smtp://mail.example",
        PUBLIC_BASE_URL: "https://store.example.com",
      };
      expect(loadConfig({ ...prod, ENCRYPTION_KEYS: `${NEW},${OLD}` }).usingDevSecrets).toBe(false);
      expect(() =>
        loadConfig({ ...prod, ENCRYPTION_KEYS: `${NEW},00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff` }),
      ).toThrow(/development default key/);
    });
  });

  it.each([
    ["PORT", "seventy", /PORT/],
    ["PORT", "70000", /PORT/],
    ["ENCRYPTION_KEY", "short", /ENCRYPTION_KEY must be 64 hexadecimal/],
    ["SESSION_SECRET", "tiny", /SESSION_SECRET must be at least 32/],
    ["SMTP_URL", "http://mail", /SMTP_URL/],
    ["PUBLIC_BASE_URL", "not a url", /PUBLIC_BASE_URL/],
    ["REMINDERS_ENABLED", "maybe", /REMINDERS_ENABLED/],
    ["SESSION_IDLE_MINUTES", "2", /SESSION_IDLE_MINUTES must be at least 3/],
    ["SESSION_IDLE_MINUTES", "1000", /SESSION_IDLE_MINUTES/],
  ])("names the bad variable %s=%s", (name, value, pattern) => {
    expect(() => loadConfig({ [name]: value })).toThrow(pattern);
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ SMTP_URL: "", PORT: "" }).smtpUrl).toBeUndefined();
  });

  describe("HOST and the development secrets (issue 23: npm start served the world with public secrets)", () => {
    const REAL = { SESSION_SECRET: "r".repeat(40), ENCRYPTION_KEY: "ab".repeat(32) };
    it("with the development secrets the server listens on loopback by default", () => {
      expect(loadConfig({}).host).toBe("127.0.0.1");
      expect(loadConfig({ SESSION_SECRET: "r".repeat(40) }).host).toBe("127.0.0.1");
      expect(loadConfig({ ENCRYPTION_KEY: "ab".repeat(32) }).host).toBe("127.0.0.1");
    });
    it("with real secrets the default stays every interface", () => {
      const c = loadConfig(REAL);
      expect(c.usingDevSecrets).toBe(false);
      expect(c.host).toBe("0.0.0.0");
    });
    it.each(["0.0.0.0", "::", "192.168.1.20", "store.example.com", "10.0.0.1"])(
      "refuses HOST=%s with the development secrets, naming HOST and the secrets",
      (host) => {
        expect(() => loadConfig({ HOST: host })).toThrow(ConfigError);
        expect(() => loadConfig({ HOST: host })).toThrow(/HOST .*development secrets.*SESSION_SECRET and ENCRYPTION_KEY/);
        // the development defaults typed in are development secrets too
        expect(() =>
          loadConfig({ HOST: host, SESSION_SECRET: "dev-only-session-secret-change-me-0123456789", ENCRYPTION_KEY: "ab".repeat(32) }),
        ).toThrow(ConfigError);
        expect(() =>
          loadConfig({
            HOST: host,
            SESSION_SECRET: "r".repeat(40),
            ENCRYPTION_KEY: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
          }),
        ).toThrow(ConfigError);
        expect(loadConfig({ ...REAL, HOST: host }).host).toBe(host);
      },
    );
    it.each(["127.0.0.1", "localhost", "::1", "[::1]", "127.1.2.3", "::ffff:127.0.0.1"])(
      "accepts the loopback HOST=%s with the development secrets",
      (host) => {
        expect(loadConfig({ HOST: host }).host).toBe(host);
      },
    );
    it("isLoopbackHost", () => {
      expect(isLoopbackHost("127.0.0.1")).toBe(true);
      expect(isLoopbackHost("128.0.0.1")).toBe(false);
      expect(isLoopbackHost("127.0.0.1.evil.example")).toBe(false);
      expect(isLoopbackHost("0.0.0.0")).toBe(false);
      expect(isLoopbackHost("")).toBe(false);
    });
  });
});
