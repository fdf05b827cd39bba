/**
 * Constant translations, memoised. A page makes ~600 t() calls and most are a plain key with no
 * values (a label, a heading): the answer depends only on the language, the namespace and the
 * key, so it is looked up once per server and then read from a Map. Calls with values
 * (plurals, context, defaultValue, returnObjects…) always go to i18next. A call with plain
 * values ("Add {{name}} to cart", once per plan card) looks its template up once the same way and
 * fills it in with the interpolation the browser uses (i18n-react.tsx `interpolate`: this app's
 * strings use `{{name}}` only, unescaped, no nesting or formats).
 * A plural call with nothing but a whole `count` (the header's cart count, on every page: one call
 * through i18next's translator, plural rules and interpolation cost ~1.5% of a small fresh page —
 * issue 24, ADR 031 seventh round) is answered per language, key and count: i18next's answer
 * depends on nothing else (the plural form is chosen by the language's rules for that count).
 * The memo is dropped whenever the resources change (i18next's store emits 'added'/'removed').
 */
import type { i18n as I18n, TFunction } from "i18next";
import { interpolate } from "~/i18n-react";

/** Options fixedT (react-i18next's useTranslation) adds by itself; anything else is a value. */
const FIXED_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);
/**
 * i18next's own options: a call with any of them (other than FIXED_OPTIONS) is not a plain
 * "values" call and goes to i18next every time.
 */
const I18NEXT_OPTIONS = new Set([
  "count",
  "context",
  "ordinal",
  "defaultValue",
  "replace",
  "returnObjects",
  "returnDetails",
  "joinArrays",
  "postProcess",
  "interpolation",
  "skipInterpolation",
  "fallbackLng",
  "keySeparator",
  "nsSeparator",
  "appendNamespaceToMissingKey",
  "appendNamespaceToCIMode",
]);
/** Dynamic keys could grow the memo without end: it is emptied when it reaches this size. */
const MAX_ENTRIES = 20_000;

export interface TranslationMemo {
  /** wraps one (request's) instance: its t() reads and fills the shared memo */
  wrap(instance: I18n): I18n;
  size(): number;
  /** how many templates of calls with values are kept */
  templates(): number;
  /** how many answers of count calls are kept */
  counts(): number;
  clear(): void;
}

function constantCall(
  options: unknown,
): options is { lng?: string; lngs?: unknown; ns?: string | string[]; keyPrefix?: string } | undefined {
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

type FixedOptions = { lng?: string; ns?: string | string[]; keyPrefix?: string };

/**
 * A call whose options are FIXED_OPTIONS plus at least one value (a string or a finite number
 * under a name that is not an i18next option): its answer is the key's template with the values
 * filled in. Anything else (plurals, context, defaults, objects as values) is not.
 */
function valuesCall(options: unknown): options is FixedOptions & Record<string, string | number> {
  if (typeof options !== "object" || options === null || Array.isArray(options)) return false;
  let values = 0;
  for (const [name, value] of Object.entries(options)) {
    if (FIXED_OPTIONS.has(name)) {
      if (name === "lngs" && value !== undefined && value !== null) return false;
      continue;
    }
    if (I18NEXT_OPTIONS.has(name) || name.startsWith("defaultValue") || name.startsWith("context")) return false;
    if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value))) values++;
    else return false;
  }
  return values > 0;
}

/**
 * A call whose options are FIXED_OPTIONS and a `count` that is a whole number from 0 up: its
 * answer is i18next's for the language, key and count, and nothing else.
 */
function countCall(options: unknown): options is FixedOptions & { count: number } {
  if (typeof options !== "object" || options === null || Array.isArray(options)) return false;
  let counted = false;
  for (const [name, value] of Object.entries(options)) {
    if (name === "count") {
      if (!Number.isSafeInteger(value) || (value as number) < 0 || Object.is(value, -0)) return false;
      counted = true;
      continue;
    }
    if (!FIXED_OPTIONS.has(name)) return false;
    if (name === "lngs" && value !== undefined && value !== null) return false;
  }
  return counted;
}

/** One memo per base instance; clones share its resource store, so they share the memo. */
export function createTranslationMemo(base: I18n): TranslationMemo {
  const memo = new Map<string, string>();
  /** Templates of values calls (the raw string of a key, its placeholders unfilled). */
  const templates = new Map<string, string>();
  /** Answers of count calls, per language, namespace, prefix, key and count. */
  const counted = new Map<string, string>();
  const clear = () => {
    memo.clear();
    templates.clear();
    counted.clear();
  };
  base.store.on("added", clear);
  base.store.on("removed", clear);
  return {
    wrap(instance) {
      const original = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
      const t = (key: unknown, options?: unknown, ...rest: unknown[]) => {
        if (typeof key === "string" && rest.length === 0 && valuesCall(options)) return withValues(key, options);
        if (typeof key === "string" && rest.length === 0 && countCall(options)) return withCount(key, options);
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
      // The key's template, found as i18next finds it (language fallback included) but not filled
      // in; then filled in here. A missing key goes to i18next (which reports it).
      const withValues = (key: string, options: FixedOptions & Record<string, string | number>) => {
        const lng = options.lng ?? instance.language;
        const ns = Array.isArray(options.ns) ? options.ns.join(",") : (options.ns ?? String(instance.options.defaultNS ?? ""));
        const id = `${lng}\u0000${ns}\u0000${options.keyPrefix ?? ""}\u0000${key}`;
        let template = templates.get(id);
        if (template === undefined) {
          const raw = original(key, { lng: options.lng, ns: options.ns, keyPrefix: options.keyPrefix, skipInterpolation: true });
          if (typeof raw !== "string" || raw === key || instance.store !== base.store) return original(key, options);
          if (templates.size >= MAX_ENTRIES) templates.clear();
          templates.set(id, (template = raw));
        }
        return interpolate(template, options);
      };
      // i18next's answer for this language, key and count, kept as the constant answers are (a
      // missing key keeps going through i18next).
      const withCount = (key: string, options: FixedOptions & { count: number }) => {
        const lng = options.lng ?? instance.language;
        const ns = Array.isArray(options.ns) ? options.ns.join(",") : (options.ns ?? String(instance.options.defaultNS ?? ""));
        const id = `${lng}\u0000${ns}\u0000${options.keyPrefix ?? ""}\u0000${key}\u0000${options.count}`;
        const hit = counted.get(id);
        if (hit !== undefined) return hit;
        const value = original(key, options);
        if (typeof value === "string" && value !== key && instance.store === base.store) {
          if (counted.size >= MAX_ENTRIES) counted.clear();
          counted.set(id, value);
        }
        return value;
      };
      instance.t = t as unknown as TFunction;
      return instance;
    },
    size: () => memo.size,
    templates: () => templates.size,
    counts: () => counted.size,
    clear,
  };
}
