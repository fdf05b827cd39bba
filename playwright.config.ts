import { defineConfig } from "@playwright/test";

import { ENCRYPTION_KEY, FIXTURES_OPERATOR, IDLE_MINUTES, IDLE_PORT, PORT, baseURL, idleBaseURL } from "./tests/e2e/servers";

/**
 * End-to-end tests on the built app, served by server.ts exactly as in production, over a
 * fresh SQLite database with the demo catalog. Every journey runs twice: JavaScript off
 * and on. Chromium is Debian's (/usr/bin/chromium); Playwright never downloads a browser.
 *
 * Every limit is at its default (ADR 032): the server runs behind a simulated reverse proxy
 * (TRUST_PROXY=1) and each test arrives from an address of its own (X-Forwarded-For, set by
 * tests/e2e/fixtures.ts), so per-client limits count each test apart; tests that sign a rep in
 * use a rep of their own, made in the console by the fixtures' operator (added below, before the
 * server starts), unless they need the demo rep's data; tests that use a group or its admins use a
 * group of their own, made there too — and no one person signs in more often in a run than the
 * per-person limit allows. The mailbox (/dev/outbox) is read the way the operator
 * would, from the server's machine directly: it refuses forwarded requests.
 *
 * A second server (E2E_PORT + 1, its own database) has the shortest idle limit the store allows
 * (3 minutes): the idle-expiry journey (session-idle.spec.ts) waits it out for real, since the
 * server's clock cannot be moved from a browser and the tests write nothing into a server's files.
 * The ports and the fixtures' operator are in tests/e2e/servers.ts.
 */

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

const addFixturesOperator = `npx tsx scripts/operator.ts add ${FIXTURES_OPERATOR.email} ${FIXTURES_OPERATOR.role} --name "${FIXTURES_OPERATOR.name}" >/dev/null`;

/** A server's environment: production, behind a (simulated) proxy, every limit at its default. */
function serverEnv(port: number) {
  return {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: `file:data/e2e-${port}/store.db`,
    SESSION_SECRET: "e2e-session-secret-0123456789-abcdefghijklmnop",
    ENCRYPTION_KEY,
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    // each test's browser comes through the proxy with an address of its own (X-Forwarded-For)
    TRUST_PROXY: "1",
    // behind a proxy the dev outbox is off unless asked for; it still refuses forwarded requests,
    // so the tests read it from the server's machine directly, as its operator would
    DEV_OUTBOX: "1",
    // the journeys read the codes and links the store "sends" from the outbox
    MAIL_TRANSPORT: "outbox",
    LOG_LEVEL: "warn",
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: 0,
  // journeys cross many pages and run axe and the HTML validator on each: the cart journey crosses ~25
  // pages at 1.5–3 s each on a loaded 2-core CI machine (trace of a 120 s timeout, 2026-11-27). A hang
  // still fails; speed is measured by the benchmark scripts, never by a test.
  timeout: 240_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // The HTML of every page opened with JavaScript off is kept, then checked once by the Nu HTML
  // Checker (vnu-jar, Java) after the run: any error fails it (tests/e2e/validate-html.ts).
  globalSetup: "./tests/e2e/global-setup.ts",
  globalTeardown: "./tests/e2e/validate-html.ts",
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: chromium,
    // A trace is recorded for every test to keep a failing one's: ~22% of a journey's time (dependents,
    // employer progress, Spanish and cart specs: 139–143 s with traces, 109–110 s without, twice each).
    // On CI only the printed output reaches us (the error and its call log), so CI records none.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js-off", use: { javaScriptEnabled: false } },
    { name: "js-on", use: { javaScriptEnabled: true } },
  ],
  webServer: [
    {
      // A database per port, so runs on different ports never share (or wipe) each other's data; the
      // fixtures' operator is added with the command the store ships (scripts/operator.ts).
      command: `rm -rf data/e2e-${PORT} && ${addFixturesOperator} && node build/server.js`,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: serverEnv(PORT),
    },
    {
      command: `rm -rf data/e2e-${IDLE_PORT} && node build/server.js`,
      url: `${idleBaseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ...serverEnv(IDLE_PORT), SESSION_IDLE_MINUTES: String(IDLE_MINUTES) },
    },
  ],
});
