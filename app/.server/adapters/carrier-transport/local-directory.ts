/**
 * The embedded transport: data/carriers/<carrier>/outbound and inbound on this machine. Writes are
 * atomic (a temporary file in the same folder, then rename), so a reader never sees half a file.
 * An inbound file, once read and kept sealed in the database, is removed: this folder is our own
 * disk, and a carrier's file holds members' SSNs and names. An 834 carries members' whole SSNs: the
 * folders are 0700 and the files 0600 whatever the umask, and those an older version left readable
 * (0755 folders, 0644 files) are tightened the first time this process uses a carrier's folders
 * (as the SQLite files are: platform/private-files.ts). Copies an older version moved to
 * inbound/processed in the clear go once the database holds them (`removeKeptCopies`).
 */
import { randomUUID } from "node:crypto";
import fsSync from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { tighten, tightenFolder } from "../../platform/private-files";
import { assertFileName, InboundTooLargeError, MAX_INBOUND_BYTES, type CarrierTransport } from "./transport";

const FOLDER = 0o700;
const FILE = 0o600;

export function carrierFolders(root: string, carrier: string) {
  const base = path.join(root, assertFileName(carrier));
  return { outbound: path.join(base, "outbound"), inbound: path.join(base, "inbound"), processed: path.join(base, "inbound", "processed") };
}

/** Writes through a temporary file and a rename (atomic on one file system); the file 0600 in 0700 folders. */
export async function writeAtomically(dir: string, name: string, bytes: Uint8Array) {
  await fs.mkdir(dir, { recursive: true, mode: FOLDER });
  const temp = path.join(dir, `.${assertFileName(name)}.${randomUUID()}.part`);
  try {
    await fs.writeFile(temp, bytes, { flag: "wx", mode: FILE });
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

/** A file's bytes, refused (InboundTooLargeError) past `maxBytes` — by its size, and by what is read, should it grow. */
export async function readCapped(file: string, maxBytes: number): Promise<Uint8Array> {
  const handle = await fs.open(file, "r");
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new Error("not a regular file");
    if (stat.size > maxBytes) throw new InboundTooLargeError(maxBytes);
    const out = Buffer.alloc(stat.size + 1);
    let total = 0;
    for (;;) {
      const { bytesRead } = await handle.read(out, total, out.length - total, total);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > stat.size) throw new InboundTooLargeError(maxBytes);
    }
    return new Uint8Array(out.buffer, out.byteOffset, total);
  } finally {
    await handle.close();
  }
}

const tightened = new Set<string>();

/**
 * The carriers' root, a carrier's folder and its outbound (with outbound/sent), inbound and
 * processed folders closed to others, and every file in them 0600 — once per process and carrier.
 * The root is left as it is when it is a shared place (/tmp, the home or working folder).
 */
export function tightenCarrierFolders(root: string, carrier: string) {
  const folders = carrierFolders(root, carrier);
  const base = path.dirname(folders.outbound);
  if (tightened.has(base)) return;
  if (fsSync.existsSync(root)) tightenFolder(path.resolve(root));
  for (const dir of [base, folders.outbound, folders.inbound, folders.processed]) {
    let entries: fsSync.Dirent[];
    try {
      entries = fsSync.readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    tighten(dir, FOLDER);
    for (const e of entries) if (e.isFile()) tighten(path.join(dir, e.name), FILE);
  }
  tightened.add(base);
}

export function localDirectoryTransport(root: string, carrier: string): CarrierTransport & { folders: ReturnType<typeof carrierFolders> } {
  const folders = carrierFolders(root, carrier);
  tightenCarrierFolders(root, carrier);
  return {
    folders,
    put: async (name, bytes) => writeAtomically(folders.outbound, assertFileName(name), bytes),
    listInbox: () => plainFiles(folders.inbound),
    get: async (name) => readCapped(path.join(folders.inbound, assertFileName(name)), MAX_INBOUND_BYTES),
    release: (name) => fs.rm(path.join(folders.inbound, assertFileName(name)), { force: true }),
  };
}

/**
 * The copies an older version moved to inbound/processed after reading them, in the clear: each
 * one the database holds (`isKept(text)`: the same carrier's file with the same digest, sealed) is
 * removed; one it does not hold, or cannot read (past MAX_INBOUND_BYTES, gone meanwhile), is left as
 * it is — it never stops the receive that follows. Returns how many went and how many stay.
 */
export async function removeKeptCopies(folders: ReturnType<typeof carrierFolders>, isKept: (text: string) => Promise<boolean>) {
  let removed = 0;
  let left = 0;
  for (const name of await plainFiles(folders.processed)) {
    const file = path.join(folders.processed, name);
    const bytes = await readCapped(file, MAX_INBOUND_BYTES).catch(() => null);
    if (bytes && (await isKept(Buffer.from(bytes).toString("utf8")))) {
      await fs.rm(file, { force: true });
      removed++;
    } else left++;
  }
  return { removed, left };
}
