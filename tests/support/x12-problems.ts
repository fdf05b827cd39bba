/** A carrier file's problem in English, as the console shows it (the en locale's `x12Problems`), for tests that read the words. */
import en from "../../public/locales/en/common.json";
import type { FileProblem } from "~/domain/x12/rules-834";

export function problemInEnglish(p: Pick<FileProblem, "key" | "params">): string {
  const template = (en.x12Problems as Record<string, string>)[p.key];
  if (!template) throw new Error(`no English for x12Problems.${p.key}`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = p.params?.[name];
    if (value === undefined) throw new Error(`x12Problems.${p.key} names {{${name}}}, which the problem does not give`);
    return value;
  });
}

/** The problems as the console words them, with where they are. */
export const worded = (problems: FileProblem[]) =>
  problems.map(({ key, params, ...where }) => ({ ...where, message: problemInEnglish({ key, params }) }));
