/**
 * The store's session: a signed, HttpOnly, SameSite=Lax cookie holding only the ids and
 * modes the spec keeps in local storage — never names, dates of birth, SSNs or answers.
 * Every read goes through a zod schema, so a forged or stale shape becomes a fresh session.
 */
import { createCookieSessionStorage, type Session, type SessionStorage } from "@remix-run/node";
import { z } from "zod";

const id = z.number().int().positive();

export const sessionSchema = z
  .object({
    tempId: id,
    eprocess: z.enum(["rep", "applicant", "group", "sigapplicant"]),
    openType: z.enum(["agent", "group", "user"]),
    enrollType: z.enum(["new-member", "new-group-member", "existing-member"]),
    agentId: id,
    groupId: id,
    portalId: id,
    memberId: id,
    referral: z.string().max(64),
    referralValid: z.boolean(),
    over65: z.boolean(),
    repAuthenticated: z.boolean(),
    landing: z.string().max(80),
    groupViewPlans: z.boolean(),
    fromSite: z.string().max(80),
    /** wizard markers: go back to review after the next save */
    navto: z.literal("review"),
    /** show-quotation "no" after a cart_info resume */
    showQuotation: z.enum(["yes", "no"]),
    /** code-flow state kept between the code entry and its confirmation */
    pendingRepId: id,
    pendingGroupId: id,
    /** the completed enrollment whose receipt this browser may show */
    receiptId: id,
  })
  .partial();

export type SessionData = z.infer<typeof sessionSchema>;
export type SessionKey = keyof SessionData;

export type Flash = {
  kind: "success" | "warning" | "info" | "error";
  /** translation key and its values */
  key: string;
  values?: Record<string, string | number>;
  /** optional dialog to open after the redirect */
  dialog?: string;
};

type Raw = SessionData & { __flash_flash__?: Flash };

export class StoreSession {
  constructor(private readonly raw: Session<Raw, { flash: Flash }>) {}

  get<K extends SessionKey>(key: K): SessionData[K] {
    const parsed = sessionSchema.shape[key].safeParse(this.raw.get(key));
    return parsed.success ? (parsed.data as SessionData[K]) : undefined;
  }
  set<K extends SessionKey>(key: K, value: SessionData[K] | undefined) {
    if (value === undefined || value === null) this.raw.unset(key);
    else this.raw.set(key, value as never);
  }
  unset(...keys: SessionKey[]) {
    for (const k of keys) this.raw.unset(k);
  }
  all(): SessionData {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(sessionSchema.shape) as SessionKey[]) {
      const v = this.get(key);
      if (v !== undefined) out[key] = v;
    }
    return out as SessionData;
  }
  /** Not My Site / logout: forget everything. */
  clear() {
    for (const key of Object.keys(this.raw.data)) this.raw.unset(key as never);
  }
  flash(message: Flash) {
    this.raw.flash("flash", message);
  }
  takeFlash(): Flash | undefined {
    return this.raw.get("flash" as never) as Flash | undefined;
  }
  get inner() {
    return this.raw;
  }
}

export interface Sessions {
  read(request: Request): Promise<StoreSession>;
  commit(session: StoreSession): Promise<string>;
  storage: SessionStorage<Raw, { flash: Flash }>;
}

export function createSessions(secret: string, secure: boolean): Sessions {
  const storage = createCookieSessionStorage<Raw, { flash: Flash }>({
    cookie: {
      name: "__store",
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      secrets: [secret],
      // 12 hours; a saved enrollment is resumed by code, not by a long-lived cookie.
      maxAge: 60 * 60 * 12,
    },
  });
  return {
    storage,
    async read(request) {
      try {
        return new StoreSession(await storage.getSession(request.headers.get("Cookie")));
      } catch {
        // a cookie that is not ours (bad JSON, wrong encoding): start afresh
        return new StoreSession(await storage.getSession(null));
      }
    },
    commit: (session) => storage.commitSession(session.inner),
  };
}
