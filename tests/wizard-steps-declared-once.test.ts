/**
 * A wizard step is declared once (issue 25, docs/decisions/029-wizard-step-registry.md). Read
 * from the source of app/: the tabs are listed only where a list of every tab has to be (the
 * domain's tab declarations, the registry, the demo seed's per-plan rows); every step has its registry module,
 * which declares what it saves; and the modules that summarise every step (the review, Complete,
 * the record, the history) read the registry rather than a list of their own. The type-level
 * half (a step left out does not compile) is tests/integration/wizard-registry.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TAB_NAMES } from "~/domain/wizard-steps";

const appDir = path.resolve(__dirname, "../app");
const rel = (p: string) => path.relative(appDir, p).split(path.sep).join("/");

function modules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return modules(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const sources = new Map(modules(appDir).map((f) => [rel(f), fs.readFileSync(f, "utf8")]));
const tabsNamedIn = (text: string) => TAB_NAMES.filter((tab) => new RegExp(`\\b${tab}\\b`).test(text));

/**
 * Where naming every tab is the point: the tab list itself (with each tab's page, order, default
 * and fields, from which the seed and installDeclaredTabs write its store-wide rows), the
 * registry, and the demo seed's rows for particular plans and enrollment types.
 */
const TAB_LISTS = [".server/db/seed/wizard-config.ts", ".server/wizard/registry/index.ts", "domain/wizard-steps.ts"];
/** The modules that summarise every step; each reads the steps from the registry. */
const CONSUMERS = [
  ".server/members/enrollment-history.ts",
  ".server/wizard/enrollment-record.ts",
  ".server/wizard/review-summary.ts",
  // not a summary: the step pages' routes, each served by its step's module
  ".server/wizard/step-route.ts",
  ".server/wizard/verify.ts",
];

describe("a wizard step is declared once", () => {
  it("lists the tabs only in the tab declarations, the registry and the demo seed (a module names at most the few tabs it reads)", () => {
    // the migrations name the tabs whose rows they change; five or more would be a list of steps
    const lists = [...sources].filter(([file, text]) => file !== ".server/db/migrations.ts" && tabsNamedIn(text).length >= 5);
    expect(lists.map(([file]) => file).sort()).toEqual(TAB_LISTS);
  });

  it("has one registry module per tab, declaring the step and what it saves", () => {
    const registry = [...sources].filter(([file]) => file.startsWith(".server/wizard/registry/"));
    for (const tab of TAB_NAMES) {
      const declaring = registry.filter(([, text]) => new RegExp(`const TAB = "${tab}";`).test(text));
      expect(
        declaring.map(([file]) => file),
        tab,
      ).toHaveLength(1);
      const [, text] = declaring[0];
      // its saved data: both shapes added to step-data.ts's maps under its own tab
      expect(text, tab).toMatch(new RegExp(`declare module "\\.\\./step-data"[\\s\\S]*interface StepData \\{\\s*${tab}:`));
      expect(text, tab).toMatch(new RegExp(`interface StepSecret \\{\\s*${tab}:`));
    }
    // step-data.ts declares no step of its own
    expect(tabsNamedIn(sources.get(".server/wizard/step-data.ts")!)).toEqual([]);
  });

  it("summarises every step by reading the registry: the review, Complete, the record and the history", () => {
    const readers = [...sources]
      .filter(([file, text]) => !file.startsWith(".server/wizard/registry/") && /\bSTEPS\[/.test(text))
      .map(([file]) => file)
      .sort();
    expect(readers).toEqual(CONSUMERS);
    // a consumer may single out a step it treats apart (the review, the agreement's own section), never list them
    for (const file of CONSUMERS) expect(tabsNamedIn(sources.get(file)!).length, file).toBeLessThanOrEqual(2);
  });
});
