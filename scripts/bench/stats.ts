/**
 * Pure helpers of the benchmark: percentiles, medians, aligned tables and the goal verdicts.
 * No I/O here (tests/bench-stats.test.ts covers them).
 */

/** Nearest-rank percentile (p in 0–100) of values sorted ascending; NaN when there are none. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** The values sorted ascending, as a new array (numbers, not strings). */
export function sortedNumbers(values: Iterable<number>): number[] {
  return Array.from(values).sort((a, b) => a - b);
}

/** Median of the values (mean of the two middle ones for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  const finite = sortedNumbers(values.filter((v) => Number.isFinite(v)));
  if (finite.length === 0) return NaN;
  const mid = finite.length >> 1;
  return finite.length % 2 ? finite[mid] : (finite[mid - 1] + finite[mid]) / 2;
}

/** a / b, NaN unless both are finite and b > 0. */
export function ratio(a: number, b: number): number {
  return Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : NaN;
}

/**
 * Renders rows as aligned columns, separated by two spaces: the first column left-aligned,
 * the others right-aligned, a dashed rule under the header.
 */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    widths
      .map((w, i) => {
        const cell = cells[i] ?? "";
        return i === 0 ? cell.padEnd(w) : cell.padStart(w);
      })
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** A goal on one figure: at least or at most a bound. */
export type Goal = { kind: "min" | "max"; bound: number };

export type Verdict = "PASS" | "FAIL" | "n/a";

/** PASS when the figure meets the goal, FAIL when it does not, n/a when it was not measured. */
export function verdict(value: number, goal: Goal): Verdict {
  if (!Number.isFinite(value)) return "n/a";
  return (goal.kind === "min" ? value >= goal.bound : value <= goal.bound) ? "PASS" : "FAIL";
}

/** Fixed decimals, or "-" for a figure that was not measured. */
export function fixed(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : "-";
}

/** A ratio as a percentage with one decimal ("12.3%"), or "-". */
export function percent(value: number): string {
  return Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : "-";
}

/**
 * Sums round trips from one connection's responses in order: every `size` consecutive
 * latencies (one pass through a request sequence) make one round trip. A trailing partial
 * sequence (cut off by the end of the run) is dropped.
 */
export function roundTrips(latencies: readonly number[], size: number): number[] {
  const trips: number[] = [];
  for (let i = 0; i + size <= latencies.length; i += size) {
    let sum = 0;
    for (let j = i; j < i + size; j++) sum += latencies[j];
    trips.push(sum);
  }
  return trips;
}

/** `Server-Timing` header → the `dur` of the named metric (ms), or NaN. */
export function serverTiming(header: string | undefined, metric = "total"): number {
  if (!header) return NaN;
  for (const entry of header.split(",")) {
    const [name, ...params] = entry.trim().split(";");
    if (name.trim() !== metric) continue;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key === "dur") return Number(value);
    }
  }
  return NaN;
}

/** `Server-Timing` header → the `desc` of the named metric (e.g. `cache;desc=hit` → "hit"), or null. */
export function serverTimingDesc(header: string | undefined, metric: string): string | null {
  if (!header) return null;
  for (const entry of header.split(",")) {
    const [name, ...params] = entry.trim().split(";");
    if (name.trim() !== metric) continue;
    for (const param of params) {
      const eq = param.indexOf("=");
      if (eq > 0 && param.slice(0, eq).trim() === "desc")
        return param
          .slice(eq + 1)
          .trim()
          .replace(/^"(.*)"$/, "$1");
    }
    return "";
  }
  return null;
}
