/**
 * Reads shared by the loaders of one page. Remix runs every matched route's loader for a
 * document (the root's shell, a layout, the page), and several of them need the same rows:
 * the visitor's enrollment, its cart, the wizard's steps. Each request gets its own memo (the
 * server's getLoadContext calls forRequest), so a row is read once per page and never shared
 * with another request. Only reads of GET and HEAD requests are memoised: an action writes,
 * and whatever it reads must be what the database holds at that moment. A loader may write too
 * (a prefilled draft): a read is kept only while no statement that may write has run since
 * (db/writes.ts), so it reads its own write back.
 */
import type { Services } from "../services";
import { writeGeneration } from "../db/writes";

/** The services one request sees: the same ones, with a memo of its own when it only reads. */
type Entry = { generation: number; value: Promise<unknown> };

export function forRequest(services: Services, method: string): Services {
  if (method !== "GET" && method !== "HEAD") return services.memo ? { ...services, memo: undefined } : services;
  return { ...services, memo: new Map() };
}

/**
 * An action's reads, shared from here on: for an action that reads the same rows twice before it
 * writes (the wizard's state, then the step it checks). The write count still applies, so a read
 * after the action's first write goes to the database again. Give it only to reads outside a
 * transaction (a transaction reads for itself).
 */
export function withReadMemo(services: Services): Services {
  return { ...services, memo: new Map() };
}

/** The value of `load` for this key, read once per request (every time when not memoised). */
export function once<T>(services: Services, key: string, load: () => Promise<T>): Promise<T> {
  const memo = services.memo;
  if (!memo) return load();
  const generation = writeGeneration();
  const hit = memo.get(key) as Entry | undefined;
  if (hit && hit.generation === generation) return hit.value as Promise<T>;
  const value = load();
  const entry: Entry = { generation, value };
  memo.set(key, entry);
  // A failed read is not kept: a later loader tries again (and meets the error itself).
  value.catch(() => {
    if (memo.get(key) === entry) memo.delete(key);
  });
  return value;
}
