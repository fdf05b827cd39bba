/**
 * What the store's session may hold: only the ids and modes the spec keeps in local storage,
 * never names, dates of birth, SSNs or answers. Every read goes through this schema, so a
 * forged or stale shape becomes a fresh session.
 */
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
    /** a rep's or group admin's sign-in by code (issue 15): who, by which channel, and this browser's key for the code */
    verifySubject: z.string().regex(/^(rep|group_admin):[1-9][0-9]{0,9}$/),
    verifyChannel: z.enum(["email", "phone"]),
    verifyKey: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
    /** the token of this browser's idle-ended session, so signing in again continues where it was */
    resumeFrom: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
    /** the completed enrollment whose receipt this browser may show */
    receiptId: id,
    /** until when (epoch ms) receiptId opens the receipt and its PDF */
    receiptUntil: z.number().int().positive(),
    /** this browser's hold on a resumed enrollment (enrollments.holder) */
    holder: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
    /** this browser's key for the codes that let it continue an invitation's enrollment held elsewhere (ADR 023) */
    inviteKey: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
    /**
     * the roster employee this browser proved it is (ADR 023 addendum w8: a right invitation code sent
     * to the roster's address): only then does their enrollment show the roster's date of birth,
     * gender, ZIP, e-mail, phone and address
     */
    inviteProven: id,
    /** this browser's key for member benefit store links: the codes it asked for, and the links it holds (keyed hash; ADR 033) */
    memberLinkKey: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
    /**
     * the expiry (epoch seconds) of the member link this browser came in by (memberId is its
     * member): every read checks the browser still holds that link, else the member is forgotten
     */
    memberLinkUntil: z.number().int().positive(),
    /**
     * the signature link (its link_tokens id, nothing personal) whose signer proved who they are
     * in this browser by typing their date of birth (ADR 005 addendum): only then does that link's
     * page show the application's names and dates of birth, and take the signature
     */
    signProven: id,
    /** the plans chosen for Compare plans (ids only, up to four) */
    compare: z.array(id).max(4),
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

/** How long after completion the receipt (and its PDF) stays open to the applicant's browser. */
export const RECEIPT_OPEN_MS = 15 * 60 * 1000;

/**
 * Whether a session reaches an enrollment (issue 23): one never resumed (no holder) is reached by
 * the browser that made it; a resumed one only by the browser that resumed it last.
 */
export function holdsEnrollment(sessionHolder: string | undefined, enrollmentHolder: string | null | undefined) {
  return !enrollmentHolder || enrollmentHolder === sessionHolder;
}
