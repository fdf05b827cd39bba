/** The server script spawned as `npm start` / `npm run dev` runs it, for tests of what only the real server does. */
import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

const root = path.resolve(__dirname, "../..");

/** A local port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/**
 * Starts `server.ts --dev` (no build needed) and resolves `ready` once it logs "listening" (or
 * rejects if it exits first). `output()` is everything it printed so far; stop() kills it.
 */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts", "--dev"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      LOG_LEVEL: "info",
      SEED_ON_START: "0",
      ...env,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not listen within 60 s\n${out}`)), 60_000);
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      if (/"msg":"listening"/.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}\n${out}`));
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });
  return { ready, stop, output: () => out };
}
