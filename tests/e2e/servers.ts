/**
 * The e2e servers (playwright.config.ts starts them) and the fixtures' operator.
 *
 * - The store on E2E_PORT: every journey runs here.
 * - A second store on E2E_PORT + 1, its own database, with the shortest idle limit the store
 *   allows: only the idle-expiry journey (session-idle.spec.ts) runs there, waiting it out for real.
 * - The fixtures' operator: a sales operator of its own (not the demo operator the console specs
 *   sign in), added by `npm run operator`'s script before the store starts. The fixtures sign it in
 *   once per worker to make the reps the tests need (fixtures.ts).
 */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${PORT}`;
export const IDLE_PORT = PORT + 1;
export const idleBaseURL = `http://localhost:${IDLE_PORT}`;
/** SESSION_IDLE_MINUTES of the second store: the least config.ts accepts (the warning comes 2 minutes before) */
export const IDLE_MINUTES = 3;

export const FIXTURES_OPERATOR = { email: "fixtures@e2e.example", role: "sales", name: "E2E Fixtures" } as const;

/** The e2e servers' ENCRYPTION_KEY: a member benefit store link is signed with it, as scripts/member-store-link.ts does. */
export const ENCRYPTION_KEY = "5e".repeat(32);
