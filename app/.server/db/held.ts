/**
 * Values read from the database and held in memory per database for a while: the catalog, the
 * sites and the reference data (repositories/reference-data.ts). Only rows that the app itself
 * never writes are held this way (migrations and the seed write them), so a server serves them
 * without a query and sees a change made outside within `ttlMs`. Each database (each test's,
 * each process's) has its own copy; `forget` drops it, for whoever just changed the rows.
 */
import type { DB } from "./connection";

export const HELD_TTL_MS = 60_000;

export interface Held<T> {
  (db: DB, now?: number): Promise<T>;
  /** The next read goes to the database again. */
  forget(db: DB): void;
}

/**
 * `same(held, read)`: when a read after the time to live finds what is held (nothing changed),
 * the held value is kept, so whatever is keyed on its identity (the catalog's caches) lives on.
 */
export function heldPerDatabase<T>(read: (db: DB) => Promise<T>, ttlMs = HELD_TTL_MS, same?: (held: T, read: T) => boolean): Held<T> {
  const cache = new WeakMap<DB, { at: number; value: Promise<T>; resolved?: T }>();
  const get = (db: DB, now = Date.now()) => {
    const hit = cache.get(db);
    if (hit && now - hit.at < ttlMs) return hit.value;
    const previous = hit?.resolved;
    const value = read(db).then((next) => (previous !== undefined && same?.(previous, next) ? previous : next));
    const entry: { at: number; value: Promise<T>; resolved?: T } = { at: now, value };
    void value.then(
      (v) => (entry.resolved = v),
      () => undefined,
    );
    cache.set(db, entry);
    // A failed read is not kept: the next caller reads again.
    value.catch(() => {
      if (cache.get(db) === entry) cache.delete(db);
    });
    return value;
  };
  return Object.assign(get, { forget: (db: DB) => void cache.delete(db) });
}
