/**
 * Guard rails over the route modules: every action reads its form through readForm (size
 * cap + CSRF), no route module talks SQL directly, and routes reach the database only through
 * the use cases (app/.server/<concern>/), never importing repositories/ or db/ (ADR 006).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, it, expect } from "vitest";

const routesDir = path.resolve(__dirname, "../app/routes");
const routes = fs.readdirSync(routesDir).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."));

/** Every module specifier in a source text: `import … from`, `import type … from`, `import "…"`, `import("…")`, `export … from`. */
function specifiers(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]);
}

/** The specifiers that reach below the use cases: repositories/ or db/ under .server. */
function belowUseCases(text: string): string[] {
  return specifiers(text).filter((s) => /\.server\/(repositories|db)(\/|$)/.test(s));
}

describe("route modules", () => {
  it.each(routes)("%s checks CSRF in its action", (file) => {
    const text = fs.readFileSync(path.join(routesDir, file), "utf8");
    if (!/export (async )?function action|export const action/.test(text)) return;
    // a wizard step's action is made by stepAction, which reads the form through readForm
    expect(text).toMatch(/readForm\(|export const action = stepAction\(/);
  });
  it("makes a wizard step's action read its form through readForm (step-route.ts)", () => {
    const text = fs.readFileSync(path.resolve(__dirname, "../app/.server/wizard/step-route.ts"), "utf8");
    const stepAction = text.slice(text.indexOf("export function stepAction"));
    expect(stepAction).toMatch(/await readForm\(request, context\.services/);
  });
  it.each(routes)("%s does not build SQL itself", (file) => {
    const text = fs.readFileSync(path.join(routesDir, file), "utf8");
    expect(text).not.toMatch(/\.(selectFrom|insertInto|updateTable|deleteFrom)\(/);
    expect(text).not.toMatch(/from "kysely"/);
  });
  it.each(routes)("%s imports no repository or db module", (file) => {
    const text = fs.readFileSync(path.join(routesDir, file), "utf8");
    expect(belowUseCases(text)).toEqual([]);
  });
  it("spots a repository or db import however it is written", () => {
    const text = [
      'import { findRep } from "~/.server/repositories/entry";',
      'import type { Enrollment } from "~/.server/db/schema";',
      "import {\n  type DB,\n} from '~/.server/db/connection';",
      'export { safeUrl } from "~/.server/repositories/branding";',
      'const m = await import("~/.server/repositories/outbox");',
      'import { siteOf } from "~/.server/store/site";',
      'import { dbLabel } from "~/utils/db-label";',
    ].join("\n");
    expect(belowUseCases(text)).toEqual([
      "~/.server/repositories/entry",
      "~/.server/db/schema",
      "~/.server/db/connection",
      "~/.server/repositories/branding",
      "~/.server/repositories/outbox",
    ]);
  });
});
