/**
 * The card processor. A card number goes to the processor once, at tokenizing, and what
 * comes back — an opaque token, the brand and the last four digits — is all the store keeps.
 * The security code is used for that one call and then dropped: never stored, logged or mailed.
 *
 * A real processor (Stripe, Authorize.Net, …) keeps the card in its own vault behind the
 * token and charges it later. We never do: nothing in this store can turn a token back into
 * a card number.
 *
 * `createLocalGateway` is the processor simulator used in development and tests. It runs the
 * checks a processor would (Luhn, brand, expiry, security-code length) and answers with a
 * random token. It keeps NOTHING of the number or the code: no table, no cache, no log line.
 * Its tokens carry a keyed tag so that `isLocalToken` can tell one it issued from a forgery;
 * the tag is made from the random part only, never from card data.
 */
import type { Cipher } from "../platform/crypto";
import { randomToken, timingSafeEqualStrings } from "../platform/crypto";
import {
  cardBrand,
  cardDigits,
  isExpired,
  lastFour,
  luhnValid,
  securityCodeLength,
  CARD_NUMBER_MAX,
  CARD_NUMBER_MIN,
  type CardBrand,
} from "~/domain/cards";

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  securityCode: string;
  name: string;
  zip: string;
}

export type TokenizeResult =
  | { ok: true; token: string; brand: CardBrand | string; last4: string }
  | { ok: false; reason: "invalid" | "declined" };

export interface PaymentGateway {
  tokenizeCard(input: CardDetails): Promise<TokenizeResult>;
}

/**
 * Test numbers the simulator declines, as a processor's sandbox does (these are the usual
 * "generic decline" and "insufficient funds" test cards; both pass the Luhn check).
 */
export const DECLINED_TEST_CARDS: ReadonlySet<string> = new Set(["4000000000000002", "4000000000009995"]);

const TOKEN_PREFIX = "tok_";

export interface LocalGateway extends PaymentGateway {
  /** Was this token issued by this simulator (with this key)? Says nothing about any card. */
  isLocalToken(token: string): boolean;
}

export function createLocalGateway(cipher: Pick<Cipher, "hash" | "hashes">, options: { now?: () => Date } = {}): LocalGateway {
  const now = options.now ?? (() => new Date());
  const tag = (random: string) => cipher.hash(`payment-token:${random}`).slice(0, 16);
  return {
    async tokenizeCard(input) {
      const number = cardDigits(input.number);
      if (!/^\d+$/.test(number) || number.length < CARD_NUMBER_MIN || number.length > CARD_NUMBER_MAX || !luhnValid(number))
        return { ok: false, reason: "invalid" };
      if (!Number.isInteger(input.expMonth) || input.expMonth < 1 || input.expMonth > 12 || !Number.isInteger(input.expYear))
        return { ok: false, reason: "invalid" };
      if (isExpired(input.expMonth, input.expYear, now())) return { ok: false, reason: "invalid" };
      const brand = cardBrand(number);
      if (!new RegExp(`^\\d{${securityCodeLength(brand)}}$`).test(input.securityCode)) return { ok: false, reason: "invalid" };
      if (DECLINED_TEST_CARDS.has(number)) return { ok: false, reason: "declined" };
      const random = randomToken(18);
      return { ok: true, token: `${TOKEN_PREFIX}${random}.${tag(random)}`, brand, last4: lastFour(number) };
    },
    isLocalToken(token) {
      const m = /^tok_([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{16})$/.exec(token);
      return Boolean(m && cipher.hashes(`payment-token:${m[1]!}`).some((h) => timingSafeEqualStrings(m[2]!, h.slice(0, 16))));
    },
  };
}
