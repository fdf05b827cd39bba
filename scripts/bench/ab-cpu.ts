/**
 * Server CPU per response of two builds, measured interleaved (issue 24, ADR 019): on a machine
 * other work shares, the CPU a response costs moves with that work (caches, frequency, the
 * scheduler), so a "before" run and an "after" run minutes apart differ by as much as a change
 * does. This starts both builds' servers side by side (each on its own fresh SQLite database),
 * makes the sessions of the bench's f–i on each, then measures every scenario on A, then on B,
 * then A again… for `rounds` rounds, and prints the median CPU ms per response of each (and B's
 * change against A), and the median of each slot's 10th percentile of the server's own time
 * (`Server-Timing: total;dur`, the page rendered and compressed before its headers leave): with
 * one connection nothing queues in the server, and the fastest tenth of the responses are those
 * the machine's other work did not interrupt. Each slot is a short closed-loop load; only one
 * server is loaded at a time.
 *
 *   npx tsx scripts/bench/ab-cpu.ts <root A> <root B> [rounds]     (each root holds a built app: build/server.js)
 *
 * BENCH_SECONDS per slot (default 3), BENCH_CONNECTIONS (default 1), BENCH_PORT as for the bench.
 */
import path from "node:path";
import { runLoad, type Step } from "./load";
import { choosePort, startServer, type RunningServer } from "./server";
import { request } from "./http";
import { addSomePlan, BROWSER, quoteFacts, Visitor } from "./visitor";
import { median } from "./stats";

const [rootA, rootB, roundsArg] = process.argv.slice(2);
if (!rootA || !rootB) {
  console.error("usage: npx tsx scripts/bench/ab-cpu.ts <root A> <root B> [rounds]");
  process.exit(2);
}
const rounds = Number(roundsArg || 5);
const seconds = Number(process.env.BENCH_SECONDS || 3);
const connections = Number(process.env.BENCH_CONNECTIONS || 1);
const VISITORS = 40;
const FRESH = { ...BROWSER, "Cache-Control": "no-cache", Pragma: "no-cache" };

type Scenario = { name: string; steps: Step[] };
async function prepare(server: RunningServer): Promise<Scenario[]> {
  await server.ready();
  const home = new Visitor(server.target);
  const page = await home.get("/");
  const asset = page.html.match(/\/assets\/[^"'\s)]+\.js/)?.[0];
  if (!asset) throw new Error("the home page references no /assets/*.js file");
  const visitors: Visitor[] = [];
  const buyers: { visitor: Visitor; planPath: string }[] = [];
  for (let n = 0; n < VISITORS; n++) {
    const v = new Visitor(server.target);
    await v.quote(quoteFacts(n));
    visitors.push(v);
    const b = new Visitor(server.target);
    await b.quote(quoteFacts(n));
    buyers.push({ visitor: b, planPath: await addSomePlan(b, quoteFacts(n).category) });
  }
  const scenarios: Scenario[] = [
    { name: "static asset", steps: [{ method: "GET", path: asset, headers: { ...BROWSER, Accept: "*/*" } }] },
    { name: "f) /plans fresh", steps: visitors.map((v) => ({ method: "GET", path: "/plans", headers: { ...FRESH, Cookie: v.cookie() } })) },
    {
      name: "g) /plans?type=dental fresh",
      steps: visitors.map((v) => ({ method: "GET", path: "/plans?type=dental", headers: { ...FRESH, Cookie: v.cookie() } })),
    },
    {
      name: "h) plan page fresh",
      steps: buyers.map((b) => ({ method: "GET", path: b.planPath, headers: { ...FRESH, Cookie: b.visitor.cookie() } })),
    },
    {
      name: "i) /cart fresh",
      steps: buyers.map((b) => ({ method: "GET", path: "/cart", headers: { ...FRESH, Cookie: b.visitor.cookie() } })),
    },
  ];
  for (const s of scenarios) {
    const step = s.steps[0];
    const res = await request(server.target, "GET", step.path, { headers: step.headers });
    if (res.status !== 200) throw new Error(`${s.name}: GET ${step.path} answered ${res.status}`);
    if (/cache;desc=hit/.test(String(res.headers["server-timing"] ?? ""))) throw new Error(`${s.name}: answered from the page cache`);
  }
  return scenarios;
}

const servers = [startServer(path.resolve(rootA), await choosePort(0)), startServer(path.resolve(rootB), await choosePort(1))];
process.once("exit", () => {
  for (const s of servers) s.killNow();
});
try {
  const scenarios = await Promise.all(servers.map(prepare));
  const cpu: number[][][] = scenarios[0].map(() => [[], []]);
  const fast: number[][][] = scenarios[0].map(() => [[], []]);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < scenarios[0].length; i++) {
      // A then B in even rounds, B then A in odd ones: neither always follows the other
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const which of order) {
        const server = servers[which];
        const steps = scenarios[which][i].steps;
        const lanes = [
          { target: server.target, connections, sequence: steps, rotate: Math.max(1, Math.floor(steps.length / connections)) },
        ];
        const result = await runLoad({ lanes, warmupSeconds: 0.5, seconds, serverPids: [server.pid] });
        if (result.errors) throw new Error(`${scenarios[which][i].name} on ${which ? "B" : "A"}: ${result.errorSamples.join("; ")}`);
        if (result.cache.hit) throw new Error(`${scenarios[which][i].name} on ${which ? "B" : "A"}: answered from the page cache`);
        cpu[i][which].push(result.serverCpuMsPerResponse);
        fast[i][which].push(result.serverTimingP10);
      }
    }
    process.stderr.write(`round ${round + 1}/${rounds} done\n`);
  }
  console.log(`median of ${rounds} interleaved slots of ${seconds} s, ${connections} connection(s), A then B, B then A…`);
  console.log(`A = ${path.resolve(rootA)}\nB = ${path.resolve(rootB)}\n`);
  const row = (cells: string[]) =>
    console.log(
      cells[0].padEnd(30) +
        cells
          .slice(1)
          .map((c) => c.padStart(9))
          .join(""),
    );
  row(["scenario", "CPU A", "CPU B", "B/A", "p10 A", "p10 B", "B/A"]);
  for (let i = 0; i < scenarios[0].length; i++) {
    const [a, b] = [median(cpu[i][0]), median(cpu[i][1])];
    const [fa, fb] = [median(fast[i][0]), median(fast[i][1])];
    const pct = (x: number, y: number) => (Number.isFinite(x / y) ? `${((x / y) * 100).toFixed(0)}%` : "-");
    row([scenarios[0][i].name, a.toFixed(2), b.toFixed(2), pct(b, a), fa.toFixed(2), fb.toFixed(2), pct(fb, fa)]);
  }
  console.log(
    "\nCPU: server CPU ms per response (/proc). p10: 10th percentile of Server-Timing total;dur, ms (none for the static asset).",
  );
  for (let i = 0; i < scenarios[0].length; i++) {
    const slots = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(" ");
    console.log(
      `  ${scenarios[0][i].name}: CPU A ${slots(cpu[i][0])} | B ${slots(cpu[i][1])}; p10 A ${slots(fast[i][0])} | B ${slots(fast[i][1])}`,
    );
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
}
