/**
 * Bad configuration stops the server with a clear line, never a stack trace (issue 16): a
 * DATABASE_URL that points at a PostgreSQL that is not there, and production without a mail
 * transport. The server script is spawned as `npm start` would run it.
 */
import { spawn } from "node:child_process";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseAddress, databaseFailureMessage } from "~/.server/boot";
import { startServer } from "../support/server-process";

const root = path.resolve(__dirname, "../..");

function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        LOG_LEVEL: "warn",
        SEED_ON_START: "0",
        ...env,
      } as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not stop within 30 s\n${stdout}\n${stderr}`));
    }, 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe("start-up faults", () => {
  it("a PostgreSQL that is not there: one line naming DATABASE_URL and host:port, exit 1, no stack, no password", async () => {
    const port = await closedPort();
    const run = await runServer({ DATABASE_URL: `postgres://alice:s3cret-pw@127.0.0.1:${port}/store` });
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^DATABASE_URL: .*127\\.0\\.0\\.1:${port}/store.*connection refused`));
    expect(run.stderr + run.stdout).not.toMatch(/\n\s+at |s3cret-pw|alice/);
  }, 40_000);

  it("production without a mail transport refuses to start, naming SMTP_URL and MAIL_TRANSPORT", async () => {
    const run = await runServer({
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(40),
      ENCRYPTION_KEY: "ab".repeat(32),
      DATABASE_URL: ":memory:",
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/SMTP_URL is required in production/);
    expect(run.stderr).toMatch(/MAIL_TRANSPORT=outbox/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 40_000);
});

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("the development secrets never serve other machines (issue 23)", () => {
  it("HOST=0.0.0.0 without real secrets refuses to start: one message naming HOST and the secrets, exit 1", async () => {
    const run = await runServer({ HOST: "0.0.0.0", DATABASE_URL: ":memory:" });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/HOST 0\.0\.0\.0 is reachable from other machines.*development secrets.*SESSION_SECRET and ENCRYPTION_KEY/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 40_000);

  it("without HOST, the development secrets listen on loopback only, and the log says so", async () => {
    const port = await closedPort();
    const server = startServer({ PORT: String(port), DATABASE_URL: ":memory:" });
    try {
      const out = await server.ready;
      expect(out).toMatch(/using development secrets: listening on loopback only \(127\.0\.0\.1\)/);
      expect(out).toMatch(/"msg":"listening".*"host":"127\.0\.0\.1"/);
      expect(await connects("127.0.0.1", port)).toBe(true);
      // any address of this machine other than loopback is not served
      const outside = Object.values(os.networkInterfaces())
        .flat()
        .find((a) => a && a.family === "IPv4" && !a.internal);
      if (outside) expect(await connects(outside.address, port)).toBe(false);
    } finally {
      await server.stop();
    }
  }, 70_000);
});

describe("databaseFailureMessage", () => {
  const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:6543"), { code: "ECONNREFUSED" });
  it("names the variable and the address, never the credentials", () => {
    const message = databaseFailureMessage("postgres://bob:hunter2@db.internal:6543/store", refused)!;
    expect(message).toMatch(/^DATABASE_URL: cannot open the PostgreSQL database at db\.internal:6543\/store \(connection refused/);
    expect(message).not.toMatch(/bob|hunter2/);
    expect(message.split("\n")).toHaveLength(1);
  });
  it("finds the code inside an AggregateError (one error per address tried) or a cause", () => {
    const aggregate = Object.assign(new AggregateError([refused, refused], "connect failed"), {});
    expect(databaseFailureMessage("postgresql://db/store", aggregate)).toMatch(/db:5432\/store.*ECONNREFUSED/);
    expect(
      databaseFailureMessage("postgres://db/store", new Error("wrapped", { cause: Object.assign(new Error("x"), { code: "28P01" }) })),
    ).toMatch(/password was refused/);
  });
  it("SQLite files, and leaves other errors (a failing migration) to their stack trace", () => {
    expect(databaseFailureMessage("file:data/x.db", Object.assign(new Error("x"), { code: "SQLITE_CANTOPEN" }))).toMatch(
      /SQLite database at data\/x\.db/,
    );
    expect(databaseFailureMessage("postgres://db/store", new Error("syntax error at or near"))).toBeNull();
    expect(databaseFailureMessage("postgres://db/store", "nonsense")).toBeNull();
  });
  it("databaseAddress: host:port with the default port", () => {
    expect(databaseAddress("postgres://u:p@h/d")).toBe("h:5432/d");
    expect(databaseAddress("postgres://h:1/")).toBe("h:1");
    expect(databaseAddress(":memory:")).toBe(":memory:");
  });
});
