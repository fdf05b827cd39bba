/**
 * The problems of a refused catalog upload (issue 27), one line each in the operator's words:
 * "Rate_PUF.csv, row 214, IndividualRate: not a number" — the file, the row as the spreadsheet
 * numbers it (the header is row 1), the column as the file names it, then what is wrong. Past
 * the first ones listed, how many more there are.
 */
import { useTranslation } from "~/i18n-react";

export interface CatalogProblem {
  file: string;
  row: number | null;
  column: string | null;
  message: string;
}

export function CatalogProblems({ problems, total }: { problems: CatalogProblem[]; total: number }) {
  const { t } = useTranslation();
  const where = (p: CatalogProblem) =>
    p.row !== null && p.column
      ? t("admin.catalog.problemAtColumn", { file: p.file, row: p.row, column: p.column })
      : p.row !== null
        ? t("admin.catalog.problemAtRow", { file: p.file, row: p.row })
        : t("admin.catalog.problemInFile", { file: p.file });
  return (
    <>
      <ul data-testid="catalog-problem-list">
        {problems.map((p, i) => (
          <li key={i} data-testid="catalog-problem">
            <strong>{where(p)}:</strong> {p.message}
          </li>
        ))}
      </ul>
      {total > problems.length ? <p>{t("admin.catalog.moreProblems", { count: total - problems.length })}</p> : null}
    </>
  );
}
