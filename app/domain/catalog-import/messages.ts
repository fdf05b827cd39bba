/**
 * What can be wrong with a catalog file, one code per kind of problem (issue 27). The English
 * wording here is the importer's own — the command line prints it, and it reads like the file's
 * columns ("row 214, IndividualRate: not a number"); the console shows the same problem in the
 * operator's language from `admin.catalog.problems.<code>` (English and Spanish locale files; a
 * test keeps the English there equal to this table). `{{name}}` marks a value.
 */
export const PROBLEM_MESSAGES = {
  missing: "missing",
  notANumber: "not a number",
  negativeAmount: "a negative amount",
  tooMuchMoney: "more than $999,999.99",
  notWholeNumber: "not a whole number",
  notBetween: "not between {{min}} and {{max}}",
  notRealDate: "not a real date",
  notDate: "not a date (YYYY-MM-DD)",
  notYesNo: "not yes or no",
  bandReversed: "the band's first age is above its last",
  ageAbove: "an age above {{max}}",
  notAgeBand: 'not an age band (e.g. "18-64", "40", "65+" or "all")',
  notPufAge: 'not an age ("0-14", "15" to "63", "64 and over" or "Family Option")',
  notPlansList: 'not a list of plans (an array, or { "plans": [...] })',
  tooLong: "longer than {{max}} characters",
  codeRepeated: "{{code}} is already at row {{row}}",
  notStatus: "not offered or withdrawn",
  notStates: "not states: {{states}}",
  belowAgeMin: "below age_min",
  notAudience: "not all, under65 or over65",
  columnMissing: "column missing",
  notStateOrAll: "not a state's two letters or all",
  notTier: "not IO, IS, IC or IF",
  notGender: "not M, F or empty",
  notTobaccoFlag: "not Y, N or empty",
  notDollars: "not a whole number of dollars",
  before: "before {{column}}",
  notTierRatingArea: 'not a rating area ("TX:1")',
  areaNotOfState: "not an area of the row's state",
  notHiosId: "not a HIOS plan id (5 digits, state, 7 digits, e.g. 21989AK0030001)",
  notPufRatingArea: 'not a rating area ("Rating Area 1")',
  notPufTobacco: 'not "No Preference" or "Tobacco User/Non-Tobacco User"',
  notState: "not a state's two letters",
  notAreaNumber: 'not a rating area number ("1" or "Rating Area 1")',
  notThreeDigits: "not three digits",
  zip3Taken: "{{zip3}} of {{state}} is already in an area at row {{row}}",
  noFile: "no file",
  notCatalogFile: "not a catalog file: its columns are not those of a Rate PUF, a tier-rate file, a plans file or a rating-area file",
  noRows: "no rows under the header",
  planRepeated: "{{code}} is already in {{file}} row {{row}}",
  noPlanToWithdraw: "no plan {{code}} in the catalog to withdraw",
  missingForNewPlan: "missing (a new plan needs it)",
  noCategory: "no category {{category}}",
  noCarrier: "no carrier {{carrier}}",
  noPlan: "no plan {{code}} (add it in a plans file of the same upload)",
  planWithdrawn: "{{code}} is withdrawn in {{file}} row {{row}}",
  areaNotMapped: "Rating Area {{area}} of {{state}} is not in the rating-area file",
  secondRate: "a second rate for {{rate}} (the first is {{file}} row {{row}})",
  noRatesForNewPlan: "no rates for the new plan {{code}} in this upload",
  noSharedDate: "the rates share no date: one ends {{until}}, another starts {{from}}",
  fileTooLarge: "larger than {{megabytes}} MB",
  tooManyRows: "more than {{rows}} rows (a file this long is not read)",
  tooManyColumns: "more than {{columns}} columns (a file this wide is not read)",
  notAnImportFile: "not a .csv, .xlsx or .json file",
  unreadable: "cannot be read: {{reason}}",
  controlCharacter: "holds a control character (such as NUL) that cannot be kept",
  notImageAddress: 'not an image address (a path such as "/brand/logo.svg" or an https:// address)',
  notZip3s: "not ZIP3 prefixes (three digits each): {{zip3s}}",
  onePlanCode: "more than one plan code",
  namesItself: "names the plan itself",
  notFacts:
    "not the plan's facts as JSON ({ deductible, maximums, waiting_periods, network, coverage: [{ key, label, share }], exclusions: [text] })",
  notQuestions: "not a JSON list of questions ({ kind: eligibility or enroll, text_en, text_es, true_condition, decline_answer })",
  notKey: "not a code (lower-case letters, digits, - and _; up to 40)",
  noLinkedPlan: "no plan {{code}} in the catalog or this upload",
} as const;

export type ProblemCode = keyof typeof PROBLEM_MESSAGES;
export type ProblemValues = Record<string, string | number>;

/** A problem's code and the values its words name. */
export interface ProblemMessage {
  code: ProblemCode;
  values?: ProblemValues;
}

export const problem = (code: ProblemCode, values?: ProblemValues): ProblemMessage => (values ? { code, values } : { code });

/** The importer's English words for a problem. */
export function englishProblem(m: ProblemMessage): string {
  return PROBLEM_MESSAGES[m.code].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    m.values && name in m.values ? String(m.values[name]) : whole,
  );
}
