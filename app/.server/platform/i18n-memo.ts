/**
 * Constant translations, memoised. A page makes ~600 t() calls and most are a plain key with no
 * values (a label, a heading): the answer depends only on the language, the namespace and the
 * key, so it is looked up once per server and then read from a Map. Calls with values
 * (interpolation, plurals, context, defaultValue, returnObjects…) always go to i18next.
 * The memo is dropped whenever the resources change (i18next's store emits 'added'/'removed').
 */
import type { i18n as I18n, TFunction } from "i18next";

/** Options fixedT (react-i18next's useTranslation) adds by itself; anything else is a value. */
const FIXED_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);
/** Dynamic keys could grow the memo without end: it is emptied when it reaches this size. */
const MAX_ENTRIES = 20_000;

export interface TranslationMemo {
  /** wraps one (request's) instance: its t() reads and fills the shared memo */
  wrap(instance: I18n): I18n;
  size(): number;
  clear(): void;
}

function constantCall(options: unknown): options is { lng?: string; lngs?: unknown; ns?: string | string[]; keyPrefix?: string } | undefined {
  if (options === undefined) return true;
  if (typeof options !== "object" || options === null || Array.isArray(options)) return false;
  for (const [name, value] of Object.entries(options)) {
    // fixedT passes lngs: null and keyPrefix: undefined when it has none
    if (value === undefined || value === null) continue;
    if (!FIXED_OPTIONS.has(name)) return false;
    if (name === "lngs") return false;
  }
  return true;
}

/** One memo per base instance; clones share its resource store, so they share the memo. */
export function createTranslationMemo(base: I18n): TranslationMemo {
  const memo = new Map<string, string>();
  const clear = () => memo.clear();
  base.store.on("added", clear);
  base.store.on("removed", clear);
  return {
    wrap(instance) {
      const original = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
      const t = (key: unknown, options?: unknown, ...rest: unknown[]) => {
        if (typeof key !== "string" || rest.length > 0 || !constantCall(options)) return original(key, options, ...rest);
        const lng = options?.lng ?? instance.language;
        const ns = Array.isArray(options?.ns) ? options.ns.join(",") : (options?.ns ?? String(instance.options.defaultNS ?? ""));
        const id = `${lng}\u0000${ns}\u0000${options?.keyPrefix ?? ""}\u0000${key}`;
        const hit = memo.get(id);
        if (hit !== undefined) return hit;
        const value = original(key, options);
        // Only real strings are kept: a missing key (i18next answers with the key) keeps
        // going through i18next, so it is still reported.
        if (typeof value === "string" && value !== key && instance.store === base.store) {
          if (memo.size >= MAX_ENTRIES) memo.clear();
          memo.set(id, value);
        }
        return value;
      };
      instance.t = t as unknown as TFunction;
      return instance;
    },
    size: () => memo.size,
    clear,
  };
}
