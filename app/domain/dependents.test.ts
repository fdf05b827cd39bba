import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  MAX_DEPENDENTS,
  addOffer,
  addRefusal,
  canAddMore,
  countProblem,
  dependentTier,
  headingKey,
  nextAllowed,
  nextProblem,
  prefetchSelection,
  reaskSpouseAfterDelete,
  relationshipForNew,
  spouseAnswerOf,
  spouseAnswerPending,
  spouseQuestionApplies,
  spouseQuestionShown,
  type DependentPlanFlags,
  type Relationship,
} from "./dependents";

const deps = (spouses: number, children: number) => [
  ...Array.from({ length: spouses }, () => ({ relationship: "spouse" as Relationship })),
  ...Array.from({ length: children }, () => ({ relationship: "child" as Relationship })),
];
const PLAIN: DependentPlanFlags = { premier: false, premierL713: false, iha: false };
const L713: DependentPlanFlags = { ...PLAIN, premierL713: true };
const IHA: DependentPlanFlags = { ...PLAIN, iha: true };
const PREMIER: DependentPlanFlags = { ...PLAIN, premier: true };

describe("tiers and headings", () => {
  it("treats IC3 as IC and has no dependents for IO", () => {
    expect(dependentTier("IC3")).toBe("IC");
    expect(dependentTier("IO")).toBeNull();
    expect(dependentTier(null)).toBeNull();
  });
  it("heads the step by tier", () => {
    expect(headingKey("IC")).toBe("dependent.headingChild");
    expect(headingKey("IC3")).toBe("dependent.headingChild");
    expect(headingKey("IS")).toBe("dependent.headingSpouse");
    expect(headingKey("IF")).toBe("dependent.headingFamily");
    expect(headingKey("IO")).toBeNull();
  });
});

describe("relationship of a new dependent", () => {
  it("IS gives a spouse, IC a child, IF a spouse first and then children", () => {
    expect(relationshipForNew("IS", [])).toBe("spouse");
    expect(relationshipForNew("IS", deps(1, 0))).toBeNull();
    expect(relationshipForNew("IC", [])).toBe("child");
    expect(relationshipForNew("IC", deps(0, 3))).toBe("child");
    expect(relationshipForNew("IF", [])).toBe("spouse");
    expect(relationshipForNew("IF", deps(1, 0))).toBe("child");
    expect(relationshipForNew("IF", deps(1, 4))).toBe("child");
    expect(relationshipForNew("IO", [])).toBeNull();
  });
  it("never offers a spouse declined on the spouse question", () => {
    expect(relationshipForNew("IF", [], { spouseDeclined: true })).toBe("child");
    expect(relationshipForNew("IS", [], { spouseDeclined: true })).toBeNull();
  });
});

describe("count rules", () => {
  it("IS: one spouse and no children", () => {
    expect(countProblem("IS", deps(1, 0), PLAIN)).toBeNull();
    expect(countProblem("IS", deps(2, 0), PLAIN)).toBe("validation.dependentSpouseOne");
    expect(countProblem("IS", deps(1, 1), PLAIN)).toBe("validation.dependentTierMismatch");
  });
  it("IC with an L713 plan: one child", () => {
    expect(countProblem("IC", deps(0, 1), L713)).toBeNull();
    expect(countProblem("IC", deps(0, 2), L713)).toBe("validation.dependentL713");
    expect(addRefusal("IC", deps(0, 1), "child", L713)).toBe("validation.dependentL713");
    // the L713 rule is for Member + Children only
    expect(countProblem("IF", deps(1, 3), L713)).toBeNull();
  });
  it("IHA: IC at most 5 children, IF at most 9 dependents", () => {
    expect(countProblem("IC", deps(0, 5), IHA)).toBeNull();
    expect(countProblem("IC", deps(0, 6), IHA)).toBe("validation.dependentIhaIC");
    expect(countProblem("IF", deps(1, 8), IHA)).toBeNull();
    expect(countProblem("IF", deps(1, 9), IHA)).toBe("validation.dependentIhaIF");
    expect(countProblem("IF", deps(0, 10), IHA)).toBe("validation.dependentIhaIF");
  });
  it("otherwise: 9 children for IC and IF, one spouse for IS and IF, 10 in all", () => {
    expect(countProblem("IC", deps(0, 9), PLAIN)).toBeNull();
    expect(countProblem("IC", deps(0, 10), PLAIN)).toBe("validation.dependentChildMax");
    expect(countProblem("IC", deps(1, 1), PLAIN)).toBe("validation.dependentTierMismatch");
    expect(countProblem("IF", deps(1, 9), PLAIN)).toBeNull();
    expect(countProblem("IF", deps(0, 10), PLAIN)).toBe("validation.dependentChildMax");
    expect(countProblem("IF", deps(2, 1), PLAIN)).toBe("validation.dependentSpouseOne");
  });
  it("offers the form only while fewer than 10 exist", () => {
    expect(canAddMore(deps(1, 8))).toBe(true);
    expect(canAddMore(deps(1, 9))).toBe(false);
    expect(addRefusal("IF", deps(1, 9), "child", PLAIN)).toBe("validation.dependentMax");
  });
  it("never lets an add take a valid list past a rule (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom("IS", "IC", "IF"), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 12 }), fc.boolean(), fc.boolean(), (tier, s, c, l713, iha) => {
        const flags = { premier: false, premierL713: l713, iha };
        const list = deps(s, c);
        const offer = addOffer(tier, list, flags, null);
        if (offer.ok) {
          expect(countProblem(tier, [...list, { relationship: offer.relationship }], flags)).toBeNull();
          expect(list.length).toBeLessThan(MAX_DEPENDENTS);
        }
      })
    );
  });
});

describe("Next", () => {
  it("IF needs at least 2 dependents", () => {
    expect(nextProblem("IF", deps(1, 0), PLAIN)).toBe("validation.dependentIFMin");
    expect(nextAllowed("IF", deps(1, 1), PLAIN)).toBe(true);
    expect(nextAllowed("IF", deps(0, 2), PLAIN)).toBe(true);
  });
  it("IC needs exactly one child, or at least one with an IHA plan", () => {
    expect(nextProblem("IC", [], PLAIN)).toBe("validation.dependentICMin");
    expect(nextAllowed("IC", deps(0, 1), PLAIN)).toBe(true);
    expect(nextProblem("IC", deps(0, 2), PLAIN)).toBe("validation.dependentICExactlyOne");
    expect(nextAllowed("IC", deps(0, 3), IHA)).toBe(true);
    expect(nextProblem("IC", [], IHA)).toBe("validation.dependentICMin");
    expect(nextProblem("IC", deps(0, 2), L713)).toBe("validation.dependentL713");
  });
  it("IS needs the spouse", () => {
    expect(nextProblem("IS", [], PLAIN)).toBe("validation.dependentISMin");
    expect(nextAllowed("IS", deps(1, 0), PLAIN)).toBe(true);
  });
  it("a broken count rule blocks Next with its message", () => {
    expect(nextProblem("IC", deps(0, 6), IHA)).toBe("validation.dependentIhaIC");
  });
  it("premier plans: the spouse question answered, or a spouse present", () => {
    expect(nextProblem("IF", deps(0, 2), PREMIER, null)).toBe("validation.spouseStatus");
    expect(nextAllowed("IF", deps(0, 2), PREMIER, 0)).toBe(true);
    expect(nextAllowed("IF", deps(1, 1), PREMIER, null)).toBe(true);
    expect(nextProblem("IS", [], PREMIER, 0)).toBe("validation.dependentSpouseDeclined");
    // not on IHA carts
    expect(nextAllowed("IF", deps(0, 2), { ...PREMIER, iha: true }, null)).toBe(true);
  });
  it("has nothing to say for IO", () => {
    expect(nextProblem("IO", [], PLAIN)).toBeNull();
  });
});

describe("the spouse question", () => {
  it("is asked on premier, non-IHA carts whose tier has a spouse", () => {
    expect(spouseQuestionApplies("IF", PREMIER)).toBe(true);
    expect(spouseQuestionApplies("IS", PREMIER)).toBe(true);
    expect(spouseQuestionApplies("IC", PREMIER)).toBe(false);
    expect(spouseQuestionApplies("IF", { ...PREMIER, iha: true })).toBe(false);
    expect(spouseQuestionApplies("IF", PLAIN)).toBe(false);
  });
  it("must be answered before the first dependent", () => {
    expect(spouseAnswerPending("IF", [], PREMIER, null)).toBe(true);
    expect(addOffer("IF", [], PREMIER, null)).toEqual({ ok: false, reason: "validation.spouseStatus" });
    expect(spouseAnswerPending("IF", deps(1, 0), PREMIER, null)).toBe(false);
    expect(spouseAnswerPending("IF", [], PREMIER, 1)).toBe(false);
  });
  it("Yes on IF makes the first dependent a spouse; No makes it a child; No on IS leaves no one to add", () => {
    expect(addOffer("IF", [], PREMIER, 1)).toEqual({ ok: true, relationship: "spouse" });
    expect(addOffer("IF", [], PREMIER, 0)).toEqual({ ok: true, relationship: "child" });
    expect(addOffer("IS", [], PREMIER, 0)).toEqual({ ok: false, reason: "validation.dependentSpouseDeclined" });
    expect(addOffer("IS", deps(1, 0), PLAIN, null)).toEqual({ ok: false, reason: "validation.dependentSpouseOne" });
  });
  it("is shown while unanswered, while the list is empty, and while a spouse is held", () => {
    expect(spouseQuestionShown("IF", [], PREMIER, { answer: null, heldSpouse: false })).toBe(true);
    expect(spouseQuestionShown("IF", deps(1, 1), PREMIER, { answer: 1, heldSpouse: false })).toBe(false);
    expect(spouseQuestionShown("IF", deps(0, 2), PREMIER, { answer: 0, heldSpouse: true })).toBe(true);
    expect(spouseQuestionShown("IF", [], PLAIN, { answer: null, heldSpouse: false })).toBe(false);
  });
  it("is asked again when premier IF's list is emptied", () => {
    expect(reaskSpouseAfterDelete("IF", [], PREMIER)).toBe(true);
    expect(reaskSpouseAfterDelete("IF", deps(0, 1), PREMIER)).toBe(false);
    expect(reaskSpouseAfterDelete("IS", [], PREMIER)).toBe(false);
    expect(reaskSpouseAfterDelete("IF", [], PLAIN)).toBe(false);
  });
  it("reads the stored answer", () => {
    expect(spouseAnswerOf(1)).toBe(1);
    expect(spouseAnswerOf(0)).toBe(0);
    expect(spouseAnswerOf(null)).toBeNull();
    expect(spouseAnswerOf(7)).toBeNull();
  });
});

describe("bringing over an existing member's dependents", () => {
  it("keeps only what the tier covers, within the count rules", () => {
    const earlier = [...deps(1, 0), ...deps(0, 3)].map((d, i) => ({ ...d, i }));
    expect(prefetchSelection("IS", earlier, PLAIN).map((d) => d.i)).toEqual([0]);
    expect(prefetchSelection("IC", earlier, PLAIN).map((d) => d.i)).toEqual([1, 2, 3]);
    expect(prefetchSelection("IC", earlier, L713).map((d) => d.i)).toEqual([1]);
    expect(prefetchSelection("IF", earlier, PLAIN).map((d) => d.i)).toEqual([0, 1, 2, 3]);
    expect(prefetchSelection("IO", earlier, PLAIN)).toEqual([]);
  });
});
