/**
 * The embedded transport: data/carriers/<carrier>/outbound and inbound on this machine. Writes are
 * atomic (a temporary file in the same folder, then rename), so a reader never sees half a file.
 * Inbound files, once read, move to inbound/processed.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { assertFileName, type CarrierTransport } from "./transport";

export function carrierFolders(root: string, carrier: string) {
  const base = path.join(root, assertFileName(carrier));
  return { outbound: path.join(base, "outbound"), inbound: path.join(base, "inbound"), processed: path.join(base, "inbound", "processed") };
}

/** Writes through a temporary file and a rename (atomic on one file system). */
export async function writeAtomically(dir: string, name: string, bytes: Uint8Array) {
  await fs.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${assertFileName(name)}.${randomUUID()}.part`);
  try {
    await fs.writeFile(temp, bytes, { flag: "wx" });
    await fs.rename(temp, path.join(dir, name));
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/** Plain files of a folder (temporary files, sub-folders excluded), sorted. */
async function plainFiles(dir: string) {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") return [];
    throw e;
  });
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith("."))
    .map((e) => e.name)
    .sort();
}

export function localDirectoryTransport(root: string, carrier: string): CarrierTransport & { folders: ReturnType<typeof carrierFolders> } {
  const folders = carrierFolders(root, carrier);
  return {
    folders,
    put: async (name, bytes) => writeAtomically(folders.outbound, assertFileName(name), bytes),
    listInbox: () => plainFiles(folders.inbound),
    get: async (name) => new Uint8Array(await fs.readFile(path.join(folders.inbound, assertFileName(name)))),
    async moveToProcessed(name) {
      await fs.mkdir(folders.processed, { recursive: true });
      await fs.rename(path.join(folders.inbound, assertFileName(name)), path.join(folders.processed, name));
    },
  };
}

/**
 * Retry-safe delivery through a remote transport: files wait in the local outbound folder; each is
 * uploaded, then moved to outbound/sent. A failed upload leaves it in outbound for the next run.
 */
export async function deliverOutbound(localOutbound: string, remote: CarrierTransport) {
  const sentDir = path.join(localOutbound, "sent");
  const delivered: string[] = [];
  const failed: Array<{ name: string; error: string }> = [];
  for (const name of await plainFiles(localOutbound)) {
    try {
      await remote.put(name, new Uint8Array(await fs.readFile(path.join(localOutbound, name))));
    } catch (error) {
      failed.push({ name, error: (error as Error).message });
      continue;
    }
    await fs.mkdir(sentDir, { recursive: true });
    await fs.rename(path.join(localOutbound, name), path.join(sentDir, name));
    delivered.push(name);
  }
  return { delivered, failed };
}
