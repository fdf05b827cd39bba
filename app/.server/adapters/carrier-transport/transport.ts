/**
 * How files reach a carrier and come back (issue 29, ADR 027): put a file in the carrier's
 * outbox, list its inbox, read one, release it once read. Implementations: a local directory
 * (the embedded default) and SFTP. Names are plain file names, never paths.
 */
export interface CarrierTransport {
  put(name: string, bytes: Uint8Array): Promise<void>;
  listInbox(): Promise<string[]>;
  /** The file's bytes; InboundTooLargeError, nothing read past the cap, when it is larger than MAX_INBOUND_BYTES. */
  get(name: string): Promise<Uint8Array>;
  /**
   * The file is read and its whole text committed, sealed, to the database: let it go. SFTP moves it
   * to the carrier's processed folder (their server, their retention); the local directory, which is
   * our own disk, removes it — a carrier's file holds members' SSNs and names.
   */
  release(name: string): Promise<void>;
  /** The run is over: a transport that keeps a connection between operations ends it (the next operation opens one again). */
  close?(): Promise<void>;
}

/** A file name that cannot climb out of its folder or hide (no separators, no leading dot). */
export function assertFileName(name: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(name)) throw new Error(`not a plain file name: ${JSON.stringify(name)}`);
  return name;
}

/**
 * The largest file read from a carrier's inbox. A 999, a TA1 or an effectuation 834 for the groups we
 * send is kilobytes to a few megabytes; a file past this (a fault or a hostile server) is refused
 * before it is read whole, so it cannot take the process's memory. It stays in the inbox, reported.
 */
export const MAX_INBOUND_BYTES = 64 * 1024 * 1024;

export class InboundTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${maxBytes} bytes: refused unread`);
  }
}
