import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  MAX_DEPENDENTS,
  addOffer,
  addRefusal,
  canAddMore,
  childLimit,
  dependentAgeProblem,
  countProblem,
  dependentCountProblem,
  dependentCounts,
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
      fc.property(
        fc.constantFrom("IS", "IC", "IF"),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 12 }),
        fc.boolean(),
        fc.boolean(),
        (tier, s, c, l713, iha) => {
          const flags = { premier: false, premierL713: l713, iha };
          const list = deps(s, c);
          const offer = addOffer(tier, list, flags, null);
          if (offer.ok) {
            expect(countProblem(tier, [...list, { relationship: offer.relationship }], flags)).toBeNull();
            expect(list.length).toBeLessThan(MAX_DEPENDENTS);
          }
        },
      ),
    );
  });
});

describe("dependentCountProblem: the count rule for Next and for completion", () => {
  const counts = (spouses: number, children: number) => ({ spouses, children });
  it("IC on an ordinary plan: a family of 1 to 9 children gets through, 10 does not, none does not", () => {
    for (let n = 1; n <= 9; n++) expect(dependentCountProblem("IC", counts(0, n), PLAIN), `${n} children`).toBeNull();
    expect(dependentCountProblem("IC", counts(0, 10), PLAIN)).toBe("validation.dependentChildMax");
    expect(dependentCountProblem("IC", counts(0, 0), PLAIN)).toBe("validation.dependentICMin");
    expect(dependentCountProblem("IC3", counts(0, 3), PLAIN)).toBeNull();
    expect(dependentCountProblem("IC", counts(1, 2), PLAIN)).toBe("validation.dependentTierMismatch");
  });
  it("IC with an IHA plan: 5 children pass, 6 do not", () => {
    expect(dependentCountProblem("IC", counts(0, 1), IHA)).toBeNull();
    expect(dependentCountProblem("IC", counts(0, 5), IHA)).toBeNull();
    expect(dependentCountProblem("IC", counts(0, 6), IHA)).toBe("validation.dependentIhaIC");
  });
  it("IC with an L713 plan: 1 child passes, 2 do not (the only place 'exactly one' applies)", () => {
    expect(dependentCountProblem("IC", counts(0, 1), L713)).toBeNull();
    expect(dependentCountProblem("IC", counts(0, 2), L713)).toBe("validation.dependentL713");
    expect(dependentCountProblem("IC", counts(0, 0), L713)).toBe("validation.dependentICMin");
    // both in the cart: the tighter limit
    expect(dependentCountProblem("IC", counts(0, 2), { ...L713, iha: true })).toBe("validation.dependentL713");
  });
  it("IF: a spouse and at least one child; one spouse; 9 children; 9 in all with an IHA plan", () => {
    expect(dependentCountProblem("IF", counts(1, 1), PLAIN)).toBeNull();
    expect(dependentCountProblem("IF", counts(1, 9), PLAIN)).toBeNull();
    expect(dependentCountProblem("IF", counts(1, 0), PLAIN)).toBe("validation.dependentIFMin");
    expect(dependentCountProblem("IF", counts(0, 2), PLAIN)).toBe("validation.dependentIFMin");
    expect(dependentCountProblem("IF", counts(0, 0), PLAIN)).toBe("validation.dependentIFMin");
    expect(dependentCountProblem("IF", counts(2, 1), PLAIN)).toBe("validation.dependentSpouseOne");
    expect(dependentCountProblem("IF", counts(1, 10), PLAIN)).toBe("validation.dependentChildMax");
    expect(dependentCountProblem("IF", counts(1, 8), IHA)).toBeNull();
    expect(dependentCountProblem("IF", counts(1, 9), IHA)).toBe("validation.dependentIhaIF");
    // L713 limits Member + Children only
    expect(dependentCountProblem("IF", counts(1, 3), L713)).toBeNull();
  });
  it("IS: exactly one spouse, no children", () => {
    expect(dependentCountProblem("IS", counts(1, 0), PLAIN)).toBeNull();
    expect(dependentCountProblem("IS", counts(0, 0), PLAIN)).toBe("validation.dependentISMin");
    expect(dependentCountProblem("IS", counts(2, 0), PLAIN)).toBe("validation.dependentSpouseOne");
    expect(dependentCountProblem("IS", counts(1, 1), PLAIN)).toBe("validation.dependentTierMismatch");
  });
  it("IO: no dependents at all", () => {
    expect(dependentCountProblem("IO", counts(0, 0), PLAIN)).toBeNull();
    expect(dependentCountProblem("IO", counts(0, 1), PLAIN)).toBe("validation.dependentTierMismatch");
  });
  it("child limits by tier and plan", () => {
    expect([
      childLimit("IC", PLAIN),
      childLimit("IC", IHA),
      childLimit("IC", L713),
      childLimit("IF", IHA),
      childLimit("IS", PLAIN),
    ]).toEqual([9, 5, 1, 9, 0]);
  });
  it("Next allowed means the count rule holds (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("IS", "IC", "IF", "IO"),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 11 }),
        fc.record({ premier: fc.boolean(), premierL713: fc.boolean(), iha: fc.boolean() }),
        fc.constantFrom(0, 1, null),
        (tier, s, c, flags, answer) => {
          const list = deps(s, c);
          if (tier !== "IO" && nextProblem(tier, list, flags, answer as 0 | 1 | null) === null)
            expect(dependentCountProblem(tier, dependentCounts(list), flags)).toBeNull();
          // and the message, when the counts break a rule, is that rule's (or the spouse question's)
          const rule = dependentCountProblem(tier, dependentCounts(list), flags);
          if (tier !== "IO" && rule) expect(nextProblem(tier, list, flags, answer as 0 | 1 | null)).not.toBeNull();
        },
      ),
    );
  });
});

describe("Next", () => {
  it("IF needs a spouse and at least one child", () => {
    expect(nextProblem("IF", deps(1, 0), PLAIN)).toBe("validation.dependentIFMin");
    expect(nextAllowed("IF", deps(1, 1), PLAIN)).toBe(true);
    expect(nextProblem("IF", deps(0, 2), PLAIN)).toBe("validation.dependentIFMin");
  });
  it("IC needs 1 to the limit of children: any family of up to 9 on an ordinary plan", () => {
    expect(nextProblem("IC", [], PLAIN)).toBe("validation.dependentICMin");
    expect(nextAllowed("IC", deps(0, 1), PLAIN)).toBe(true);
    expect(nextAllowed("IC", deps(0, 2), PLAIN)).toBe(true);
    expect(nextAllowed("IC", deps(0, 3), PLAIN)).toBe(true);
    expect(nextAllowed("IC", deps(0, 9), PLAIN)).toBe(true);
    expect(nextProblem("IC", deps(0, 10), PLAIN)).toBe("validation.dependentChildMax");
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
    // No holds the spouse aside: Member + Family then waits for a Yes (or another tier)
    expect(nextProblem("IF", deps(0, 2), PREMIER, 0)).toBe("validation.dependentSpouseDeclined");
    expect(nextAllowed("IF", deps(1, 1), PREMIER, null)).toBe(true);
    expect(nextAllowed("IF", deps(1, 1), PREMIER, 1)).toBe(true);
    expect(nextProblem("IS", [], PREMIER, 0)).toBe("validation.dependentSpouseDeclined");
    // not on IHA carts
    expect(nextProblem("IF", deps(0, 2), { ...PREMIER, iha: true }, null)).toBe("validation.dependentIFMin");
    expect(nextAllowed("IF", deps(1, 2), { ...PREMIER, iha: true }, null)).toBe(true);
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
  it("never refuses Next with 'Choose Yes to the spouse question' while the question is hidden (issue 26 #12)", () => {
    // No, then a child: Next needs the Yes, so the question stays
    expect(nextProblem("IF", deps(0, 1), PREMIER, 0)).toBe("validation.dependentSpouseDeclined");
    expect(spouseQuestionShown("IF", deps(0, 1), PREMIER, { answer: 0, heldSpouse: false })).toBe(true);
    const tiers = fc.constantFrom("IS", "IC", "IF", "IO");
    const flags = fc.record({ premier: fc.boolean(), premierL713: fc.boolean(), iha: fc.boolean() });
    const answer = fc.constantFrom<0 | 1 | null>(0, 1, null);
    fc.assert(
      fc.property(tiers, fc.nat(2), fc.nat(10), flags, answer, fc.boolean(), (tier, s, c, f, a, held) => {
        const list = deps(s, c);
        const refusal = nextProblem(tier, list, f, a);
        if (refusal === "validation.dependentSpouseDeclined" || refusal === "validation.spouseStatus")
          expect(spouseQuestionShown(tier, list, f, { answer: a, heldSpouse: held })).toBe(true);
      }),
    );
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

describe("ages (issue 26 #11)", () => {
  const today = "2026-06-15";
  it("a spouse is at least 18", () => {
    expect(dependentAgeProblem("spouse", "2008-06-16", today, false)).toBe("validation.dependentSpouseAge");
    expect(dependentAgeProblem("spouse", "2015-01-01", today, true)).toBe("validation.dependentSpouseAge");
    expect(dependentAgeProblem("spouse", "2008-06-15", today, false)).toBeNull();
  });
  it("a child is under 26 unless legally disabled", () => {
    expect(dependentAgeProblem("child", "2000-06-16", today, false)).toBeNull();
    expect(dependentAgeProblem("child", "2000-06-15", today, false)).toBe("validation.dependentChildAge");
    expect(dependentAgeProblem("child", "1990-01-01", today, false)).toBe("validation.dependentChildAge");
    expect(dependentAgeProblem("child", "1990-01-01", today, true)).toBeNull();
    expect(dependentAgeProblem("child", "2026-01-01", today, false)).toBeNull();
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
