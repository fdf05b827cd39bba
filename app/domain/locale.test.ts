import { describe, expect, it } from "vitest";
import { localeOf } from "./locale";

describe("localeOf", () => {
  it("is Spanish only for exactly 'es', English for anything else", () => {
    expect(localeOf("es")).toBe("es");
    expect(localeOf("en")).toBe("en");
    expect(localeOf("ES")).toBe("en");
    expect(localeOf("fr")).toBe("en");
    expect(localeOf(undefined)).toBe("en");
    expect(localeOf(null)).toBe("en");
  });
});
