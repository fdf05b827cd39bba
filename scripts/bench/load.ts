/**
 * A small closed-loop load generator: `connections` virtual clients, each on its own
 * keep-alive socket, send one request, read the whole response, and immediately send the
 * next, until the time is up. A warm-up phase runs first and is discarded. Latency is
 * measured from sending the request to the last byte of the response.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import { performance } from "node:perf_hooks";
import type { Target } from "./http";

export type LoadOptions = {
  path: string;
  headers: http.OutgoingHttpHeaders;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** The server's process id, to report its CPU use (Linux /proc only). */
  serverPid?: number;
};

export type LoadResult = {
  requests: number;
  errors: number;
  /** The first few distinct error descriptions (status codes or socket errors). */
  errorSamples: string[];
  seconds: number;
  requestsPerSecond: number;
  /** Latencies in milliseconds of the successful (2xx) responses. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Mean bytes on the wire per response body (after Content-Encoding). */
  meanBodyBytes: number;
  contentEncoding: string;
  /** CPU used during the measured phase, in % of one core: the server, this generator, everything else. */
  cpu: { server: number; generator: number; other: number };
};

type Phase = { latencies: number[]; errors: number; errorSamples: Set<string>; bytes: number; encoding: string };

/** One request on the shared keep-alive agent; resolves with its outcome, never rejects. */
function once(target: Target, agent: http.Agent, options: LoadOptions, phase: Phase): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    const fail = (reason: string) => {
      phase.errors++;
      if (phase.errorSamples.size < 5) phase.errorSamples.add(reason);
      resolve();
    };
    const req = http.request(
      { host: target.host, port: target.port, path: options.path, method: "GET", agent, headers: options.headers },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("error", (error) => fail(error.message));
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          if (status < 200 || status > 299) return fail(`HTTP ${status}`);
          phase.latencies.push(performance.now() - started);
          phase.bytes += bytes;
          phase.encoding = String(res.headers["content-encoding"] ?? "identity");
          resolve();
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error("timeout after 30 s")));
    req.on("error", (error) => fail(error.message));
    req.end();
  });
}

/** Runs `connections` clients in a closed loop until `until` (performance.now() ms). */
async function phase(target: Target, agent: http.Agent, options: LoadOptions, until: number): Promise<Phase> {
  const result: Phase = { latencies: [], errors: 0, errorSamples: new Set(), bytes: 0, encoding: "" };
  const client = async () => {
    while (performance.now() < until) await once(target, agent, options, result);
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  return result;
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

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export async function runLoad(target: Target, options: LoadOptions): Promise<LoadResult> {
  // One socket per virtual client, kept alive across requests (like a browser's connection).
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections, maxFreeSockets: options.connections });
  try {
    await phase(target, agent, options, performance.now() + options.warmupSeconds * 1000);
    const cpuBefore = { server: processCpuMs(options.serverPid), self: process.cpuUsage(), machine: machineBusyMs() };
    const started = performance.now();
    const measured = await phase(target, agent, options, started + options.seconds * 1000);
    // Requests in flight at the deadline still complete, so divide by the real elapsed time.
    const elapsed = (performance.now() - started) / 1000;
    const self = process.cpuUsage(cpuBefore.self);
    const percentOfCore = (cpuMs: number) => cpuMs / (elapsed * 10);
    const serverCpu = percentOfCore(processCpuMs(options.serverPid) - cpuBefore.server);
    const generatorCpu = percentOfCore((self.user + self.system) / 1000);
    const machineCpu = percentOfCore(machineBusyMs() - cpuBefore.machine);
    const sorted = Float64Array.from(measured.latencies).sort();
    const values = Array.from(sorted);
    const requests = measured.latencies.length + measured.errors;
    return {
      requests,
      errors: measured.errors,
      errorSamples: [...measured.errorSamples],
      seconds: elapsed,
      requestsPerSecond: requests / elapsed,
      p50: percentile(values, 50),
      p95: percentile(values, 95),
      p99: percentile(values, 99),
      max: values.length ? values[values.length - 1] : NaN,
      meanBodyBytes: measured.latencies.length ? measured.bytes / measured.latencies.length : NaN,
      contentEncoding: measured.encoding || "-",
      cpu: { server: serverCpu, generator: generatorCpu, other: Math.max(0, machineCpu - serverCpu - generatorCpu) },
    };
  } finally {
    agent.destroy();
  }
}
