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
      en: { common: { hello: "Hello", greet: "Hi {{name}}", item_one: "{{count}} item", item_other: "{{count}} items", nested: { a: "A" } } },
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

  it("never memoises calls with values, and leaves missing keys to i18next", async () => {
    const { memo, clone } = await setup();
    const en = clone("en");
    expect(en.t("greet", { name: "Ana" })).toBe("Hi Ana");
    expect(en.t("greet", { name: "Luis" })).toBe("Hi Luis");
    expect(en.t("item", { count: 1 })).toBe("1 item");
    expect(en.t("item", { count: 2 })).toBe("2 items");
    expect(en.t("nope")).toBe("nope");
    expect(memo.size()).toBe(0);
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
