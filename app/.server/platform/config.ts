/**
 * Configuration from environment variables, checked by one zod schema at start.
 * Production refuses to start without real secrets; development gets safe defaults
 * that are clearly marked and never used in production.
 */
import { z } from "zod";

const DEV_SESSION_SECRET = "dev-only-session-secret-change-me-0123456789";
const DEV_ENCRYPTION_KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

const HEX_KEY = /^[0-9a-fA-F]{64}$/;

const flag = z.enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""]).transform((v) => ["1", "true", "yes", "on"].includes(v));

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // Unset: 127.0.0.1 while the development secrets are in use, else 0.0.0.0 (see loadConfig).
    HOST: z.string().min(1).optional(),
    DATABASE_URL: z
      .string()
      .min(1)
      .default("file:data/store.db")
      .refine((v) => /^(postgres(ql)?:\/\/|file:|:memory:|[\w./-]+$)/.test(v), "must be a postgres:// URL or a SQLite file path"),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    ENCRYPTION_KEY: z.string().regex(HEX_KEY, "must be 64 hexadecimal characters (32 bytes), e.g. from `openssl rand -hex 32`").optional(),
    // Key rotation: every key, newest first, separated by commas (the newest seals, any opens).
    ENCRYPTION_KEYS: z
      .string()
      .transform((v) =>
        v
          .split(",")
          .map((k) => k.trim())
          .filter(Boolean),
      )
      .refine(
        (keys) => keys.length > 0 && keys.every((k) => HEX_KEY.test(k)),
        "must be keys of 64 hexadecimal characters, newest first, separated by commas",
      )
      .refine((keys) => new Set(keys.map((k) => k.toLowerCase())).size === keys.length, "lists a key twice")
      .optional(),
    // required in production (below); elsewhere the development server's own address
    PUBLIC_BASE_URL: z.string().url("must be an absolute URL such as https://store.example.com").optional(),
    TRUST_PROXY: flag.default("0"),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Benefit Store <no-reply@benefitstore.example>"),
    // smtp (needs SMTP_URL) or outbox (mail kept in the database's outbox table, never sent);
    // unset: smtp when SMTP_URL is set, else outbox — which production refuses unless chosen here.
    MAIL_TRANSPORT: z.enum(["smtp", "outbox"]).optional(),
    DEV_OUTBOX: flag.optional(),
    SEED_ON_START: flag.default("1"),
    REMINDERS_ENABLED: flag.default("0"),
    // issue 29: send and receive carrier files on the job queue, daily; their embedded directory
    CARRIER_FEED_ENABLED: flag.default("0"),
    CARRIERS_DIR: z.string().min(1).default("data/carriers"),
    REMINDER_DELAY_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 90)
      .default(48),
    REMINDER_INTERVAL_MINUTES: z.coerce
      .number()
      .min(1)
      .max(24 * 60)
      .default(15),
    QUOTE_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(30),
    /** how long a member benefit store link (scripts/member-store-link.ts) works */
    MEMBER_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** a verified rep's or group admin's session ends after this many minutes without a request */
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(3, "must be at least 3 (the warning comes 2 minutes before)").max(720).default(20),
    STAFF_CODES_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(30),
    /** sign-in codes one client may ask for one rep or admin in an hour (issue 23) */
    STAFF_CLIENT_CODES_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
    /** contact-step codes (e-mail and text together) one client may ask for in an hour, whatever the enrollment */
    CONTACT_CODES_PER_CLIENT_HOUR: z.coerce.number().int().min(1).max(10000).default(10),
    /** contact-step codes to one address or number in an hour, whatever the enrollment */
    CONTACT_CODES_PER_DESTINATION_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
    /** contact-step codes the whole store sends by text (SMS) in 24 hours */
    CONTACT_SMS_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(500),
    /** contact-step codes the whole store sends by e-mail in 24 hours */
    CONTACT_EMAILS_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(2000),
    /** quote e-mails (Save Cart) one client may send in an hour, whatever the cart */
    QUOTES_PER_CLIENT_HOUR: z.coerce.number().int().min(1).max(10000).default(10),
    /**
     * Passkeys of the operators' console (ADR 025): the WebAuthn relying party's id (a domain, e.g.
     * store.example.com) and the origins a ceremony may come from (comma-separated). Unset: in
     * production both come from PUBLIC_BASE_URL; elsewhere from the request's own host (dev, tests).
     */
    WEBAUTHN_RP_ID: z
      .string()
      .regex(/^(localhost|([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,})$/i, "must be a domain name such as store.example.com")
      .optional(),
    WEBAUTHN_ORIGINS: z
      .string()
      .transform((v) =>
        v
          .split(",")
          .map((o) => o.trim().replace(/\/+$/, ""))
          .filter(Boolean),
      )
      .refine(
        (list) => list.length > 0 && list.every((o) => /^https?:\/\/[^/?#\s]+$/.test(o)),
        "must be origins such as https://store.example.com",
      )
      .optional(),
    WEBAUTHN_RP_NAME: z.string().min(1).max(64).default("Benefit Store console"),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.ENCRYPTION_KEY && env.ENCRYPTION_KEYS)
      ctx.addIssue({
        code: "custom",
        path: ["ENCRYPTION_KEYS"],
        message: "and ENCRYPTION_KEY are both set: keep only ENCRYPTION_KEYS (newest first)",
      });
    if (env.MAIL_TRANSPORT === "smtp" && !env.SMTP_URL)
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required when MAIL_TRANSPORT=smtp" });
    if (env.NODE_ENV !== "production") return;
    if (!env.SESSION_SECRET)
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production (at least 32 random characters)" });
    if (!env.ENCRYPTION_KEY && !env.ENCRYPTION_KEYS)
      ctx.addIssue({
        code: "custom",
        path: ["ENCRYPTION_KEY"],
        message: "(or ENCRYPTION_KEYS) is required in production (64 hex characters)",
      });
    if (env.SESSION_SECRET === DEV_SESSION_SECRET)
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "must not be the development default in production" });
    if (env.ENCRYPTION_KEY?.toLowerCase() === DEV_ENCRYPTION_KEY)
      ctx.addIssue({ code: "custom", path: ["ENCRYPTION_KEY"], message: "must not be the development default in production" });
    if (env.ENCRYPTION_KEYS?.some((k) => k.toLowerCase() === DEV_ENCRYPTION_KEY))
      ctx.addIssue({ code: "custom", path: ["ENCRYPTION_KEYS"], message: "must not hold the development default key in production" });
    // Every e-mailed link is built on it and the cookies' Secure flag follows it: a production store
    // left on the development default would mail links to localhost and send its cookies in clear.
    const base = env.PUBLIC_BASE_URL ? new URL(env.PUBLIC_BASE_URL) : null;
    const triedHere = base !== null && isLoopbackHost(base.hostname);
    if (!base)
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_BASE_URL"],
        message: "is required in production: the store's https address, on which e-mailed links are built (https://store.example.com)",
      });
    else if (base.protocol !== "https:" && !triedHere)
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_BASE_URL"],
        message: "must be an https address in production (the session and CSRF cookies are Secure only then)",
      });
    // the mailbox page shows every code and link sent: only for a production build tried on this machine
    if (env.DEV_OUTBOX && !triedHere)
      ctx.addIssue({
        code: "custom",
        path: ["DEV_OUTBOX"],
        message:
          "must be off in production: /dev/outbox would show every code and link sent (it is allowed only with PUBLIC_BASE_URL on this machine, http://localhost:…)",
      });
    if (!env.SMTP_URL && env.MAIL_TRANSPORT !== "outbox")
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message:
          "is required in production: without a mail transport, one-time codes and links would pile up in the outbox table, never sent (set MAIL_TRANSPORT=outbox only if that is what you want)",
      });
  });

export type Config = {
  /** issue 29: the carrier feed on the job queue, and the embedded transport's folder */
  carrierFeed: { enabled: boolean; root: string };
  env: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl: string;
  sessionSecret: string;
  /** the newest key: what seals */
  encryptionKey: Buffer;
  /** every key, newest first: any of them opens */
  encryptionKeys: Buffer[];
  publicBaseUrl: string;
  trustProxy: boolean;
  smtpUrl: string | undefined;
  mailTransport: "smtp" | "outbox";
  mailFrom: string;
  devOutbox: boolean;
  seedOnStart: boolean;
  reminders: { enabled: boolean; delayHours: number; intervalMinutes: number };
  quoteLinkDays: number;
  memberLinkDays: number;
  /** idle limit of a verified rep's or group admin's session (minutes) */
  sessionIdleMinutes: number;
  /** sign-in codes sent for one rep, or one group's admins, in an hour */
  staffCodesPerHour: number;
  /** sign-in codes one client may ask for one rep or admin in an hour */
  staffClientCodesPerHour: number;
  /** contact-step code limits: per client an hour, per address or number an hour, per channel a day */
  contactCodes: { perClientHour: number; perDestinationHour: number; smsPerDay: number; emailsPerDay: number };
  /** quote e-mails one client may send in an hour */
  quotesPerClientHour: number;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** operators' passkeys: the relying party (ADR 025); rpId/origins null = derived (see webauthnParty) */
  webauthn: { rpId: string | null; origins: string[] | null; rpName: string };
  usingDevSecrets: boolean;
  /** things allowed but worth saying at start (the server logs them) */
  warnings: string[];
};

/**
 * Whether `host` only listens on this machine: localhost, 127.0.0.0/8, ::1 (also IPv4-mapped).
 * Anything else (0.0.0.0, ::, a LAN address, a name) can be reached from elsewhere.
 */
/** Where the development server answers (PUBLIC_BASE_URL's default outside production). */
const DEV_BASE_URL = "http://localhost:3000";

export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  if (h === "localhost" || h === "::1" || h === "0:0:0:0:0:0:0:1") return true;
  const v4 = h.replace(/^::ffff:/, "");
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(v4);
  return Boolean(m && m[1] === "127" && m.slice(2).every((n) => Number(n) <= 255));
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set" (a blank line in .env).
  const input = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".") || "environment"} ${i.message}`));
  }
  const env = parsed.data;
  // The development secrets are public (they are in this file): whoever reaches the server could
  // forge sessions and, through the dev outbox, read every code. They only ever listen on loopback.
  const usingDevSecrets =
    !env.SESSION_SECRET ||
    env.SESSION_SECRET === DEV_SESSION_SECRET ||
    !(env.ENCRYPTION_KEY || env.ENCRYPTION_KEYS) ||
    env.ENCRYPTION_KEY?.toLowerCase() === DEV_ENCRYPTION_KEY ||
    Boolean(env.ENCRYPTION_KEYS?.some((k) => k.toLowerCase() === DEV_ENCRYPTION_KEY));
  if (usingDevSecrets && env.HOST !== undefined && !isLoopbackHost(env.HOST)) {
    throw new ConfigError([
      `HOST ${env.HOST} is reachable from other machines, and the server would use the development secrets (public: anyone who reaches it could forge sessions and read every code in the dev outbox). Set real SESSION_SECRET and ENCRYPTION_KEY (openssl rand -base64 48; openssl rand -hex 32) to listen there, or leave HOST unset (127.0.0.1).`,
    ]);
  }
  const host = env.HOST ?? (usingDevSecrets ? "127.0.0.1" : "0.0.0.0");
  // The dev outbox shows every e-mailed code and link: never on an address other machines reach,
  // whatever NODE_ENV says (a deployment that forgot NODE_ENV=production must not publish it).
  if (env.DEV_OUTBOX === true && !isLoopbackHost(host)) {
    throw new ConfigError([
      `DEV_OUTBOX is on and HOST ${host} is reachable from other machines: anyone who reaches it could read every code and link the store e-mails. Turn DEV_OUTBOX off, or listen on 127.0.0.1.`,
    ]);
  }
  const keys = (env.ENCRYPTION_KEYS ?? [env.ENCRYPTION_KEY ?? DEV_ENCRYPTION_KEY]).map((k) => Buffer.from(k, "hex"));
  const mailTransport = env.MAIL_TRANSPORT ?? (env.SMTP_URL ? "smtp" : "outbox");
  const warnings: string[] = [];
  if (env.NODE_ENV === "production" && mailTransport === "outbox")
    warnings.push(
      "MAIL_TRANSPORT=outbox: e-mails (with one-time codes and links) are kept in the outbox table (sealed with the encryption key) and never sent",
    );
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host,
    databaseUrl: env.DATABASE_URL,
    sessionSecret: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    encryptionKey: keys[0]!,
    encryptionKeys: keys,
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? DEV_BASE_URL).replace(/\/+$/, ""),
    trustProxy: env.TRUST_PROXY,
    smtpUrl: env.SMTP_URL,
    mailTransport,
    mailFrom: env.MAIL_FROM,
    // (behind a proxy — TRUST_PROXY — the machine's loopback is not its own: off unless asked for)
    devOutbox: env.DEV_OUTBOX ?? (env.NODE_ENV !== "production" && isLoopbackHost(host) && !env.TRUST_PROXY),
    seedOnStart: env.SEED_ON_START,
    carrierFeed: { enabled: env.CARRIER_FEED_ENABLED, root: env.CARRIERS_DIR },
    reminders: { enabled: env.REMINDERS_ENABLED, delayHours: env.REMINDER_DELAY_HOURS, intervalMinutes: env.REMINDER_INTERVAL_MINUTES },
    quoteLinkDays: env.QUOTE_LINK_DAYS,
    memberLinkDays: env.MEMBER_LINK_DAYS,
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    staffCodesPerHour: env.STAFF_CODES_PER_HOUR,
    staffClientCodesPerHour: env.STAFF_CLIENT_CODES_PER_HOUR,
    contactCodes: {
      perClientHour: env.CONTACT_CODES_PER_CLIENT_HOUR,
      perDestinationHour: env.CONTACT_CODES_PER_DESTINATION_HOUR,
      smsPerDay: env.CONTACT_SMS_PER_DAY,
      emailsPerDay: env.CONTACT_EMAILS_PER_DAY,
    },
    quotesPerClientHour: env.QUOTES_PER_CLIENT_HOUR,
    logLevel: env.LOG_LEVEL,
    webauthn: { rpId: env.WEBAUTHN_RP_ID ?? null, origins: env.WEBAUTHN_ORIGINS ?? null, rpName: env.WEBAUTHN_RP_NAME },
    usingDevSecrets,
    warnings,
  };
}
