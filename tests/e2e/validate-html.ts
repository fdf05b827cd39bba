/**
 * Global teardown: the Nu HTML Checker (vnu-jar, needs Java) over the HTML of every page the
 * journeys opened with JavaScript off (html-pages.ts). Any error fails the run, listed by page.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HTML_DIR } from "./html-pages";

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

export function validateSavedPages(dir = HTML_DIR): string[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".html"))
    .map((f) => path.join(dir, f));
  if (!files.length) return [];
  const jar = createRequire(import.meta.url)("vnu-jar") as string;
  const run = spawnSync(process.env.JAVA ?? "java", ["-jar", jar, "--errors-only", "--format", "json", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error)
    throw new Error(`The HTML validator could not run (java -jar vnu.jar): ${run.error.message}. Install Java (default-jre-headless).`);
  let messages: VnuMessage[];
  try {
    messages = (JSON.parse(run.stderr || run.stdout) as { messages: VnuMessage[] }).messages;
  } catch {
    throw new Error(`The HTML validator answered something unreadable (exit ${run.status}):\n${(run.stderr || run.stdout).slice(0, 2000)}`);
  }
  return messages
    .filter((m) => m.type === "error" || m.type === "non-document-error")
    .map((m) => {
      const file = m.url ? fileURLToPath(m.url) : "";
      const urlFile = file.replace(/\.html$/, ".url");
      const page = existsSync(urlFile) ? readFileSync(urlFile, "utf8") : path.basename(file);
      return `${page}${m.lastLine ? ` (line ${m.lastLine})` : ""}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\s+/g, " ").trim().slice(0, 200)}` : ""}`;
    });
}

export default async function validateHtml() {
  const errors = validateSavedPages();
  const pages = existsSync(HTML_DIR) ? readdirSync(HTML_DIR).filter((f) => f.endsWith(".html")).length : 0;
  if (errors.length) {
    // the same error on many pages is listed once per page; the count says how many in all
    throw new Error(
      `The Nu HTML Checker found ${errors.length} error(s) in ${pages} page(s) visited with JavaScript off:\n${errors.join("\n")}`,
    );
  }
  if (pages) console.log(`HTML validator: ${pages} distinct page(s) visited with JavaScript off, no errors.`);
}
