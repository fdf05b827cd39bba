/**
 * The remote transport: SFTP with key authentication (ssh2-sftp-client, ADR 027). An upload goes
 * to a temporary name in the outbox and is renamed when complete, so the carrier never picks up
 * half a file; one signed-in session serves a run of operations and is closed when the run ends
 * (`close`).
 */
import { Writable } from "node:stream";
import SftpClient from "ssh2-sftp-client";
import { assertFileName, InboundTooLargeError, MAX_INBOUND_BYTES, type CarrierTransport } from "./transport";

export interface SftpProfile {
  host: string;
  port: number;
  username: string;
  /** PEM/OpenSSH private key; never a password. */
  privateKey: string | Buffer;
  passphrase?: string;
  /** Checks the server's host key (required: a server we do not know is refused). */
  hostKey: (key: Buffer) => boolean;
  outbox: string;
  inbox: string;
  processed: string;
  readyTimeoutMs?: number;
}

export function sftpTransport(profile: SftpProfile): CarrierTransport {
  // One signed-in session for a run of operations (a run lists, reads and releases every file of
  // the inbox, or uploads every waiting file): carriers' servers limit and log sign-ins. It opens at
  // the first operation and lasts until close(); one the server or the network ended (or an
  // operation failed on: its state is unknown) is let go, and the next operation signs in again.
  let session: Promise<SftpClient> | null = null;
  function connection(): Promise<SftpClient> {
    if (session) return session;
    const client = new SftpClient();
    const opening = client
      .connect({
        host: profile.host,
        port: profile.port,
        username: profile.username,
        privateKey: profile.privateKey,
        passphrase: profile.passphrase,
        hostVerifier: profile.hostKey,
        readyTimeout: profile.readyTimeoutMs ?? 10_000,
        retries: 0,
      })
      .then(() => client);
    session = opening;
    const forget = () => {
      if (session === opening) session = null;
    };
    for (const event of ["end", "close", "error"]) client.on(event, forget);
    opening.catch(forget);
    return opening;
  }
  async function letGo(ending: Promise<SftpClient> | null) {
    if (session === ending) session = null;
    const client = await ending?.catch(() => null);
    await client?.end().catch(() => undefined);
  }
  async function withClient<T>(work: (client: SftpClient) => Promise<T>): Promise<T> {
    const current = connection();
    const client = await current;
    try {
      return await work(client);
    } catch (error) {
      await letGo(current);
      throw error;
    }
  }
  const join = (dir: string, name: string) => `${dir.replace(/\/+$/, "")}/${assertFileName(name)}`;
  return {
    put: (name, bytes) =>
      withClient(async (client) => {
        const temp = join(profile.outbox, `${name}.part`);
        await client.put(Buffer.from(bytes), temp);
        await client.rename(temp, join(profile.outbox, name));
      }),
    listInbox: () =>
      withClient(async (client) =>
        (await client.list(profile.inbox))
          .filter((f) => f.type === "-" && !f.name.startsWith(".") && !f.name.endsWith(".part"))
          .map((f) => f.name)
          .sort(),
      ),
    get: (name) =>
      withClient(async (client) => {
        const remote = join(profile.inbox, name);
        // refused by the size the server states, and by what it sends (a server may state less)
        if ((await client.stat(remote)).size > MAX_INBOUND_BYTES) throw new InboundTooLargeError(MAX_INBOUND_BYTES);
        const sink = cappedSink(MAX_INBOUND_BYTES);
        await client.get(remote, sink.stream);
        return sink.bytes();
      }),
    release: (name) =>
      withClient(async (client) => {
        if (!(await client.exists(profile.processed))) await client.mkdir(profile.processed, true);
        await client.rename(join(profile.inbox, name), join(profile.processed, name));
      }),
    close: () => letGo(session),
  };
}

/** A stream that keeps what it is given, failing (InboundTooLargeError) once past `maxBytes`. */
export function cappedSink(maxBytes: number) {
  const chunks: Buffer[] = [];
  let total = 0;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      if (total > maxBytes) return done(new InboundTooLargeError(maxBytes));
      chunks.push(chunk);
      done();
    },
  });
  return { stream, bytes: () => new Uint8Array(Buffer.concat(chunks)) };
}
