/**
 * `npm run catalog -- …` (scripts/catalog.ts): the catalog's use cases from the command line,
 * with the same checks as the console (README "Catalog import files").
 *
 *   import <file|dir>… [--dry-run] [--publish --effective YYYY-MM-DD]
 *   export <dir> [--on YYYY-MM-DD]
 *   versions
 *   preview <version> [--on YYYY-MM-DD]
 *   publish <version> --effective YYYY-MM-DD
 *   rollback <version> --effective YYYY-MM-DD
 *   discard <version>
 */
import fs from "node:fs";
import path from "node:path";
import type { Services } from "../../services";
import { formatProblem } from "~/domain/catalog-import/problems";
import {
  catalogVersions,
  checkUpload,
  discardDraft,
  exportCatalog,
  importUpload,
  previewVersion,
  publishVersion,
  republishVersion,
  type UploadFile,
  type VersionPreview,
} from "./versions";
import { todayIso } from "~/domain/dates";
import { COMMAND_LINE, discardTrail, importTrail, publishTrail, republishTrail } from "./trail";

export const CLI_ACTOR = "cli";

const USAGE = `usage: npm run catalog -- import <file|dir>… [--dry-run] [--publish --effective YYYY-MM-DD]
       npm run catalog -- export <dir> [--on YYYY-MM-DD]
       npm run catalog -- versions | preview <id> [--on DATE] | publish <id> --effective DATE | rollback <id> --effective DATE | discard <id>`;

function option(args: string[], name: string): string | null {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : null;
}

function positional(args: string[]) {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--effective" || args[i] === "--on") i++;
    else if (!args[i].startsWith("--")) out.push(args[i]);
  }
  return out;
}

function uploadFiles(paths: string[]): UploadFile[] {
  return paths.flatMap((p) => {
    const stat = fs.statSync(p);
    const files = stat.isDirectory()
      ? fs
          .readdirSync(p)
          .filter((f) => /\.(csv|xlsx|json)$/i.test(f))
          .sort()
          .map((f) => path.join(p, f))
      : [p];
    return files.map((f) => ({ name: path.basename(f), bytes: fs.readFileSync(f) }));
  });
}

const money = (cents: number | null) => (cents === null ? "—" : `$${(cents / 100).toFixed(2)}`);

function printPreview(p: VersionPreview, out: (line: string) => void) {
  out(`version ${p.versionId} (${p.status}) from ${p.source}, compared with the catalog in force on ${p.on}:`);
  out(`  plans added: ${p.added.length ? p.added.join(", ") : "none"}`);
  out(`  plans changed: ${p.changed.length ? p.changed.join(", ") : "none"}`);
  out(`  plans withdrawn: ${p.withdrawn.length ? p.withdrawn.join(", ") : "none"}`);
  out(`  rates: ${p.rateCount}`);
  out(
    `  open carts holding its plans: ${p.touched.carts} (${p.touched.withdrawnCarts} with a withdrawn plan); saved quotes: ${p.touched.savedQuotes} (${p.touched.withdrawnSavedQuotes} with a withdrawn plan)`,
  );
  if (p.samples.length) {
    out("  sample quotes (non-smoker, male, lowest coverage): plan tier age place before → after");
    for (const s of p.samples)
      out(
        `    ${s.planCode} ${s.tier} ${s.age} ${s.state ?? "any"}${s.zip3 ? ` ${s.zip3}xx` : ""} ${money(s.beforeCents)} → ${money(s.afterCents)}`,
      );
  }
}

/** Runs one command; answers the process's exit code (0 done, 1 refused, 2 usage). */
export async function runCatalogCommand(services: Services, argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const [command, ...args] = argv;
  const by = CLI_ACTOR;
  const id = () => {
    const n = Number(positional(args)[0]);
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  };
  switch (command) {
    case "import": {
      const paths = positional(args);
      if (!paths.length) break;
      const publish = args.includes("--publish");
      const effective = option(args, "--effective");
      if (publish && !effective) {
        out("--publish needs --effective YYYY-MM-DD");
        return 2;
      }
      let files: UploadFile[];
      try {
        files = uploadFiles(paths);
      } catch (e) {
        out(`cannot read ${paths.join(", ")}: ${e instanceof Error ? e.message : e}`);
        return 1;
      }
      if (args.includes("--dry-run")) {
        const checked = await checkUpload(services, files);
        if (!checked.ok) {
          for (const p of checked.problems) out(formatProblem(p));
          if (checked.problemCount > checked.problems.length) out(`… and ${checked.problemCount - checked.problems.length} more problems`);
          out(`nothing imported: ${checked.problemCount} problem(s)`);
          return 1;
        }
        out(
          `valid: ${checked.upload.files.map((f) => `${f.file} (${f.kind}, ${f.rows} rows)`).join(", ")}; ${checked.upload.rateCount} rates`,
        );
        out("dry run: nothing imported");
        return 0;
      }
      const imported = await importUpload(services, files, { by, trail: importTrail(services, COMMAND_LINE) });
      if (!imported.ok) {
        for (const p of imported.problems) out(formatProblem(p));
        if (imported.problemCount > imported.problems.length)
          out(`… and ${imported.problemCount - imported.problems.length} more problems`);
        out(`nothing imported: ${imported.problemCount} problem(s)`);
        return 1;
      }
      const preview = await previewVersion(services, imported.versionId, effective ?? undefined);
      if (preview) printPreview(preview, out);
      if (!publish) {
        out(
          `draft version ${imported.versionId} kept: publish it with  npm run catalog -- publish ${imported.versionId} --effective YYYY-MM-DD`,
        );
        return 0;
      }
      const published = await publishVersion(services, imported.versionId, effective as string, {
        by,
        trail: publishTrail(services, COMMAND_LINE, effective as string),
      });
      if (!published.ok) {
        out(`not published: ${published.reason} (draft version ${imported.versionId} kept)`);
        return 1;
      }
      out(`version ${published.versionId} published, in force from ${published.effectiveDate}`);
      return 0;
    }
    case "export": {
      const [dir] = positional(args);
      if (!dir) break;
      const on = option(args, "--on") ?? todayIso(services.now());
      fs.mkdirSync(dir, { recursive: true });
      for (const f of await exportCatalog(services, on)) fs.writeFileSync(path.join(dir, f.name), f.text);
      out(`catalog in force on ${on} written to ${dir}`);
      return 0;
    }
    case "versions": {
      for (const v of await catalogVersions(services))
        out(
          `${v.id}\t${v.status}\t${v.effective_date ?? "-"}\t${v.published_at ?? "-"}\t${v.published_by ?? "-"}\t${v.source}${v.republished_from ? ` (again ${v.republished_from})` : ""}`,
        );
      return 0;
    }
    case "preview": {
      const v = id();
      if (!v) break;
      const preview = await previewVersion(services, v, option(args, "--on") ?? undefined);
      if (!preview) {
        out(`no version ${v}`);
        return 1;
      }
      printPreview(preview, out);
      return 0;
    }
    case "publish":
    case "rollback": {
      const v = id();
      const effective = option(args, "--effective");
      if (!v || !effective) break;
      const result =
        command === "publish"
          ? await publishVersion(services, v, effective, { by, trail: publishTrail(services, COMMAND_LINE, effective) })
          : await republishVersion(services, v, effective, { by, trail: republishTrail(services, COMMAND_LINE, effective, v) });
      out(result.ok ? `version ${result.versionId} published, in force from ${result.effectiveDate}` : `not published: ${result.reason}`);
      return result.ok ? 0 : 1;
    }
    case "discard": {
      const v = id();
      if (!v) break;
      const draft = await catalogVersions(services).then((all) => all.find((x) => x.id === v && x.status === "draft"));
      const done = await discardDraft(services, v, { by, trail: discardTrail(services, COMMAND_LINE, draft?.source ?? "") });
      out(done ? `draft version ${v} discarded` : `no draft version ${v}`);
      return done ? 0 : 1;
    }
  }
  out(USAGE);
  return 2;
}
