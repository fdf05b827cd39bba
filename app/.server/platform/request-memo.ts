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

/**
 * The services one request sees: the same ones, with a memo of its own when it only reads. Its
 * sessions read the visitor's enrollment (the holder check, platform/session.ts) through the
 * same memo, so that check costs no statement of its own.
 */
export function forRequest(services: Services, method: string): Services {
  if (method !== "GET" && method !== "HEAD")
    return services.memo ? { ...services, memo: undefined, sessions: services.sessions.withMemo(undefined) } : services;
  return withReadMemo(services);
}

/**
 * An action's reads, shared from here on: for an action that reads the same rows twice before it
 * writes (the wizard's state, then the step it checks). The write count still applies, so a read
 * after the action's first write goes to the database again. Give it only to reads outside a
 * transaction (a transaction reads for itself).
 */
export function withReadMemo(services: Services): Services {
  const memo = new Map<string, unknown>();
  return { ...services, memo, sessions: services.sessions.withMemo(memo) };
}

export { once } from "./memo";
