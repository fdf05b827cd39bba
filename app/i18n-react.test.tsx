import { describe, expect, it } from "vitest";
import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { i18nConfig } from "~/i18n";
import { resources } from "~/.server/platform/i18n";
import { flatten, I18nextProvider, PageStrings, PAGE_STRINGS_ID, Trans, translator, useTranslation } from "./i18n-react";

async function i18nextFor(lng: "en" | "es") {
  const instance = createInstance();
  await instance.init({ ...i18nConfig, lng, resources });
  return instance;
}

describe("the browser's t gives what i18next gives", () => {
  for (const lng of ["en", "es"] as const) {
    it(`for every key in ${lng}, with and without values and counts`, async () => {
      const i18n = await i18nextFor(lng);
      const flat = flatten(resources[lng].common);
      const t = translator(lng, () => flat);
      const keys = new Set(Object.keys(flat).map((k) => k.replace(/_(one|other|zero)$/, "")));
      let compared = 0;
      for (const key of keys) {
        const names = [...(flat[key] ?? flat[`${key}_other`] ?? "").matchAll(/\{\{([^}]*)\}\}/g)].map((m) => m[1].trim());
        const values = Object.fromEntries(names.map((n, i) => [n, i % 2 ? 7 : `<v${i}>`]));
        const variants: Record<string, unknown>[] = [
          {},
          values,
          { ...values, count: 0 },
          { ...values, count: 1 },
          { ...values, count: 2 },
          { [names[0] ?? "x"]: undefined },
          { defaultValue: "fallback {{x}}", x: 1 },
        ];
        for (const options of variants) {
          expect(t(key, options as never), `${lng} ${key} ${JSON.stringify(options)}`).toBe(i18n.t(key, options as never));
          compared++;
        }
      }
      expect(t("no.such.key")).toBe(i18n.t("no.such.key"));
      expect(t("no.such.key", { defaultValue: "Shown {{n}}", n: 3 })).toBe(i18n.t("no.such.key", { defaultValue: "Shown {{n}}", n: 3 }));
      expect(compared).toBeGreaterThan(1000 * 7);
    });
  }
});

function Sample({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <p>
      {t("plans.add")} {t("currentMembers.count", { count })}
      <Trans t={t} i18nKey="pricing.salaryError" components={{ action: <a href="#salary" /> }} />
    </p>
  );
}

describe("strings sent with the page", () => {
  it("are exactly the ones the render used (each plural form of a counted key), in the page's language, safe inside <script>", async () => {
    const i18n = await i18nextFor("es");
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <Sample count={2} />
        <PageStrings />
      </I18nextProvider>,
    );
    const json = new RegExp(`<script type="application/json" id="${PAGE_STRINGS_ID}">(.*?)</script>`).exec(html)?.[1];
    expect(json).toBeTruthy();
    expect(json).not.toMatch(/<\/?[a-z]/i); // "<action>" is written \u003caction>
    const sent = JSON.parse(json!) as Record<string, string>;
    const es = flatten(resources.es.common);
    // count 2 in Spanish: "_other" is the form; the bare key does not exist, so it is not sent
    expect(sent).toEqual({
      "plans.add": es["plans.add"],
      "pricing.salaryError": es["pricing.salaryError"],
      "currentMembers.count_other": es["currentMembers.count_other"],
    });
    // the browser's t over what was sent renders what the server rendered
    const t = translator("es", () => sent);
    expect(html).toContain(`${t("plans.add")} ${t("currentMembers.count", { count: 2 })}`);
    expect(html).toContain('<a href="#salary">');
  });

  it("are looked up once per language and set of keys, and again when the translations change", async () => {
    // its own copy of the resources: this test changes one
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, lng: "en", resources: JSON.parse(JSON.stringify(resources)) as typeof resources });
    const page = (instance: typeof i18n, count: number) =>
      renderToStaticMarkup(
        <I18nextProvider i18n={instance}>
          <Sample count={count} />
          <PageStrings />
        </I18nextProvider>,
      );
    const sent = (html: string) =>
      JSON.parse(new RegExp(`<script type="application/json" id="${PAGE_STRINGS_ID}">(.*?)</script>`).exec(html)?.[1] ?? "null") as Record<
        string,
        string
      >;
    const first = sent(page(i18n, 2));
    expect(sent(page(i18n, 2))).toEqual(first);
    // other keys (count 1 uses the _one form), another language: their own strings
    expect(Object.keys(sent(page(i18n, 1)))).toContain("currentMembers.count_one");
    expect(Object.keys(sent(page(i18n, 1)))).not.toContain("currentMembers.count_other");
    const es = i18n.cloneInstance({ lng: "es" });
    await es.changeLanguage("es");
    expect(sent(page(es, 2))["plans.add"]).toBe(flatten(resources.es.common)["plans.add"]);
    expect(sent(page(i18n, 2))["plans.add"]).toBe(flatten(resources.en.common)["plans.add"]);
    // a changed translation is sent at once, in both the instance and its clone (they share the store)
    i18n.addResource("en", "common", "plans.add", "Put in the basket");
    expect(sent(page(i18n, 2))["plans.add"]).toBe("Put in the basket");
    expect(page(i18n, 2)).toContain("Put in the basket");
  });

  it("Trans puts the text between the tags into the component", async () => {
    const i18n = await i18nextFor("en");
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <Trans i18nKey="pricing.stateError" components={{ action: <a href="/x" /> }} />
      </I18nextProvider>,
    );
    expect(html).toBe('Plan not available in your state. Please change the state by <a href="/x">editing your basic info above</a>.');
  });
});
