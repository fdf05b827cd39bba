/**
 * ADR 032: the e2e suite runs with every limit at its default and makes its own data through the
 * store's own surfaces. The limits a server reads (config.ts) are never set in playwright.config.ts,
 * no e2e file opens the server's database or reads its session cookie's insides, and no spec uses
 * a demo group's code or admins: a test's group is its own (the `group` fixture, made in the console).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { GROUP_ADMINS, GROUPS } from "~/.server/db/seed/identities";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** Every limit config.ts reads: a count per hour or day, or the idle limit a session has. */
const LIMITS = [...read("app/.server/platform/config.ts").matchAll(/^\s{4}([A-Z_]+_PER_(?:HOUR|DAY|CLIENT_HOUR|DESTINATION_HOUR)):/gm)].map(
  (m) => m[1]!,
);

describe("the e2e suite's own data (ADR 032)", () => {
  it("finds the limits config.ts reads", () => {
    expect(LIMITS).toEqual(
      expect.arrayContaining([
        "STAFF_CODES_PER_HOUR",
        "STAFF_CLIENT_CODES_PER_HOUR",
        "CONTACT_CODES_PER_CLIENT_HOUR",
        "CONTACT_CODES_PER_DESTINATION_HOUR",
        "CONTACT_SMS_PER_DAY",
        "CONTACT_EMAILS_PER_DAY",
        "QUOTES_PER_CLIENT_HOUR",
      ]),
    );
  });

  it("leaves every limit at its default on the e2e servers", () => {
    const config = read("playwright.config.ts");
    for (const limit of LIMITS) expect(config, limit).not.toContain(limit);
  });

  it("puts the servers behind a proxy, each test arriving from an address of its own", () => {
    expect(read("playwright.config.ts")).toMatch(/TRUST_PROXY: "1"/);
    expect(read("tests/e2e/fixtures.ts")).toMatch(/"X-Forwarded-For"/);
  });

  it("never opens a server's database or its session cookie from an e2e file", () => {
    const dir = path.join(root, "tests/e2e");
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      expect(text, file).not.toMatch(/better-sqlite3|from "kysely"|\/db\/(client|store)|data\/e2e-/);
      expect(text, file).not.toMatch(/cookies\(\)[^;]*__store[\s\S]{0,200}(base64|JSON\.parse)/);
    }
  });

  it("gives every spec a group of its own: no demo group's code, admin name or admin e-mail in an e2e file", () => {
    const demo = [...GROUPS.map((g) => g.group_code), ...GROUP_ADMINS.flatMap((a) => [`${a.first_name} ${a.last_name}`, a.email])];
    expect(demo).toEqual(expect.arrayContaining(["ACME2024", "Dana Whitfield", "tomas.alvarez@acmelogistics.example"]));
    const dir = path.join(root, "tests/e2e");
    const users = new Map<string, string[]>();
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
      const text = fs.readFileSync(path.join(dir, file), "utf8").toLowerCase();
      const found = demo.filter((d) => text.includes(d.toLowerCase()));
      if (found.length) users.set(file, found);
    }
    // Alone, and only for its group-members test: a group's member list needs members, which only
    // completed enrollments make, so it reads the demo group's (ADR 032).
    expect([...users.keys()]).toEqual(["current-members.spec.ts"]);
  });
});
