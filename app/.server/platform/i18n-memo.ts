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

type FixedOptions = { lng?: string; ns?: string | string[]; keyPrefix?: string };

/** What kind of call these options make. */
type CallKind = "constant" | "values" | "count" | "other";
const hasOwn = Object.prototype.hasOwnProperty;

/**
 * One pass over a call's options (no arrays made: ~600 calls a page), in this order:
 * - "values": FIXED_OPTIONS plus at least one value (a string or a finite number under a name that
 *   is not an i18next option): its answer is the key's template with the values filled in;
 * - "count": FIXED_OPTIONS and a `count` that is a whole number from 0 up: its answer is i18next's
 *   for the language, key and count, and nothing else;
 * - "constant": FIXED_OPTIONS only, or names left empty (fixedT passes lngs: null and keyPrefix:
 *   undefined when it has none);
 * - "other" (plurals with values, context, defaults, objects as values…): i18next every time.
 */
function kindOf(options: unknown): CallKind {
  if (options === undefined) return "constant";
  if (typeof options !== "object" || options === null || Array.isArray(options)) return "other";
  let values = 0;
  let valuesOk = true;
  let counted = false;
  let countOk = true;
  let constantOk = true;
  for (const name in options) {
    if (!hasOwn.call(options, name)) continue;
    const value = (options as Record<string, unknown>)[name];
    if (FIXED_OPTIONS.has(name)) {
      if (name === "lngs" && value !== undefined && value !== null) return "other";
      continue;
    }
    if (I18NEXT_OPTIONS.has(name) || name.startsWith("defaultValue") || name.startsWith("context")) valuesOk = false;
    else if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value))) values++;
    else valuesOk = false;
    if (name === "count" && Number.isSafeInteger(value) && (value as number) >= 0 && !Object.is(value, -0)) counted = true;
    else countOk = false;
    if (value !== undefined && value !== null) constantOk = false;
    if (!valuesOk && !countOk && !constantOk) return "other";
  }
  if (valuesOk && values > 0) return "values";
  if (countOk && counted) return "count";
  return constantOk ? "constant" : "other";
}

/**
 * Answers kept per language, namespace and key prefix (one Map each), then per key: a call
 * looks up two Maps with strings it already has (issue 24, ADR 031 eighth round: building one
 * key string per call was ~3% of a fresh `/plans`). At most MAX_ENTRIES answers in all.
 */
class Answers {
  private readonly groups = new Map<string, Map<string, string>>();
  private count = 0;
  get size() {
    return this.count;
  }
  get(group: string, key: string): string | undefined {
    return this.groups.get(group)?.get(key);
  }
  set(group: string, key: string, value: string) {
    if (this.count >= MAX_ENTRIES) this.clear();
    let answers = this.groups.get(group);
    if (!answers) this.groups.set(group, (answers = new Map()));
    if (!answers.has(key)) this.count++;
    answers.set(key, value);
  }
  clear() {
    this.groups.clear();
    this.count = 0;
  }
}

/** One memo per base instance; clones share its resource store, so they share the memo. */
export function createTranslationMemo(base: I18n): TranslationMemo {
  /** Answers of constant calls. */
  const constants = new Answers();
  /** Templates of values calls (the raw string of a key, its placeholders unfilled). */
  const templates = new Answers();
  /** Answers of count calls, per language, namespace and prefix, then key and count. */
  const counted = new Answers();
  const clear = () => {
    constants.clear();
    templates.clear();
    counted.clear();
  };
  base.store.on("added", clear);
  base.store.on("removed", clear);
  return {
    wrap(instance) {
      const original = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
      // The group of a call without lng, ns or keyPrefix: the instance's language and default
      // namespace, kept while the language stays the same (one string per language change).
      let lastLanguage: string | undefined;
      let lastGroup = "";
      const groupOf = (options: FixedOptions | undefined) => {
        if (options?.lng === undefined && options?.ns === undefined && !options?.keyPrefix) {
          if (instance.language !== lastLanguage) {
            lastLanguage = instance.language;
            lastGroup = `${lastLanguage}\u0000${String(instance.options.defaultNS ?? "")}\u0000`;
          }
          return lastGroup;
        }
        const lng = options.lng ?? instance.language;
        const ns = Array.isArray(options.ns) ? options.ns.join(",") : (options.ns ?? String(instance.options.defaultNS ?? ""));
        return `${lng}\u0000${ns}\u0000${options.keyPrefix ?? ""}`;
      };
      const t = (key: unknown, options?: unknown, ...rest: unknown[]) => {
        if (typeof key !== "string" || rest.length > 0) return original(key, options, ...rest);
        const kind = kindOf(options);
        if (kind === "values") return withValues(key, options as FixedOptions & Record<string, string | number>);
        if (kind === "count") return withCount(key, options as FixedOptions & { count: number });
        if (kind === "other") return original(key, options);
        const group = groupOf(options as FixedOptions | undefined);
        const hit = constants.get(group, key);
        if (hit !== undefined) return hit;
        const value = original(key, options);
        // Only real strings are kept: a missing key (i18next answers with the key) keeps
        // going through i18next, so it is still reported.
        if (typeof value === "string" && value !== key && instance.store === base.store) constants.set(group, key, value);
        return value;
      };
      // The key's template, found as i18next finds it (language fallback included) but not filled
      // in; then filled in here. A missing key goes to i18next (which reports it).
      const withValues = (key: string, options: FixedOptions & Record<string, string | number>) => {
        const group = groupOf(options);
        let template = templates.get(group, key);
        if (template === undefined) {
          const raw = original(key, { lng: options.lng, ns: options.ns, keyPrefix: options.keyPrefix, skipInterpolation: true });
          if (typeof raw !== "string" || raw === key || instance.store !== base.store) return original(key, options);
          templates.set(group, key, (template = raw));
        }
        return interpolate(template, options);
      };
      // i18next's answer for this language, key and count, kept as the constant answers are (a
      // missing key keeps going through i18next).
      const withCount = (key: string, options: FixedOptions & { count: number }) => {
        const group = groupOf(options);
        const id = `${key}\u0000${options.count}`;
        const hit = counted.get(group, id);
        if (hit !== undefined) return hit;
        const value = original(key, options);
        if (typeof value === "string" && value !== key && instance.store === base.store) counted.set(group, id, value);
        return value;
      };
      instance.t = t as unknown as TFunction;
      return instance;
    },
    size: () => constants.size,
    templates: () => templates.size,
    counts: () => counted.size,
    clear,
  };
}
