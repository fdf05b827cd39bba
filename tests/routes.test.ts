/**
 * Guard rails over the route modules: every action reads its form through readForm (size
 * cap + CSRF), and no route module talks SQL directly.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, it, expect } from "vitest";

const routesDir = path.resolve(__dirname, "../app/routes");
const routes = fs.readdirSync(routesDir).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."));

describe("route modules", () => {
  it.each(routes)("%s checks CSRF in its action", (file) => {
    const text = fs.readFileSync(path.join(routesDir, file), "utf8");
    if (!/export (async )?function action|export const action/.test(text)) return;
    expect(text).toMatch(/readForm\(/);
  });
  it.each(routes)("%s does not build SQL itself", (file) => {
    const text = fs.readFileSync(path.join(routesDir, file), "utf8");
    expect(text).not.toMatch(/\.(selectFrom|insertInto|updateTable|deleteFrom)\(/);
    expect(text).not.toMatch(/from "kysely"/);
  });
});
