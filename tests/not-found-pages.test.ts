/**
 * A link a person follows (an e-mail's direct-continue or quote link, a plan page) that turns
 * out unknown or expired answers the site's 404 page — header, 'OOPS! Page not found', a way
 * home — never a bare "Not Found" text. Remix renders an error boundary only for a page: a
 * route module without a default export is a resource route, whose thrown 404 goes out as is.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, it, expect } from "vitest";

const routesDir = path.resolve(__dirname, "../app/routes");
const routes = fs.readdirSync(routesDir).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."));
/** Machine answers: JSON for scripts, and the dev mailbox's raw HTML of one message. */
const resource = (file: string) => file.startsWith("api.") || file.endsWith(".html.tsx");

describe("404 answers are pages", () => {
  it.each(routes.filter((f) => !resource(f)))("%s: a 404 from it shows the site's 404 page", (file) => {
    const text = fs.readFileSync(path.join(routesDir, file), "utf8");
    if (!/status:\s*404/.test(text)) return;
    expect(text, `${file} answers 404 but is a resource route (no default export)`).toMatch(/export default function/);
  });
});
