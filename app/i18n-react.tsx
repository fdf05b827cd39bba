/**
 * The few react-i18next APIs this app uses (useTranslation, Trans, I18nextProvider,
 * initReactI18next), small enough to ship to the browser instead of i18next and its http
 * backend. Components import them from this module, ~/i18n-react (not from the react-i18next package, which the app
 * does not use), on the server and in the browser alike, so both render through the same code (ADR 013).
 *
 * - Server: `t` is the request's i18next instance (from I18nextProvider); every key a component
 *   asks for is noted, and <PageStrings /> (rendered last in the document) writes those strings
 *   into the page as JSON.
 * - Browser: the strings come from that JSON, read synchronously before hydration (no fetch);
 *   the whole namespace for the page's language is fetched afterwards, in the background, for
 *   what later screens (client navigation, messages shown on input) need. Components re-render
 *   when it arrives.
 */
import {
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from "react";
import type { i18n as I18n, TFunction } from "i18next";

export const PAGE_STRINGS_ID = "page-strings";

type Options = Record<string, unknown> & { count?: unknown; defaultValue?: unknown };
type Flat = Record<string, string>;

/** i18next's interpolation as configured here: `{{name}}`, no escaping, unknown variables left as written. */
export function interpolate(text: string, options: Options | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{([^{}]*)\}\}/g, (whole, raw: string) => {
    const name = raw.trim();
    const value = options[name];
    if (value === undefined) return Object.prototype.hasOwnProperty.call(options, name) ? "" : whole;
    return value === null ? "" : String(value);
  });
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralSuffix(lng: string, count: number) {
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
  return rules.select(count);
}

/** The keys i18next tries for `key` with these options, in its order (plural forms, then the key). */
export function candidateKeys(lng: string, key: string, options: Options | undefined): string[] {
  const count = options?.count;
  if (count === undefined || typeof count === "string") return [key];
  const n = Number(count);
  return [...(n === 0 ? [`${key}_zero`] : []), `${key}_${pluralSuffix(lng, n)}`, key];
}

/**
 * A `t` over flat strings (key → text), behaving as i18next does for the features this app uses.
 * `onMissing` (the browser, before the whole namespace is in) answers a key it does not have.
 */
export function translator(lng: string, strings: () => Flat, onMissing?: (key: string) => string | undefined): TFunction {
  const t = (key: string | string[], options?: Options) => {
    const flat = strings();
    for (const k of Array.isArray(key) ? key : [key]) {
      for (const candidate of candidateKeys(lng, k, options)) {
        const text = flat[candidate];
        if (text !== undefined) return interpolate(text, options);
      }
    }
    const fallback = options?.defaultValue;
    if (typeof fallback === "string") return interpolate(fallback, options);
    const last = Array.isArray(key) ? key[key.length - 1] : key;
    return onMissing?.(last) ?? last;
  };
  return t as unknown as TFunction;
}

/** Nested translation JSON → flat "a.b.c" keys. */
export function flatten(tree: unknown, prefix = "", into: Flat = {}): Flat {
  if (tree && typeof tree === "object") {
    for (const [k, v] of Object.entries(tree as Record<string, unknown>)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (typeof v === "string") into[key] = v;
      else flatten(v, key, into);
    }
  }
  return into;
}

// ---------------------------------------------------------------------------------------
// Server: the request's i18next instance, and the keys this render used

type ServerValue = { i18n: I18n; used: Set<string> };
const ServerContext = createContext<ServerValue | null>(null);

/** Server only: the request's i18next instance for everything rendered inside. */
export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  const value = useMemo(() => ({ i18n, used: new Set<string>() }), [i18n]);
  return <ServerContext.Provider value={value}>{children}</ServerContext.Provider>;
}

/** i18next plugin slot kept for callers that `.use(initReactI18next)`: nothing to set up. */
export const initReactI18next = { type: "3rdParty" as const, init() {} };

// ---------------------------------------------------------------------------------------
// Browser: strings from the page, then the whole namespace

type BrowserState = {
  lng: string;
  strings: Flat;
  version: number;
  full: boolean;
  url: string | null;
  loading: Promise<void> | null;
  failures: number;
};
const browser: BrowserState = { lng: "en", strings: {}, version: 0, full: false, url: null, loading: null, failures: 0 };
const listeners = new Set<() => void>();
let pageStringsText = "{}";

/** Browser only, before hydration: the page's language and the strings the server sent with it. */
export function initPageStrings() {
  const script = document.getElementById(PAGE_STRINGS_ID);
  pageStringsText = script?.textContent ?? "{}";
  browser.lng = document.documentElement.lang || "en";
  try {
    browser.strings = JSON.parse(pageStringsText) as Flat;
  } catch {
    browser.strings = {};
  }
}

/**
 * Browser only: fetches the page language's whole namespace once (the URL carries its version,
 * so the HTTP cache keeps it), for screens the page did not render. Components re-render when it is in.
 * A failed fetch is tried again twice; after that a missing key shows as itself, as i18next shows it.
 */
export function loadAllStrings(url = browser.url): Promise<void> {
  if (url) browser.url = url;
  if (browser.full || !browser.url) return Promise.resolve();
  browser.loading ??= fetch(browser.url, { credentials: "same-origin" })
    .then(async (response) => {
      if (!response.ok) throw new Error(`translations: HTTP ${response.status}`);
      browser.strings = { ...flatten(await response.json()), ...browser.strings };
      return true;
    })
    .catch(() => false)
    .then((loaded) => {
      browser.loading = null;
      // a failed fetch (a busy server, a dropped connection) is tried again, twice, a second apart
      if (!loaded && ++browser.failures < 3) {
        window.setTimeout(() => void loadAllStrings(), 1000);
        return;
      }
      browser.full = true;
      browser.version++;
      for (const listener of listeners) listener();
    });
  return browser.loading;
}

/** Before the whole namespace is in, a key the page did not bring renders empty (not as "a.b.c") and asks for it. */
function missingInBrowser() {
  if (browser.full) return undefined;
  void loadAllStrings();
  return "";
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getVersion = () => browser.version;
const browserI18n = (t: TFunction) =>
  ({ language: browser.lng, resolvedLanguage: browser.lng, dir: () => "ltr", t, changeLanguage: async () => t }) as unknown as I18n;

// ---------------------------------------------------------------------------------------
// The hook and the component

export function useTranslation(): { t: TFunction; i18n: I18n; ready: boolean } {
  const server = useContext(ServerContext);
  const version = useSyncExternalStore(subscribe, getVersion, getVersion);
  return useMemo(() => {
    if (server) {
      const { i18n, used } = server;
      const lng = i18n.language;
      const t = ((key: string | string[], options?: Options) => {
        // one key and no plural count (nearly every call): the key is the only candidate
        const count = options?.count;
        if (typeof key === "string" && (count === undefined || typeof count === "string")) used.add(key);
        else for (const k of Array.isArray(key) ? key : [key]) for (const candidate of candidateKeys(lng, k, options)) used.add(candidate);
        return (i18n.t as (k: string | string[], o?: Options) => string)(key, options);
      }) as unknown as TFunction;
      return { t, i18n, ready: true };
    }
    const t = translator(browser.lng, () => browser.strings, missingInBrowser);
    return { t, i18n: browserI18n(t), ready: true };
    // `version` changes when the whole namespace has arrived: a new `t` re-renders its users
  }, [server, version]);
}

/**
 * `<Trans t={t} i18nKey="…" components={{ action: <Link … /> }} />`: the translation with each
 * `<name>text</name>` replaced by that component holding the text (one level, as the strings use).
 */
export function Trans({
  t,
  i18nKey,
  values,
  components = {},
}: {
  t?: TFunction;
  i18nKey: string;
  values?: Options;
  components?: Record<string, ReactElement>;
}) {
  const own = useTranslation().t;
  const text = (t ?? own)(i18nKey, values as never) as unknown as string;
  const parts: ReactNode[] = [];
  const re = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\s*\/>/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    const name = m[1] ?? m[3];
    const element = components[name];
    if (isValidElement(element)) parts.push(cloneElement(element, { key: parts.length }, m[2]));
    else parts.push(m[2] ?? "");
    last = re.lastIndex;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}

/**
 * Server: the strings JSON per language and set of keys (issue 24: every page of a kind asks for
 * the same keys, and looking each up again was ~1% of a fresh page). Keyed by what it holds —
 * translations only, nothing of a visitor — per i18next resource store (the per-language clones
 * share their base's), and emptied when the store's resources change, as i18n-memo.ts does.
 */
const PAGE_STRINGS_MEMO_SIZE = 256;
const pageStringsMemos = new WeakMap<object, Map<string, string>>();
function pageStringsMemo(i18n: I18n): Map<string, string> | null {
  const store = i18n.store as (object & { on?: (event: string, listener: () => void) => void }) | undefined;
  if (!store || typeof store.on !== "function") return null;
  let memo = pageStringsMemos.get(store);
  if (!memo) {
    const made = new Map<string, string>();
    store.on("added", () => made.clear());
    store.on("removed", () => made.clear());
    pageStringsMemos.set(store, made);
    memo = made;
  }
  return memo;
}

/**
 * The strings this page's render used, as JSON for the browser. Rendered last in <body>, after
 * everything that translates. In the browser it renders what the server sent, unchanged.
 */
export function PageStrings() {
  const server = useContext(ServerContext);
  let json = pageStringsText;
  if (server) {
    const { i18n, used } = server;
    const keys = [...used].sort();
    const memo = pageStringsMemo(i18n);
    const id = `${i18n.language}\n${keys.join("\n")}`;
    const kept = memo?.get(id);
    if (kept !== undefined) json = kept;
    else {
      const strings: Flat = {};
      for (const key of keys) {
        const text = (i18n.getResource(i18n.language, "common", key) ?? i18n.getResource("en", "common", key)) as unknown;
        if (typeof text === "string") strings[key] = text;
      }
      json = JSON.stringify(strings)
        .replace(/</g, "\\u003c")
        .replace(/\u2028/g, "\\u2028")
        .replace(/\u2029/g, "\\u2029");
      if (memo) {
        if (memo.size >= PAGE_STRINGS_MEMO_SIZE) memo.clear();
        memo.set(id, json);
      }
    }
  }
  return <script type="application/json" id={PAGE_STRINGS_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
