/**
 * A small structured logger. Fields whose names suggest personal or secret data are
 * redacted whatever their value, so a careless call cannot leak an SSN or a code.
 */
type Level = "debug" | "info" | "warn" | "error" | "silent";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

const SENSITIVE =
  /ssn|social|password|secret|token|code|otp|card|cvv|cvc|security|account|routing|email|phone|name|birth|dob|address|zip|health|answer|signature|cookie|authorization|session|csrf/i;

/** Fields that hold a path or an address: written with every query value redacted (loggablePath). */
const ADDRESS = /^(path|url|href|next|location|referr?er)$/i;

export function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object") return value;
  // deeper than the names are checked: not written at all (a field's name there is never seen)
  if (depth > 4) return "[nested]";
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) =>
      SENSITIVE.test(k) && !/^(status|kind|route|method|path|ms|ref|level)$/.test(k)
        ? [k, "[redacted]"]
        : ADDRESS.test(k) && typeof v === "string"
          ? [k, loggablePath(v)]
          : [k, redact(v, depth + 1)],
    ),
  );
}

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: Level = "info", write: (line: string) => void = (l) => process.stdout.write(l + "\n")): Logger {
  const emit = (lvl: Exclude<Level, "silent">, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < ORDER[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...(fields ? (redact(fields) as object) : {}) }));
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
  };
}

/** Path segments that carry a token (a link's secret): the request log shows `[token]` instead. */
const TOKEN_SEGMENT =
  /\/(direct-continue|quote|resume|decline-reminder-email|sign|member-benefit-store|invitation|enrollment-status)\/[^/?]+/gi;

/**
 * Query keys whose values say nothing about a person (a listing's type, a page, a sort, a language,
 * a dialog's or a step's name, a notice): their value is shown when it is a plain word. Every other
 * value is redacted — a console's search (`?q=Ana Lopez`), an e-mail, a phone, a path to come back to.
 */
const HARMLESS_QUERY_KEYS = new Set([
  "type",
  "page",
  "sort",
  "order",
  "lang",
  "lng",
  "step",
  "dialog",
  "tier",
  "status",
  "diff",
  "saved",
  "notice",
  "sent",
  "busy",
  "added",
  "ended",
  "entered",
  "imported",
  "published",
  "discarded",
]);
const PLAIN_WORD = /^[A-Za-z0-9_.-]{1,40}$/;

function loggableQuery(query: string) {
  return query
    .split("&")
    .map((pair) => {
      const at = pair.indexOf("=");
      if (at < 0) return pair;
      const key = pair.slice(0, at);
      return HARMLESS_QUERY_KEYS.has(key.toLowerCase()) && PLAIN_WORD.test(pair.slice(at + 1)) ? pair : `${key}=[redacted]`;
    })
    .join("&");
}

/**
 * A request path (or an address) as a log line may show it: every link token masked, every query
 * value redacted but a harmless key's, no fragment. The request log writes the path alone
 * (server.ts); this holds for any line that is given more.
 */
export function loggablePath(pathname: string) {
  const hash = pathname.indexOf("#");
  const whole = hash < 0 ? pathname : pathname.slice(0, hash);
  const at = whole.indexOf("?");
  const path = (at < 0 ? whole : whole.slice(0, at)).replace(TOKEN_SEGMENT, "/$1/[token]");
  return at < 0 ? path : `${path}?${loggableQuery(whole.slice(at + 1))}`;
}
