/**
 * Runs the built server (server.ts, as in production) in a child process over a fresh database
 * — SQLite in a temporary directory, or a PostgreSQL database made for the run and dropped
 * after it — waits for /healthz, and tears everything down again. Several processes can share
 * one database (and the secrets that sign and seal what they share).
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { request, type Target } from "./http";

const HOST = "127.0.0.1";

/** Resolves true when nothing listens on the port (we could bind it ourselves). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

/** A port the OS just handed out as free. */
function ephemeralPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A free port for the server process number `offset` (0, 1): BENCH_PORT + offset if free, else
 * the next free one up to BENCH_PORT + 8; without BENCH_PORT the same from 3300, else any free port.
 */
export async function choosePort(offset = 0): Promise<number> {
  const wanted = process.env.BENCH_PORT;
  const base = wanted ? Number(wanted) : 3300;
  if (!Number.isInteger(base) || base < 1 || base + 8 > 65535) throw new Error(`BENCH_PORT=${wanted} is not a port number`);
  for (let port = base + offset; port <= base + 8; port++) if (await portIsFree(port)) return port;
  if (wanted) throw new Error(`BENCH_PORT: ports ${base + offset}–${base + 8} are all in use`);
  return ephemeralPort();
}

export type RunningServer = {
  target: Target;
  pid: number | undefined;
  tempDir: string;
  /** The server's stdout+stderr so far (shown when something goes wrong). */
  output: () => string;
  /** Resolves once GET /healthz answers 200; rejects if the server exits or takes over 60 s. */
  ready: () => Promise<void>;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and deletes the temporary directory. */
  stop: () => Promise<void>;
  /** Synchronous last-resort cleanup for process exit handlers. */
  killNow: () => void;
};

/** Throw-away secrets, fresh for every run (the database is thrown away too). */
export type Secrets = { sessionSecret: string; encryptionKey: string };
export const freshSecrets = (): Secrets => ({
  sessionSecret: crypto.randomBytes(32).toString("base64url"),
  encryptionKey: crypto.randomBytes(32).toString("hex"),
});

/** The PostgreSQL server the bench uses (its `test` database is only used to connect). */
export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";

export type BenchDatabase = { url: string; name: string; drop: () => Promise<void> };

/**
 * Creates an empty database `bench_<pid>_<random>` on the PostgreSQL server of `serverUrl`
 * (BENCH_POSTGRES_URL, default DEFAULT_POSTGRES_URL); drop() removes it again, ending any
 * connection still open to it. Other databases on that server are never touched.
 */
export async function createPostgresDatabase(serverUrl = process.env.BENCH_POSTGRES_URL || DEFAULT_POSTGRES_URL): Promise<BenchDatabase> {
  const name = `bench_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export type ServerOptions = {
  /** DATABASE_URL; default a fresh SQLite file in the server's temporary directory. */
  databaseUrl?: string;
  /** Shared by every process of one deployment (sessions and sealed values cross them). */
  secrets?: Secrets;
};

/** Spawns the server; call ready() to wait for it, and stop() (always) to clean up. */
export function startServer(root: string, port: number, options: ServerOptions = {}): RunningServer {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
  const origin = `http://localhost:${port}`;
  const secrets = options.secrets ?? freshSecrets();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST,
    DATABASE_URL: options.databaseUrl ?? `file:${path.join(tempDir, "bench.db")}`,
    SESSION_SECRET: secrets.sessionSecret,
    ENCRYPTION_KEY: secrets.encryptionKey,
    MAIL_TRANSPORT: "outbox",
    PUBLIC_BASE_URL: origin,
    LOG_LEVEL: "warn",
    SEED_ON_START: "1",
    REMINDERS_ENABLED: "0",
  };

  // `node build/server.js`, as `npm start` runs it (server.ts compiled by `npm run build`): one
  // process (npx would add two wrappers to kill).
  // BENCH_NODE_ARGS: extra Node options for the servers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // to profile them under load (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, "build/server.js"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let running = true;
  void exited.then(() => (running = false));

  const removeTemp = () => fs.rmSync(tempDir, { recursive: true, force: true });
  const killNow = () => {
    if (running) child.kill("SIGKILL");
    removeTemp();
  };
  const stop = async () => {
    if (running) {
      child.kill("SIGTERM");
      const forced = sleep(5_000).then(() => {
        if (running) child.kill("SIGKILL");
      });
      await Promise.race([exited, forced]);
      await exited;
    }
    removeTemp();
  };

  // Waits for /healthz (the server migrates and loads the demo catalog before listening).
  const ready = async () => {
    const deadline = Date.now() + 60_000;
    while (true) {
      if (!running) throw new Error("the server exited during start-up");
      try {
        const res = await request(target, "GET", "/healthz", { timeoutMs: 2_000 });
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error("the server did not answer /healthz within 60 s");
      await sleep(200);
    }
  };

  const target: Target = { host: HOST, port, origin };
  return { target, pid: child.pid, tempDir, output: () => output, ready, stop, killNow };
}
