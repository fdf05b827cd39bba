import { describe, expect, it } from "vitest";
import { createInstance } from "i18next";
import { resources } from "~/.server/platform/i18n";
import { welcomeTo } from "./welcome";

async function tFor(lng: "en" | "es") {
  const i18n = createInstance();
  await i18n.init({ lng, resources, defaultNS: "common", interpolation: { escapeValue: false } });
  return (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;
}

describe("the landing's welcome line (issue 26 #8)", () => {
  it("a rep's page is their store, not a place named after them", async () => {
    const en = await tFor("en");
    expect(welcomeTo(en, { kind: "rep", name: "Jane Carter" })).toBe("Welcome to Jane Carter's benefit store");
    expect(welcomeTo(en, { kind: "group", name: "Acme Logistics" })).toBe("Welcome to Acme Logistics");
    const es = await tFor("es");
    expect(welcomeTo(es, { kind: "rep", name: "Jane Carter" })).toBe("Bienvenido a la tienda de beneficios de Jane Carter");
  });
});
