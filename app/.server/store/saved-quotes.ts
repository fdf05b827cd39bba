/**
 * Save Cart: e-mail a quote with an unguessable, expiring link back to this cart, rate
 * limited per cart and per address; the link restores the cart in another browser; the
 * reminder job writes once to people who have not enrolled; a decline stops it.
 */
import type { Services } from "../services";
import type { Enrollment } from "../db/schema";
import { findByAnyHash, randomToken } from "../platform/crypto";
import { releaseLimit, takeLimit } from "../platform/rate-limit";
import { cartView } from "./cart-view";
import { renderQuoteEmail, type QuoteComparison } from "./quote-email";
import { brandingFor } from "../repositories/branding";
import { createEnrollment, findEnrollment } from "../repositories/enrollments";
import { cartLines, insertCartLines } from "../repositories/cart";
import { planText } from "../repositories/catalog";
import { catalogToday } from "./shopping";
import { referralById } from "../repositories/entry";
import { findSite, siteForHost } from "../repositories/sites";
import { claimReminder, declineQuotes, insertQuote, quoteForEnrollment, quotesDueReminder } from "../repositories/quotes";
import { queueMail, withMessages } from "../platform/outbox";
import { repriceCart } from "./cart";
import { audit } from "../platform/audit";
import type { StoreSession } from "../platform/session";
import { linesToCopy, quoteCopy } from "~/domain/quote-copy";
import { cartTotals } from "~/domain/cart-totals";
import { findLinkToken, insertLinkToken } from "../repositories/tokens";
import { clientKey } from "../platform/client-key";
import { isConfirmedContact } from "../wizard/contact-codes";

const CART_LINK = "cart_link";

const PER_CART = { max: 5, windowMs: 60 * 60 * 1000 };
const PER_ADDRESS = { max: 3, windowMs: 24 * 60 * 60 * 1000 };

export interface QuoteRequest {
  name: string;
  email: string;
  message: string | null;
  /** the comparison of the plans chosen to compare, when the visitor asked to include it */
  comparison?: QuoteComparison | null;
}

async function brandingOf(services: Services, enrollment: Enrollment, locale: string, host?: string) {
  const site =
    (!host && enrollment.site_id ? await findSite(services.db, enrollment.site_id) : undefined) ??
    (await siteForHost(services.db, host ?? ""));
  return brandingFor(
    services.db,
    {
      groupId: enrollment.group_id ?? undefined,
      agentId: enrollment.agent_id ?? undefined,
      enrollType: enrollment.enroll_type ?? undefined,
    },
    site,
    locale,
  );
}

/**
 * The visitor's own words — the name they typed and their message — go only to the applicant's own
 * address: one this enrollment confirmed with a contact-step code. To any other address the quote
 * goes without them ("Hello,"), so the store's e-mail cannot carry a stranger's text to whoever they
 * name (issue 23; the name field carried it until the security review of stop 35).
 */
async function ownWords(services: Services, enrollmentId: number, email: string, input: { name: string; message?: string | null }) {
  if (!(await isConfirmedContact(services, enrollmentId, "email", email))) return { name: null, message: null };
  return { name: input.name, message: input.message || null };
}

export async function previewQuote(services: Services, enrollment: Enrollment, input: QuoteRequest, locale: string, host: string) {
  const [cart, branding, words] = await Promise.all([
    cartView(services, enrollment, locale),
    brandingOf(services, enrollment, locale, host),
    ownWords(services, enrollment.id, input.email, input),
  ]);
  return renderQuoteEmail(services, {
    locale,
    branding,
    name: words.name,
    message: words.message,
    cart,
    cartUrl: null,
    declineUrl: null,
    kind: "quote",
    comparison: input.comparison ?? null,
  });
}

export type SendQuoteResult = { ok: true; quoteId: number } | { ok: false; error: "validation.tooManyQuotes" | "validation.emptyCart" };

export async function sendQuote(
  services: Services,
  enrollment: Enrollment,
  input: QuoteRequest,
  locale: string,
  host: string,
  clientIp: string | undefined,
): Promise<SendQuoteResult> {
  const now = services.now();
  const cartKey = `quote:cart:${enrollment.id}`;
  const addressKey = `quote:address:${services.cipher.hash(input.email.toLowerCase()).slice(0, 24)}`;
  // a new cart is free, so the client is counted too (QUOTES_PER_CLIENT_HOUR)
  const clientCount = `quote:client:${clientKey(services, clientIp)}`;
  const limits = [
    { key: cartKey, limit: PER_CART },
    { key: addressKey, limit: PER_ADDRESS },
    { key: clientCount, limit: { max: services.config.quotesPerClientHour, windowMs: 60 * 60 * 1000 } },
  ];
  // Every count is taken before anything is sent (ADR 007); what does not go out hands them back.
  const taken: Array<{ key: string; taken: Awaited<ReturnType<typeof takeLimit>> }> = [];
  const giveBack = async () => {
    for (const t of taken) await releaseLimit(services.db, t.key, t.taken);
  };
  for (const { key, limit } of limits) {
    const place = await takeLimit(services.db, key, limit, now);
    if (!place.allowed) {
      await giveBack();
      return { ok: false, error: "validation.tooManyQuotes" };
    }
    taken.push({ key, taken: place });
  }
  const [cart, branding, words] = await Promise.all([
    cartView(services, enrollment, locale),
    brandingOf(services, enrollment, locale, host),
    ownWords(services, enrollment.id, input.email, input),
  ]);
  if (!cart.lines.length) {
    await giveBack();
    return { ok: false, error: "validation.emptyCart" };
  }
  const token = randomToken();
  const base = services.config.publicBaseUrl;
  const expiresAt = new Date(now.getTime() + services.config.quoteLinkDays * 24 * 60 * 60 * 1000);
  const email = await renderQuoteEmail(services, {
    locale,
    branding,
    name: words.name,
    message: words.message,
    cart,
    cartUrl: `${base}/quote/${token}`,
    declineUrl: `${base}/decline-reminder-email?token=${token}`,
    kind: "quote",
    comparison: input.comparison ?? null,
  });
  const tokenHash = services.cipher.hash(`${CART_LINK}:${token}`);
  // the quote, its link and the e-mail commit together (ADR 010)
  const quoteId = await withMessages(services, async (tx) => {
    const id = await insertQuote(tx.db, {
      enrollmentId: enrollment.id,
      name: input.name,
      email: input.email,
      message: words.message,
      locale,
      tokenHash,
      expiresAt,
      now,
    });
    await insertLinkToken(tx.db, { tokenHash, purpose: CART_LINK, enrollmentId: enrollment.id, expiresAt, now });
    await queueMail(tx, {
      to: input.email,
      subject: email.subject,
      text: email.text,
      html: email.html,
      kind: "quote",
      enrollmentId: enrollment.id,
    });
    return id;
  });
  return { ok: true, quoteId };
}

/**
 * A cart link's token (from a quote or a reminder): known, not expired, its cart not cancelled.
 * The enrollment it names is never put in anyone's session: see openQuoteCopy.
 */
export async function cartFromToken(services: Services, token: string) {
  if (!/^[A-Za-z0-9_-]{32,64}$/.test(token)) return null;
  const link = await findByAnyHash(services.cipher, `${CART_LINK}:${token}`, (hash) =>
    findLinkToken(services.db, hash, CART_LINK, services.now()),
  );
  if (!link) return null;
  const enrollment = await findEnrollment(services.db, link.enrollment_id);
  return enrollment && enrollment.status !== "cancelled" ? enrollment : null;
}

/**
 * What the quote link's page shows (GET, reads only): the plans and their monthly prices, as the
 * e-mail did. Nothing the quoter typed after the cart, nor the quote's own facts.
 */
export async function quoteSummary(services: Services, enrollment: Enrollment, locale: string) {
  const cart = await cartView(services, enrollment, locale);
  const lines = cart.lines.map((l) => ({
    name: l.name,
    priceCents: l.priceCents,
    oneTimeFeeCents: l.oneTimeFeeCents,
    coverageAmount: l.coverageAmount,
    addedWith: l.pairedWith !== null,
  }));
  return { lines, totals: cartTotals(cart.lines), tierLabelKey: cart.tierLabelKey };
}

/**
 * "Open this quote in my cart" (POST): a NEW shopping enrollment with a copy of the quoted cart's
 * lines, priced again on the quote's facts, in the quote's site and brand, as a new member
 * (domain/quote-copy.ts). The enrollment behind the link is only read; the opener's session holds
 * the copy alone. Audited as quote.open on the quoted enrollment, with the copy's id as detail.
 */
export async function openQuoteCopy(services: Services, session: StoreSession, source: Enrollment, locale: string) {
  const [site, referral, catalog, lines] = await Promise.all([
    source.site_id ? findSite(services.db, source.site_id) : undefined,
    source.referral_id ? referralById(services.db, source.referral_id) : undefined,
    catalogToday(services),
    cartLines(services.db, source.id),
  ]);
  const copy = quoteCopy(source, { siteKind: site?.kind ?? null, locale, referralCode: referral?.code ?? null });
  const asksQuestions = (planId: number) => {
    const plan = catalog.plans.get(planId);
    return (catalog.questions.get(planId)?.eligibility.length ?? 0) > 0 || plan?.has_enroll_questions === 1;
  };
  const { kept, skipped } = linesToCopy(lines, asksQuestions);
  const id = await createEnrollment(services.db, copy.values, services.now());
  if (kept.length) {
    await insertCartLines(
      services.db,
      id,
      kept.map(({ line, pairedWith }) => ({
        planId: line.plan_id,
        planPriceId: line.plan_price_id,
        priceCents: line.price_cents,
        removable: line.removable === 1,
        pairedWith,
      })),
      services.now(),
    );
  }
  const created = (await findEnrollment(services.db, id))!;
  const removed = await repriceCart(services, created, locale);
  const over65 = session.get("over65");
  session.clear();
  for (const [k, v] of Object.entries({ ...copy.session, ...(over65 !== undefined ? { over65 } : {}), tempId: id }))
    session.set(k as never, v as never);
  const notCopied = [
    ...skipped.map((p) => (catalog.plans.get(p) ? (planText(catalog.plans.get(p)!, locale)?.name ?? "") : "")),
    ...removed,
  ].filter(Boolean);
  if (notCopied.length) session.flash({ kind: "warning", key: "savedQuote.notCopied", values: { plans: notCopied.join(", ") } });
  await audit(services, session, { kind: "quote.open", enrollmentId: source.id, detail: `copy:${id}` });
  return id;
}

export async function declineReminders(services: Services, enrollmentId: number) {
  await declineQuotes(services.db, enrollmentId, services.now());
}

/** The reminder job: one reminder per quote, after the configured delay, never after a decline. */
export async function runReminders(services: Services) {
  const now = services.now();
  const cutoff = new Date(now.getTime() - services.config.reminders.delayHours * 60 * 60 * 1000);
  const due = await quotesDueReminder(services.db, cutoff, now);
  let sent = 0;
  for (const quote of due) {
    try {
      const enrollment = await findEnrollment(services.db, quote.enrollment_id);
      if (!enrollment) continue;
      const [cart, branding, words] = await Promise.all([
        cartView(services, enrollment, quote.locale),
        brandingOf(services, enrollment, quote.locale),
        ownWords(services, enrollment.id, quote.email, { name: quote.name }),
      ]);
      if (!cart.lines.length) continue;
      // Only hashes are kept, so the reminder carries a fresh link (the first one still works).
      const token = randomToken();
      const base = services.config.publicBaseUrl;
      const email = await renderQuoteEmail(services, {
        locale: quote.locale,
        branding,
        name: words.name,
        message: null,
        cart,
        cartUrl: `${base}/quote/${token}`,
        declineUrl: `${base}/decline-reminder-email?token=${token}`,
        kind: "reminder",
      });
      // the claim (one reminder per quote), the new link and the e-mail commit together (ADR 010)
      const queued = await withMessages(services, async (tx) => {
        if (!(await claimReminder(tx.db, quote.id, now))) return false;
        await insertLinkToken(tx.db, {
          tokenHash: services.cipher.hash(`${CART_LINK}:${token}`),
          purpose: CART_LINK,
          enrollmentId: enrollment.id,
          expiresAt: new Date(quote.expires_at),
          now,
        });
        await queueMail(tx, {
          to: quote.email,
          subject: email.subject,
          text: email.text,
          html: email.html,
          kind: "reminder",
          enrollmentId: enrollment.id,
        });
        return true;
      });
      if (queued) sent += 1;
    } catch (error) {
      services.log.error("reminder failed", { quoteId: quote.id, reason: error instanceof Error ? error.message : "unknown" });
    }
  }
  return { due: due.length, sent };
}

/** The address a quote of this cart was sent to (the "quote sent" dialog), or null. */
export async function quoteRecipient(services: Services, quoteId: number, enrollmentId: number) {
  return (await quoteForEnrollment(services.db, quoteId, enrollmentId))?.email ?? null;
}
