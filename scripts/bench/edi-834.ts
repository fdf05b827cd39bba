/**
 * Time to build and check a daily 834 for 10,000 members (issue 29): the member-snapshot diff,
 * the builder, node-x12's strict envelope parse and our guide rules, as the feed runs them.
 * Then the weekly full audit file (BGN08 4, INS/HD 030) for the same members (ADR 024).
 * Usage: npx tsx scripts/bench/edi-834.ts [members]
 */
import { performance } from "node:perf_hooks";
import { checkBeforeSending } from "../../app/.server/carriers/check-before-sending";
import { build834 } from "../../app/domain/x12/build-834";
import { envelope } from "../../app/domain/x12/__golden__/fixtures";
import type { MemberSnapshot } from "../../app/domain/x12/member-change";
import { diffFeed } from "../../app/domain/x12/snapshot-diff";
import { fullFileChanges } from "../../app/domain/x12/full-file";

const members = Number(process.argv[2] ?? 10_000);
const now = new Map<string, MemberSnapshot>();
for (let i = 0; now.size < members; i++) {
  const subscriberId = `S${String(i).padStart(7, "0")}`;
  const coverages = [
    { planCode: "BSD-PPO-1500", insuranceLine: "DEN" as const, coverageLevel: "FAM" as const, begin: "2027-01-01" },
    { planCode: "CLV-VIS-130", insuranceLine: "VIS" as const, coverageLevel: "FAM" as const, begin: "2027-01-01" },
  ];
  const base = { subscriberId, lastName: `Family${i}`, gender: "F" as const, coverages };
  now.set(`${subscriberId}-1`, {
    ...base,
    memberId: `${subscriberId}-1`,
    relationship: "self",
    firstName: "Ana",
    birthDate: "1980-01-15",
    address: { line1: `${i} Main St`, city: "Dallas", state: "TX", postalCode: "75201" },
    employmentStatus: "FT",
  });
  if (now.size < members)
    now.set(`${subscriberId}-2`, {
      ...base,
      memberId: `${subscriberId}-2`,
      relationship: "spouse",
      firstName: "Luis",
      gender: "M",
      birthDate: "1979-05-02",
    });
  if (now.size < members)
    now.set(`${subscriberId}-3`, {
      ...base,
      memberId: `${subscriberId}-3`,
      relationship: "child",
      firstName: "Sofia",
      birthDate: "2014-09-30",
    });
}

const runs: Array<{ diff: number; build: number; check: number; bytes: number; problems: number }> = [];
for (let run = 0; run < 3; run++) {
  const t0 = performance.now();
  const { changes } = diffFeed(new Map(), now, "2026-11-27");
  const t1 = performance.now();
  const text = build834({ ...envelope, lineBreaks: false, purpose: "changes", reference: "BENCH", members: changes });
  const t2 = performance.now();
  const problems = checkBeforeSending(text, envelope.control);
  const t3 = performance.now();
  runs.push({ diff: t1 - t0, build: t2 - t1, check: t3 - t2, bytes: text.length, problems: problems.length });
}
const best = runs.reduce((a, b) => (a.diff + a.build + a.check <= b.diff + b.build + b.check ? a : b));
const ms = (n: number) => `${n.toFixed(0)} ms`;
console.log(`834 daily file, ${members} members (adds, 2 plans each), best of ${runs.length} runs:`);
console.log(
  `  diff ${ms(best.diff)}, build ${ms(best.build)}, check (node-x12 envelope parse, every finding an error, + guide rules) ${ms(best.check)}`,
);
console.log(
  `  total ${ms(best.diff + best.build + best.check)}; file ${(best.bytes / 1024 / 1024).toFixed(2)} MiB; problems ${best.problems}`,
);
if (best.problems > 0) process.exitCode = 1;

// the weekly full audit file: every current member, 030 loops, BGN08 4
const full: Array<{ select: number; build: number; check: number; bytes: number; problems: number }> = [];
for (let run = 0; run < 3; run++) {
  const t0 = performance.now();
  const changes = fullFileChanges(now, "2026-11-27");
  const t1 = performance.now();
  const text = build834({ ...envelope, lineBreaks: false, purpose: "audit", reference: "BENCH-FULL", members: changes });
  const t2 = performance.now();
  const problems = checkBeforeSending(text, envelope.control);
  const t3 = performance.now();
  full.push({ select: t1 - t0, build: t2 - t1, check: t3 - t2, bytes: text.length, problems: problems.length });
}
const bestFull = full.reduce((a, b) => (a.select + a.build + a.check <= b.select + b.build + b.check ? a : b));
console.log(`834 weekly full audit file, ${members} members, best of ${full.length} runs:`);
console.log(
  `  select ${ms(bestFull.select)}, build ${ms(bestFull.build)}, check ${ms(bestFull.check)}; total ${ms(bestFull.select + bestFull.build + bestFull.check)}; file ${(bestFull.bytes / 1024 / 1024).toFixed(2)} MiB; problems ${bestFull.problems}`,
);
if (bestFull.problems > 0) process.exitCode = 1;
