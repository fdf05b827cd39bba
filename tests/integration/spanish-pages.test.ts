/**
 * Spanish pages speak Spanish (issue 14, "Both languages"): every page's <title> comes from
 * the translations (never an English literal), the 404 and error pages have their own title,
 * and the wizard's state lists name the states in Spanish. The rendered pages themselves are
 * checked word by word in tests/e2e/spanish.spec.ts.
 */
import fs from "node:fs";
import path from "node:path";
import type { MetaDescriptor } from "@remix-run/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as root from "~/root";
import { loader as contactLoader } from "~/routes/enrollment.contact-info";
import { loader as employerLoader } from "~/routes/enrollment.employer-info";
import { loader as billingLoader } from "~/routes/enrollment.billing-information";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { inWizard, markStepsDone } from "../support/journeys";
import type { ShellData } from "~/views/shell";

const localesDir = path.resolve(__dirname, "../../public/locales");
const load = (lng: string) => JSON.parse(fs.readFileSync(path.join(localesDir, lng, "common.json"), "utf8"));
function flatten(obj: Record<string, unknown>, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === "object") Object.assign(out, flatten(v as Record<string, unknown>, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = String(v);
  }
  return out;
}
const en = flatten(load("en"));
const es = flatten(load("es"));
/** English texts a Spanish page must never show: English values that differ from their Spanish value and are no Spanish text either. */
const spanishValues = new Set(Object.values(es));
const englishOnly = new Set(
  Object.entries(en)
    .filter(([k, v]) => es[k] !== v && !spanishValues.has(v))
    .map(([, v]) => v),
);

/** Every route module that renders a page (a default export), by file name. */
const modules = import.meta.glob<Record<string, unknown>>("../../app/routes/*.tsx", { eager: true });
const pages = Object.entries(modules)
  .map(([file, mod]) => [path.basename(file), mod] as const)
  // layouts only frame their children: their title is never the page's
  .filter(([file, mod]) => typeof mod.default === "function" && !["_store.tsx", "enrollment.tsx", "admin.tsx"].includes(file));

type Meta = (args: Record<string, unknown>) => MetaDescriptor[] | undefined;
const notFound = { status: 404, statusText: "Not Found", internal: false, data: "Not Found" };

/** The <title> Remix would render for a page: the root's meta, then the page's (with no page data, as when its loader failed). */
function titleOf(mod: Record<string, unknown>, shell: ShellData, error?: unknown): string | undefined {
  const location = { pathname: "/x", search: "", hash: "", state: null, key: "default" };
  const rootMatch = { id: "root", data: shell, params: {}, pathname: "/", handle: root.handle, meta: [] as MetaDescriptor[], error };
  rootMatch.meta = (root.meta as unknown as Meta)({ data: shell, params: {}, location, matches: [rootMatch], error }) ?? [];
  const leaf = { id: "routes/page", data: undefined, params: {}, pathname: "/x", handle: mod.handle, meta: [] as MetaDescriptor[], error };
  const meta =
    typeof mod.meta === "function"
      ? ((mod.meta as Meta)({ data: undefined, params: {}, location, matches: [rootMatch, leaf], error }) ?? [])
      : rootMatch.meta;
  const titled = meta.filter((d): d is { title: string } => "title" in d);
  return titled.at(-1)?.title;
}

describeEachDatabase("Spanish pages", (kind) => {
  let app: TestApp;
  let shellEn: ShellData;
  let shellEs: ShellData;
  beforeAll(async () => {
    app = await createTestApp(kind);
    shellEn = (await new TestClient(app.services).load(root.loader, "/?lng=en")).data;
    shellEs = (await new TestClient(app.services).load(root.loader, "/?lng=es")).data;
    expect(shellEs.locale).toBe("es");
  });
  afterAll(() => app.close());

  it("gives every page a title of its own, from the translations, in Spanish on Spanish pages", () => {
    expect(pages.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const [file, mod] of pages) {
      const titleEn = titleOf(mod, shellEn);
      const titleEs = titleOf(mod, shellEs);
      if (!titleEn || !titleEs) wrong.push(`${file}: no title`);
      else if (titleEs === titleEn) wrong.push(`${file}: "${titleEs}" in both languages`);
      else if (titleEs.split(" · ").some((part) => englishOnly.has(part))) wrong.push(`${file}: English "${titleEs}" on a Spanish page`);
    }
    expect(wrong).toEqual([]);
  });

  it("names the page in the title, not only the site", () => {
    const bare = pages.filter(([, mod]) => titleOf(mod, shellEn) === shellEn.site.name).map(([file]) => file);
    expect(bare).toEqual([]);
  });

  it("titles the 404 page 'Page not found' in the visitor's language, wherever the 404 comes from", () => {
    const catchAll = pages.find(([file]) => file === "$.tsx")![1];
    const planPage = pages.find(([file]) => file === "_store.plan.$id.$planName.tsx")![1];
    for (const mod of [root as Record<string, unknown>, catchAll, planPage]) {
      expect(titleOf(mod, shellEn, notFound)).toBe(`Page not found · ${shellEn.site.name}`);
      expect(titleOf(mod, shellEs, notFound)).toBe(`Página no encontrada · ${shellEs.site.name}`);
    }
    const page404 = pages.find(([file]) => file === "404.tsx")![1];
    expect(titleOf(page404, shellEs)).toBe(`Página no encontrada · ${shellEs.site.name}`);
    // other failures are titled by what went wrong
    const server = { status: 500, statusText: "Internal Server Error", internal: false, data: "" };
    expect(titleOf(root as Record<string, unknown>, shellEs, server)).toBe(`Algo salió mal · ${shellEs.site.name}`);
    expect(titleOf(root as Record<string, unknown>, shellEs, new Error("boom"))).toBe(`Algo salió mal · ${shellEs.site.name}`);
  });

  it("names the states in Spanish in the wizard's state lists (contact, employer, billing)", async () => {
    // an IHA plan asks for the employer (and its address) too
    const { client } = await inWizard(app, { category: "limited_medical", plans: ["KHA-IHA"] });
    await client.load(root.loader, "/?lng=es");
    const id = (await client.session()).tempId!;
    const steps: string[] = JSON.parse(
      (await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow()).step_list ?? "[]",
    );
    const byTab = {
      contact_info: [contactLoader, "/enrollment/contact-info"],
      employer_info: [employerLoader, "/enrollment/employer-info"],
      billing_info: [billingLoader, "/enrollment/billing-information"],
    } as const;
    const seen: string[] = [];
    for (const [tab, [loader, url]] of Object.entries(byTab)) {
      if (!steps.includes(tab)) continue;
      await markStepsDone(app, client, steps.slice(0, steps.indexOf(tab)));
      const res = await client.load(loader, url);
      expect(res.status, `${tab}: ${JSON.stringify(res.data).slice(0, 200)}`).toBe(200);
      const label = (code: string) => res.data.states.find((s: { value: string }) => s.value === code)?.label;
      expect(label("NY"), tab).toBe("Nueva York");
      expect(label("NC"), tab).toBe("Carolina del Norte");
      expect(label("PR"), tab).toBe("Puerto Rico");
      expect(label("TX"), tab).toBe("Texas");
      expect(
        res.data.states.map((s: { label: string }) => s.label).filter((l: string) => englishOnly.has(l)),
        tab,
      ).toEqual([]);
      seen.push(tab);
    }
    expect(seen).toEqual(["contact_info", "employer_info", "billing_info"]);
  });
});
