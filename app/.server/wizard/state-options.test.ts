import { describe, expect, it } from "vitest";
import { US_STATES } from "../adapters/data/zip3-states";
import { stateOptions } from "./state-options";

describe("state options", () => {
  it("lists every code of the ZIP table, in its order, in both languages", () => {
    const codes = US_STATES.map((s) => s.abbrev);
    expect(stateOptions("en").map((o) => o.value)).toEqual(codes);
    expect(stateOptions("es").map((o) => o.value)).toEqual(codes);
  });
  it("names the states in English as the ZIP table does, and in Spanish in Spanish", () => {
    expect(stateOptions("en").map((o) => o.label)).toEqual(US_STATES.map((s) => s.name));
    const es = Object.fromEntries(stateOptions("es").map((o) => [o.value, o.label]));
    expect(es).toMatchObject({
      NY: "Nueva York",
      NC: "Carolina del Norte",
      WV: "Virginia Occidental",
      DC: "Distrito de Columbia",
      PR: "Puerto Rico",
      TX: "Texas",
      AE: "Fuerzas Armadas en Europa",
    });
    expect(new Set(Object.values(es)).size).toBe(US_STATES.length);
  });
  it("falls back to English for a language it does not know", () => {
    expect(stateOptions("fr")).toEqual(stateOptions("en"));
  });
});
