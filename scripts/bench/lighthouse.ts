/**
 * Lighthouse's mobile performance score (its default configuration: a mid-range phone on a
 * simulated slow 4G, CPU slowed 4×) of pages of a running server, in Debian's Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium), headless. One Chrome serves every page; each
 * page is audited `runs` times and the median score kept (Lighthouse's own advice for noise).
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Target } from "./http";
import { median } from "./stats";

export type LighthouseScore = {
  path: string;
  /** 0–100, the median of the runs (NaN when every run failed). */
  score: number;
  runs: number[];
  /** Largest Contentful Paint, Total Blocking Time (ms), of the median run. */
  lcpMs: number;
  tbtMs: number;
  error?: string;
};

export async function lighthouseScores(target: Target, pages: { path: string; cookie: string }[], runs = 1): Promise<LighthouseScore[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    logLevel: "silent",
  });
  try {
    const scores: LighthouseScore[] = [];
    for (const page of pages) {
      const results: { score: number; lcp: number; tbt: number }[] = [];
      let error: string | undefined;
      for (let i = 0; i < runs; i++) {
        try {
          const result = await lighthouse(new URL(page.path, target.origin).href, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
            // The visitor's session (a quote, a plan in the cart) and the address the server expects.
            extraHeaders: page.cookie ? { Cookie: page.cookie } : {},
          });
          const lhr = result?.lhr;
          const score = lhr?.categories.performance?.score;
          if (lhr?.runtimeError) throw new Error(lhr.runtimeError.message);
          if (!lhr || typeof score !== "number") throw new Error("no performance score");
          results.push({
            score: Math.round(score * 100),
            lcp: Number(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
            tbt: Number(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
          });
        } catch (e) {
          error = e instanceof Error ? e.message : String(e);
        }
      }
      const score = median(results.map((r) => r.score));
      const middle = results.find((r) => r.score === score) ?? results[0];
      scores.push({
        path: page.path,
        score,
        runs: results.map((r) => r.score),
        lcpMs: middle?.lcp ?? NaN,
        tbtMs: middle?.tbt ?? NaN,
        error: results.length ? undefined : error,
      });
    }
    return scores;
  } finally {
    await chrome.kill();
  }
}
