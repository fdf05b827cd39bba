/**
 * A small structured logger. Fields whose names suggest personal or secret data are
 * redacted whatever their value, so a careless call cannot leak an SSN or a code.
 */
type Level = "debug" | "info" | "warn" | "error" | "silent";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

const SENSITIVE =
  /ssn|social|password|secret|token|code|otp|card|cvv|cvc|security|account|routing|email|phone|name|birth|dob|address|zip|health|answer|signature|cookie|authorization|session|csrf/i;

export function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object") return value;
  // deeper than the names are checked: not written at all (a field's name there is never seen)
  if (depth > 4) return "[nested]";
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) =>
      SENSITIVE.test(k) && !/^(status|kind|route|method|path|ms|ref|level)$/.test(k) ? [k, "[redacted]"] : [k, redact(v, depth + 1)],
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

/** A request path as the request log may show it: every link token masked. */
export function loggablePath(pathname: string) {
  return pathname.replace(TOKEN_SEGMENT, "/$1/[token]");
}
