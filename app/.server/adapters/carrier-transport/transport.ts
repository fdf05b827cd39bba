/**
 * How files reach a carrier and come back (issue 29, ADR 027): put a file in the carrier's
 * outbox, list its inbox, read one, move it to processed. Implementations: a local directory
 * (the embedded default) and SFTP. Names are plain file names, never paths.
 */
export interface CarrierTransport {
  put(name: string, bytes: Uint8Array): Promise<void>;
  listInbox(): Promise<string[]>;
  get(name: string): Promise<Uint8Array>;
  moveToProcessed(name: string): Promise<void>;
}

/** A file name that cannot climb out of its folder or hide (no separators, no leading dot). */
export function assertFileName(name: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(name)) throw new Error(`not a plain file name: ${JSON.stringify(name)}`);
  return name;
}
