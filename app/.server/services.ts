/**
 * Everything a loader or action needs from the outside world, built once at start and
 * handed to Remix as the load context. Tests build the same thing over a temporary database.
 */
import { createCookie } from "@remix-run/node";
import { CSRF } from "remix-utils/csrf/server";
import type { Config } from "./platform/config";
import type { Store, DB } from "./db/connection";
import type { Dialect } from "./db/migrations";
import { createCipher, type Cipher } from "./platform/crypto";
import { createLogger, type Logger } from "./platform/log";
import { createSessions, type Sessions } from "./platform/session";
import { createI18n } from "./platform/i18n";
import { createSmtpTransport } from "./adapters/mail";
import { createDelivery, type Delivery } from "./platform/delivery";
import { createLocalGateway, type PaymentGateway } from "./adapters/payments";

export interface Services {
  config: Config;
  db: DB;
  dialect: Dialect;
  cipher: Cipher;
  log: Logger;
  sessions: Sessions;
  csrf: CSRF;
  i18n: ReturnType<typeof createI18n>["i18n"];
  languageCookie: ReturnType<typeof createI18n>["languageCookie"];
  /**
   * Mail and text messages: the transports the delivery worker hands them to (none for a channel:
   * kept in the outbox), the retry policy and the worker's wake-up (platform/outbox.ts).
   */
  delivery: Delivery;
  /** card tokenization: the local processor simulator until a real processor is configured */
  payments: PaymentGateway;
  now(): Date;
  /** reads shared by the loaders of one GET request (platform/request-memo.ts); absent otherwise */
  memo?: Map<string, unknown>;
}

export function createServices(
  config: Config,
  store: Store,
  overrides: Partial<Pick<Services, "log" | "now" | "delivery" | "payments">> = {},
): Services {
  const secure = config.env === "production" && config.publicBaseUrl.startsWith("https:");
  const now = overrides.now ?? (() => new Date());
  const log = overrides.log ?? createLogger(config.logLevel);
  const { i18n, languageCookie } = createI18n(secure);
  const csrf = new CSRF({
    cookie: createCookie("__csrf", { path: "/", httpOnly: true, sameSite: "lax", secure, secrets: [config.sessionSecret] }),
    formDataKey: "csrf",
    secret: config.sessionSecret,
  });
  const cipher = createCipher(config.encryptionKeys);
  return {
    config,
    db: store.db,
    dialect: store.dialect,
    cipher,
    log,
    sessions: createSessions(config.sessionSecret, secure, {
      db: store.db,
      cipher,
      dialect: store.dialect,
      now,
      idleMs: config.sessionIdleMinutes * 60 * 1000,
      log,
    }),
    csrf,
    i18n,
    languageCookie,
    // No text-message provider is configured in this product yet: texts stay in the outbox.
    delivery:
      overrides.delivery ??
      createDelivery(
        config.mailTransport === "smtp" && config.smtpUrl ? { email: createSmtpTransport(config.smtpUrl, config.mailFrom) } : {},
      ),
    payments: overrides.payments ?? createLocalGateway(cipher, { now }),
    now,
  };
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    services: Services;
    /** CSP nonce for this response's inline scripts and styles */
    nonce: string;
    /** correlates the request log, error logs and the error page's reference */
    requestId: string;
    /** the client's address as Express sees it (for throttling; never logged or stored) */
    clientIp?: string;
    /** a page the document cache may keep: the render offers its document here (ADR 014) */
    pageCapture?: import("./platform/document-cache").PageCapture;
    /**
     * A document request (not Remix's loader data for a client navigation): the plans screens'
     * whole cards, by plan id, for the server's render only (issue 24, views/plans.ts ListedCard)
     */
    listedCards?: Map<number, import("~/views/plans").PlanCardData>;
    /** Where entry.server leaves a rendered page for the server's adapter to send in one write (platform/remix-adapter.ts) */
    document?: import("./platform/remix-adapter").DocumentSlot;
  }
}
