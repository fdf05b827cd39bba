/**
 * The memo of one request's reads (platform/request-memo.ts says when a request has one). Apart
 * from the services so that the session (which reads the visitor's enrollment) can use it too.
 */
import { writeGeneration } from "../db/writes";

type Entry = { generation: number; value: Promise<unknown> };

/** Whatever carries a request's memo (the request's services, the sessions bound to it). */
export interface MemoScope {
  memo?: Map<string, unknown>;
}

/** The value of `load` for this key, read once per request (every time when not memoised). */
export function once<T>(scope: MemoScope, key: string, load: () => Promise<T>): Promise<T> {
  const memo = scope.memo;
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
