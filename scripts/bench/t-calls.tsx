/**
 * What a page's translation calls cost on the server (issue 24, ADR 031 eighth round): one
 * render of a component that makes the calls a fresh `/plans` makes — ~600 t() calls, most a
 * plain key, one "{{name}}" call per plan card and the header's plural count — through the same
 * path a page takes (the per-language i18next clone wrapped by the translation memo, the
 * server's `useTranslation`, which also records each key for the page's strings).
 *
 *   npx tsx scripts/bench/t-calls.tsx [rounds]
 *
 * Prints µs per page (median of the rounds) and ns per call. A microbenchmark: it says what the
 * calls cost, not what a page costs; the page is measured by `npm run bench` and ab-cpu.ts.
 */
import { performance } from "node:perf_hooks";
import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { createTranslationMemo } from "~/.server/platform/i18n-memo";
import { resources } from "~/.server/platform/i18n";
import { i18nConfig } from "~/i18n";
import { I18nextProvider, initReactI18next, useTranslation } from "~/i18n-react";

function flatKeys(tree: unknown, prefix = ""): string[] {
  if (typeof tree !== "object" || tree === null) return [];
  return Object.entries(tree).flatMap(([name, value]) =>
    typeof value === "string" ? [`${prefix}${name}`] : flatKeys(value, `${prefix}${name}.`),
  );
}

const CONSTANT_CALLS = 550;
const CARDS = 45;
const keys = flatKeys(resources.en.common).filter((k) => !k.includes("{{") && !/_(one|other|zero|many)$/.test(k));
const constantKeys = keys.slice(0, 160);

function Page({ name }: { name: string }) {
  const { t } = useTranslation();
  let length = 0;
  for (let i = 0; i < CONSTANT_CALLS; i++) length += t(constantKeys[i % constantKeys.length]).length;
  for (let i = 0; i < CARDS; i++) length += t("shell.logoAlt", { name: `${name} ${i}` }).length;
  length += t("shell.cartCount", { count: 2 }).length;
  return <p>{length}</p>;
}

async function main() {
  const rounds = Number(process.argv[2] ?? 2000);
  const base = createInstance();
  await base.use(initReactI18next).init({ ...i18nConfig, lng: "en", resources });
  const memo = createTranslationMemo(base);
  const instance = memo.wrap(base.cloneInstance({ lng: "es" }));
  await instance.changeLanguage("es");
  const render = () =>
    renderToString(
      <I18nextProvider i18n={instance}>
        <Page name="Plan" />
      </I18nextProvider>,
    );
  for (let i = 0; i < 300; i++) render();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    render();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] * 1000;
  const calls = CONSTANT_CALLS + CARDS + 1;
  console.log(
    `t-calls: ${calls} calls a page, ${rounds} pages: median ${median.toFixed(1)} µs a page, ${((median * 1000) / calls).toFixed(0)} ns a call`,
  );
}

void main();
