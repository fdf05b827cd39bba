/**
 * Load generation with autocannon (its programmatic API): closed-loop keep-alive connections
 * to one server, or split across several servers at once (the two-process scenario), each
 * connection sending its sequence of requests in a loop. Latencies are taken from
 * autocannon's `response` events so that runs against several servers merge into one set of
 * percentiles, and so that a request sequence (POST → GET) can be timed as one round trip.
 */
import fs from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import type { Target } from "./http";
import { percentile, roundTrips, serverTiming, serverTimingDesc, sortedNumbers } from "./stats";

/** One request of a sequence: what autocannon sends, and the status a success answers. */
export type Step = {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The status that counts as success (default: any 2xx). */
  expect?: number;
};

/** The connections opened to one server and the request sequences they send. */
export type Lane = {
  target: Target;
  connections: number;
  /**
   * The sequences: connection k sends sequences[k % sequences.length] in a loop. Give one
   * sequence per visitor and `rotate` to have every connection walk through all visitors from a
   * different starting point.
   */
  sequence: Step[];
  /** Start connection k at step (k × rotate) of the sequence (0: all start at its beginning). */
  rotate?: number;
};

export type LoadOptions = {
  lanes: Lane[];
  warmupSeconds: number;
  seconds: number;
  /** The servers' process ids, to report their CPU use (Linux /proc only). */
  serverPids: (number | undefined)[];
  /** Sum the latencies of each pass through the sequence (a round trip) instead of per request. */
  roundTrip?: boolean;
};

export type LoadResult = {
  /** Responses received while measuring (successes and failures) and socket errors. */
  requests: number;
  errors: number;
  /** The first few distinct error descriptions (unexpected statuses, socket errors, timeouts). */
  errorSamples: string[];
  seconds: number;
  requestsPerSecond: number;
  /** Latency percentiles in ms of successful responses (or of round trips with `roundTrip`). */
  p50: number;
  p95: number;
  p975: number;
  p99: number;
  max: number;
  samples: number;
  /** Percentiles of the `Server-Timing: total;dur=` the server sent, summed per round trip (NaN if it sends none). */
  serverTimingP50: number;
  serverTimingP95: number;
  /** The 10th percentile: with one connection, close to what a response costs when nothing else competes for the CPU. */
  serverTimingP10: number;
  /** Mean bytes on the wire per response (headers and body, after Content-Encoding). */
  meanResponseBytes: number;
  contentEncoding: string;
  /**
   * What the plans-page cache said it did (`Server-Timing: cache;desc=…`), counted per answer:
   * hit, miss, bypass; "none" for responses without the descriptor (pages it does not cover).
   * A fresh-render scenario must count no hit.
   */
  cache: Record<string, number>;
  /** CPU used while measuring, in % of one core: the servers, this generator, everything else. */
  cpu: { server: number; generator: number; other: number };
  /**
   * The servers' CPU milliseconds per response (NaN without /proc): what a response costs,
   * which other work on the machine changes far less than it changes req/s.
   */
  serverCpuMsPerResponse: number;
};

type Collected = {
  latencies: number[];
  trips: number[];
  timings: number[];
  /** every response's Server-Timing total, whether or not its pass through the sequence completed */
  eachTiming: number[];
  timingTrips: number[];
  responses: number;
  errors: number;
  errorSamples: Set<string>;
  bytes: number;
  encodings: Set<string>;
  cache: Record<string, number>;
};

function sample(into: Collected, reason: string) {
  into.errors++;
  if (into.errorSamples.size < 5) into.errorSamples.add(reason);
}

/** The sequence of connection k: rotated by k × rotate steps. */
function rotated(sequence: Step[], by: number): Step[] {
  const n = sequence.length;
  const start = ((by % n) + n) % n;
  return [...sequence.slice(start), ...sequence.slice(0, start)];
}

/** Runs every lane at once for `seconds`; resolves with what was collected. */
async function phase(options: LoadOptions, seconds: number, into: Collected | null): Promise<void> {
  const runs = options.lanes.map((lane) => {
    // Per connection: the steps it sends in order, and the latencies of its current pass.
    type Conn = { steps: Step[]; next: number; pass: number[]; timings: number[]; failed: boolean };
    const conns = new Map<autocannon.Client, Conn>();
    let k = 0;
    const toRequest = (step: Step, conn: () => Conn | undefined): autocannon.Request => ({
      method: step.method,
      path: step.path,
      headers: { ...step.headers, host: new URL(lane.target.origin).host },
      ...(step.body !== undefined ? { body: step.body } : {}),
      onResponse: (_status, _body, _context, headers) => {
        const c = conn();
        if (!c || !into) return;
        const lower = Object.fromEntries(
          Object.entries(headers ?? {}).map(([name, v]) => [name.toLowerCase(), Array.isArray(v) ? v.join(", ") : String(v)]),
        );
        into.encodings.add(lower["content-encoding"] ?? "identity");
        const cached = serverTimingDesc(lower["server-timing"], "cache") ?? "none";
        into.cache[cached] = (into.cache[cached] ?? 0) + 1;
        const timing = serverTiming(lower["server-timing"]);
        c.timings.push(timing);
        if (Number.isFinite(timing)) into.eachTiming.push(timing);
      },
    });
    let finished: (result: autocannon.Result | undefined, error: unknown) => void = () => {};
    const done = new Promise<autocannon.Result>((resolve, reject) => {
      finished = (result, error) => (error || !result ? reject(error ?? new Error("autocannon gave no result")) : resolve(result));
    });
    const instance = autocannon(
      {
        url: `http://${lane.target.host}:${lane.target.port}`,
        connections: lane.connections,
        duration: seconds,
        timeout: 30,
        // A closed loop: one request in flight per connection, the next sent when it is answered.
        pipelining: 1,
        requests: lane.sequence.map((step) => toRequest(step, () => undefined)),
        setupClient: (client) => {
          const steps = rotated(lane.sequence, (k++ * (lane.rotate ?? 0)) % lane.sequence.length);
          const conn: Conn = { steps, next: 0, pass: [], timings: [], failed: false };
          conns.set(client, conn);
          client.setRequests(steps.map((step) => toRequest(step, () => conn)));
        },
      },
      (error, result) => finished(result, error),
    );
    // Autocannon prints nothing unless asked; it reports to these events.
    instance.on("response", (client: autocannon.Client, status: number, bytes: number, ms: number) => {
      if (!into) return;
      const conn = conns.get(client);
      if (!conn) return;
      const step = conn.steps[conn.next];
      conn.next = (conn.next + 1) % conn.steps.length;
      into.responses++;
      into.bytes += bytes;
      const ok = step.expect !== undefined ? status === step.expect : status >= 200 && status <= 299;
      if (!ok) {
        sample(into, `${step.method} ${step.path.split("?")[0]} answered ${status}${step.expect ? ` (expected ${step.expect})` : ""}`);
        conn.failed = true;
      } else into.latencies.push(ms);
      conn.pass.push(ms);
      if (conn.next === 0) {
        // One pass through the sequence is over: a round trip, unless a step failed.
        if (!conn.failed) {
          into.trips.push(...roundTrips(conn.pass, conn.pass.length));
          const timed = conn.timings.slice(-conn.pass.length);
          if (timed.length === conn.pass.length && timed.every(Number.isFinite)) into.timingTrips.push(timed.reduce((a, b) => a + b, 0));
        }
        into.timings.push(...conn.timings.filter(Number.isFinite));
        conn.pass = [];
        conn.timings = [];
        conn.failed = false;
      }
    });
    instance.on("reqError", (error: Error) => into && sample(into, error.message || String(error)));
    return done.then((result) => {
      // Timeouts are counted by autocannon only.
      if (into && result.timeouts) for (let i = 0; i < result.timeouts; i++) sample(into, "timeout after 30 s");
    });
  });
  await Promise.all(runs);
}

/** CPU milliseconds used so far by a process, from /proc/<pid>/stat (NaN where unavailable). */
function processCpuMs(pid: number | undefined) {
  if (pid === undefined) return NaN;
  try {
    // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return NaN;
  }
}

/** CPU milliseconds the whole machine spent busy (all cores). */
function machineBusyMs() {
  return os.cpus().reduce((sum, cpu) => sum + cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq, 0);
}

const serversCpuMs = (pids: (number | undefined)[]) => pids.reduce<number>((sum, pid) => sum + processCpuMs(pid), 0);

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await phase(options, options.warmupSeconds, null);
  const into: Collected = {
    latencies: [],
    trips: [],
    timings: [],
    eachTiming: [],
    timingTrips: [],
    responses: 0,
    errors: 0,
    errorSamples: new Set(),
    bytes: 0,
    encodings: new Set(),
    cache: {},
  };
  const before = { servers: serversCpuMs(options.serverPids), self: process.cpuUsage(), machine: machineBusyMs() };
  const started = performance.now();
  await phase(options, options.seconds, into);
  const elapsed = (performance.now() - started) / 1000;
  const self = process.cpuUsage(before.self);
  const percentOfCore = (cpuMs: number) => cpuMs / (elapsed * 10);
  const serverCpuMs = serversCpuMs(options.serverPids) - before.servers;
  const serverCpu = percentOfCore(serverCpuMs);
  const generatorCpu = percentOfCore((self.user + self.system) / 1000);
  const machineCpu = percentOfCore(machineBusyMs() - before.machine);

  const latencies = sortedNumbers(options.roundTrip ? into.trips : into.latencies);
  const timings = sortedNumbers(options.roundTrip ? into.timingTrips : into.timings);
  return {
    requests: into.responses,
    errors: into.errors,
    errorSamples: [...into.errorSamples],
    seconds: elapsed,
    // Not one response in the whole run: not a throughput of 0, a run that did not measure (a stall, or a machine with no CPU to spare).
    requestsPerSecond: into.responses ? into.responses / elapsed : NaN,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p975: percentile(latencies, 97.5),
    p99: percentile(latencies, 99),
    max: latencies.length ? latencies[latencies.length - 1] : NaN,
    samples: latencies.length,
    serverTimingP50: percentile(timings, 50),
    serverTimingP10: percentile(sortedNumbers(into.eachTiming), 10),
    serverTimingP95: percentile(timings, 95),
    meanResponseBytes: into.responses ? into.bytes / into.responses : NaN,
    contentEncoding: [...into.encodings].sort().join(", ") || "-",
    cache: into.cache,
    cpu: { server: serverCpu, generator: generatorCpu, other: Math.max(0, machineCpu - serverCpu - generatorCpu) },
    serverCpuMsPerResponse: into.responses ? serverCpuMs / into.responses : NaN,
  };
}
