import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { MASK, maskedInterchange, shownBadValue } from "./masked";

const golden = fs.readFileSync(new URL("../../../tests/integration/__golden__/carrier-feed-add.834", import.meta.url), "utf8");

describe("an interchange as the console shows it", () => {
  it("masks every name, identifier, date of birth, address and contact; keeps the envelope and codes", () => {
    const shown = maskedInterchange(golden)!;
    const segs = shown.split("~").map((s) => s.trim());
    for (const s of segs.filter((x) => x.startsWith("NM1*IL")))
      expect(
        s
          .split("*")
          .slice(3)
          .filter((v) => v && v !== MASK && v !== "34" && v !== "ZZ"),
      ).toEqual([]);
    for (const s of segs.filter((x) => x.startsWith("DMG*"))) expect(s.split("*")[2]).toBe(MASK);
    for (const s of segs.filter((x) => x.startsWith("N3*")))
      expect(
        s
          .split("*")
          .slice(1)
          .every((v) => v === MASK),
      ).toBe(true);
    for (const s of segs.filter((x) => x.startsWith("REF*0F"))) expect(s.split("*")[2]).toBe(MASK);
    // every value the original's personal segments held is gone from what is shown
    const original = golden.split("~").map((s) => s.trim());
    const personal = original
      .filter((s) => /^(NM1\*IL|N3|DMG|PER)\*/.test(s))
      .flatMap((s) => s.split("*").slice(s.startsWith("NM1") ? 3 : 1))
      .filter((v) => v.length > 3 && !/^(D8|34|ZZ|TE|EM|HP|IP)$/.test(v));
    expect(personal.length).toBeGreaterThan(0);
    for (const v of personal) expect(shown).not.toContain(v);
    // the envelope, the codes and the dates an operator reads a problem by stay
    expect(segs[0]).toBe(golden.split("~")[0]);
    expect(shown).toContain("INS*Y*18*021*28");
    expect(shown).toContain("DTP*348*D8*");
  });

  it("shows nothing of a text that is not X12", () => {
    expect(maskedInterchange("member_id,first_name\n1,Jane")).toBeNull();
  });

  it("keeps a bad value only from a segment that identifies nobody", () => {
    expect(shownBadValue("NM1", "123456789")).toBeUndefined();
    expect(shownBadValue("DMG", "19800101")).toBeUndefined();
    expect(shownBadValue("HD", "XYZ")).toBe("XYZ");
  });
});
