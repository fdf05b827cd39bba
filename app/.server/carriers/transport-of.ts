/**
 * The transport a delivery profile names: the embedded directory (data/carriers/<carrier>/…) or
 * SFTP with key authentication. The private key is never in the database: the profile holds a
 * reference — env:NAME (an environment variable) or file:/path — read here when a run starts.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { localDirectoryTransport } from "../adapters/carrier-transport/local-directory";
import { sftpTransport } from "../adapters/carrier-transport/sftp";
import type { CarrierTransport } from "../adapters/carrier-transport/transport";
import type { CarrierProfile } from "../repositories/carrier-feed";

export const DEFAULT_CARRIERS_ROOT = path.resolve("data", "carriers");

/** The largest private key file read (an OpenSSH RSA-4096 key is about 3.4 KB). */
const MAX_KEY_BYTES = 64 * 1024;

export function privateKeyOf(ref: string, env: NodeJS.ProcessEnv = process.env): string {
  if (ref.startsWith("env:")) {
    const value = env[ref.slice(4)];
    if (!value) throw new Error(`the environment variable ${ref.slice(4)} is not set`);
    return value;
  }
  if (ref.startsWith("file:")) {
    // a key file is a small regular file: not a device (/dev/zero would never end), a directory or a pipe
    const file = ref.slice(5);
    const stat = fs.statSync(file);
    if (!stat.isFile() || stat.size > MAX_KEY_BYTES)
      throw new Error("the key reference must name a key file (a regular file of at most 64 KB)");
    return fs.readFileSync(file, "utf8");
  }
  throw new Error("the key reference must be env:NAME or file:/path");
}

/** SHA-256 of a host's public key, base64 without padding (as `ssh-keygen -l` prints after SHA256:). */
export const hostKeyFingerprint = (key: Buffer) => crypto.createHash("sha256").update(key).digest("base64").replace(/=+$/, "");

export function transportOf(profile: CarrierProfile, root = DEFAULT_CARRIERS_ROOT): CarrierTransport {
  if (profile.transport === "local") return localDirectoryTransport(root, profile.carrier_code);
  if (!profile.sftp_host || !profile.sftp_username || !profile.sftp_key_ref || !profile.sftp_host_key_sha256)
    throw new Error("the SFTP profile lacks its host, user, key reference or host key");
  const expected = profile.sftp_host_key_sha256.replace(/^SHA256:/, "").replace(/=+$/, "");
  const inbox = profile.sftp_inbox ?? "/inbox";
  return sftpTransport({
    host: profile.sftp_host,
    port: profile.sftp_port ?? 22,
    username: profile.sftp_username,
    privateKey: privateKeyOf(profile.sftp_key_ref),
    hostKey: (key) => hostKeyFingerprint(key) === expected,
    outbox: profile.sftp_outbox ?? "/outbox",
    inbox,
    processed: `${inbox.replace(/\/+$/, "")}/processed`,
  });
}
