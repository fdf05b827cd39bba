import { describe, expect, it, vi } from "vitest";
import { createInstance } from "i18next";
import { createTranslationMemo } from "./i18n-memo";

async function setup() {
  const base = createInstance();
  await base.init({
    lng: "en",
    fallbackLng: "en",
    defaultNS: "common",
    ns: ["common"],
    interpolation: { escapeValue: false },
    resources: {
      en: {
        common: { hello: "Hello", greet: "Hi {{name}}", item_one: "{{count}} item", item_other: "{{count}} items", nested: { a: "A" } },
      },
      es: { common: { hello: "Hola", greet: "Hola {{name}}" } },
    },
  });
  const memo = createTranslationMemo(base);
  const clone = (lng: string) => memo.wrap(base.cloneInstance({ lng }));
  return { base, memo, clone };
}

describe("memoised constant translations", () => {
  it("answers constant keys per language and namespace, from the memo after the first time", async () => {
    const { memo, clone } = await setup();
    const en = clone("en");
    const es = clone("es");
    await es.changeLanguage("es");
    expect(en.t("hello")).toBe("Hello");
    expect(es.t("hello")).toBe("Hola");
    expect(en.getFixedT("es", "common")("hello")).toBe("Hola");
    expect(es.getFixedT("en", "common", "nested")("a")).toBe("A");
    // as react-i18next's useTranslation asks: no language of its own (lngs: null)
    expect(es.getFixedT(null, "common")("hello")).toBe("Hola");
    expect(memo.size()).toBe(3);
    expect(clone("en").t("hello")).toBe("Hello");
    expect(clone("en").getFixedT(null, "common")("hello")).toBe("Hello");
    expect(memo.size()).toBe(3);
    // answered from the memo: i18next's translator is not asked again
    const later = clone("es");
    await later.changeLanguage("es");
    const translate = vi.spyOn((later as unknown as { translator: { translate: () => unknown } }).translator, "translate");
    expect(later.getFixedT(null, "common")("hello")).toBe("Hola");
    expect(later.t("hello")).toBe("Hola");
    expect(translate).not.toHaveBeenCalled();
  });

  it("never memoises answers with values, and leaves missing keys to i18next", async () => {
    const { memo, clone } = await setup();
    const en = clone("en");
    expect(en.t("greet", { name: "Ana" })).toBe("Hi Ana");
    expect(en.t("greet", { name: "Luis" })).toBe("Hi Luis");
    expect(en.t("item", { count: 1 })).toBe("1 item");
    expect(en.t("item", { count: 2 })).toBe("2 items");
    expect(en.t("nope")).toBe("nope");
    expect(en.t("nope", { name: "Ana" })).toBe("nope");
    expect(memo.size()).toBe(0);
    // the template of "greet" is kept (per language), its answers are not
    expect(memo.templates()).toBe(1);
  });

  it("fills a template in as i18next does: per language, fallback, numbers, unknown and missing values", async () => {
    const { base, memo, clone } = await setup();
    base.addResource("en", "common", "two", "{{a}} and {{ b }} and {{c}}");
    const en = clone("en");
    const es = clone("es");
    await es.changeLanguage("es");
    // the same calls on a plain i18next instance (no memo) give the same answers
    const plain = base.cloneInstance({ lng: "en" });
    type Values = Record<string, string | number>;
    const fn = (t: unknown) => t as (key: string, values: Values) => unknown;
    const calls: [(key: string, values: Values) => unknown, string, string, Values][] = [
      [fn(en.t), "en", "greet", { name: "Ana" }],
      [fn(es.t), "es", "greet", { name: "Ana" }],
      [fn(es.t), "es", "two", { a: "x", b: 2 }], // falls back to English
      [fn(en.t), "en", "two", { a: "", b: 0, c: "$1 {{a}}" }], // c is left as written
      [fn(en.getFixedT("es", "common")), "es", "greet", { name: "Luis" }],
    ];
    for (const [t, lng, key, values] of calls) expect(t(key, values)).toBe(plain.t(key, { ...values, lng }));
    expect(memo.templates()).toBe(4);
    // i18next answers from then on without its translator for these
    const translate = vi.spyOn((en as unknown as { translator: { translate: () => unknown } }).translator, "translate");
    expect(en.t("greet", { name: "Eve" })).toBe("Hi Eve");
    expect(translate).not.toHaveBeenCalled();
    // options of i18next's own still go to i18next
    expect(en.t("greet", { name: "Ana", defaultValue: "x" })).toBe("Hi Ana");
    expect(en.t("greet", { name: { first: "Ana" } } as never)).toBe(plain.t("greet", { name: { first: "Ana" } } as never));
    expect(translate).toHaveBeenCalledTimes(2);
  });

  it("answers a plural call with only a whole count per language, key and count, as i18next does", async () => {
    const { base, memo, clone } = await setup();
    base.addResource("es", "common", "item_one", "{{count}} artículo");
    base.addResource("es", "common", "item_other", "{{count}} artículos");
    const en = clone("en");
    const es = clone("es");
    await es.changeLanguage("es");
    const plain = base.cloneInstance({ lng: "en" });
    for (const count of [0, 1, 2, 7, 1000]) {
      expect(en.t("item", { count })).toBe(plain.t("item", { count, lng: "en" }));
      expect(es.t("item", { count })).toBe(plain.t("item", { count, lng: "es" }));
      expect(es.getFixedT(null, "common")("item", { count })).toBe(plain.t("item", { count, lng: "es" }));
    }
    expect(en.t("item", { count: 1 })).toBe("1 item");
    expect(es.t("item", { count: 2 })).toBe("2 artículos");
    expect(memo.counts()).toBe(10);
    // from then on without i18next's translator
    const translate = vi.spyOn((en as unknown as { translator: { translate: () => unknown } }).translator, "translate");
    expect(en.t("item", { count: 2 })).toBe("2 items");
    expect(en.getFixedT(null, "common")("item", { count: 1 })).toBe("1 item");
    expect(translate).not.toHaveBeenCalled();
    // anything but a whole count from 0 up, other options, a missing key: i18next every time
    for (const options of [
      { count: -1 },
      { count: 1.5 },
      { count: -0 },
      { count: "2" },
      { count: 2, ordinal: true },
      { count: 2, name: "x" },
    ])
      expect(en.t("item", options as never)).toBe(plain.t("item", { ...(options as object), lng: "en" } as never));
    expect(en.t("nope", { count: 2 })).toBe("nope");
    expect(translate).toHaveBeenCalledTimes(7);
    expect(memo.counts()).toBe(10);
    // a changed translation is answered at once
    base.addResource("en", "common", "item_other", "{{count}} things");
    expect(memo.counts()).toBe(0);
    expect(clone("en").t("item", { count: 2 })).toBe("2 things");
  });

  it("answers every kind of call as plain i18next does, the first time and from the memo", async () => {
    const { base, clone } = await setup();
    base.addResource("en", "common", "ctx_male", "He");
    base.addResource("en", "common", "ctx", "They");
    const plain = base.cloneInstance({ lng: "en" });
    const es = clone("es");
    await es.changeLanguage("es");
    const en = clone("en");
    const cases: [string, Record<string, unknown> | undefined][] = [
      ["hello", undefined],
      ["hello", {}],
      ["hello", { name: undefined }],
      ["greet", { name: undefined }],
      ["greet", { name: null }],
      ["greet", { name: "Ana", lng: undefined, keyPrefix: undefined, lngs: null }],
      ["hello", { lngs: ["es"] }],
      ["a", { keyPrefix: "nested" }],
      ["hello", { ns: "common" }],
      ["hello", { lng: "es" }],
      ["greet", { name: "Ana", lng: "es" }],
      ["item", { count: undefined }],
      ["item", { count: null }],
      ["item", { count: 3, lng: "es" }],
      ["item", { count: 3, defaultValue: "x" }],
      ["ctx", { context: "male" }],
      ["ctx", { context: undefined }],
      ["greet", { name: 3 }],
      ["greet", { name: Number.NaN }],
      ["greet", { name: "Ana", count: 1 }],
      ["nope", { name: "Ana" }],
      ["nope", undefined],
    ];
    for (const [instance, lng] of [
      [en, "en"],
      [es, "es"],
    ] as const) {
      const t = instance.t as unknown as (key: string, options?: unknown) => unknown;
      for (const [key, options] of cases) {
        const expected = plain.t(key, { ...options, lng: (options?.lng as string | undefined) ?? lng } as never);
        // twice: the second answer may come from the memo
        expect(t(key, options), `${lng} ${key} ${JSON.stringify(options)}`).toBe(expected);
        expect(t(key, options), `${lng} ${key} ${JSON.stringify(options)} again`).toBe(expected);
      }
    }
  });

  it("forgets everything when the resources change", async () => {
    const { base, memo, clone } = await setup();
    expect(clone("en").t("hello")).toBe("Hello");
    expect(memo.size()).toBe(1);
    base.addResource("en", "common", "hello", "Howdy");
    expect(memo.size()).toBe(0);
    expect(clone("en").t("hello")).toBe("Howdy");
  });
});
