import { describe, expect, it } from "vitest";
import { portalName, portalOption } from "./portal";

describe("a portal's name in the page's language", () => {
  const portal = { id: 2, code: "EMPLOYER", name: "Employer Benefits Portal", name_es: "Portal de beneficios para empleadores" };
  it("is the Spanish name on Spanish pages and the English one otherwise", () => {
    expect(portalName(portal, "es")).toBe("Portal de beneficios para empleadores");
    expect(portalName(portal, "en")).toBe("Employer Benefits Portal");
    expect(portalOption(portal, "es")).toEqual({ value: "2", label: "Portal de beneficios para empleadores (EMPLOYER)" });
  });
  it("falls back to the English name when a portal has no Spanish one", () => {
    expect(portalName({ name: "Senior Market", name_es: null }, "es")).toBe("Senior Market");
  });
});
