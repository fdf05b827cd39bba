/**
 * Is an e-mail address or phone number one we can reach? The product's checks (NeverBounce,
 * numverify) are external services; this is the local implementation of the same interface,
 * with real rules and bundled data, so an address flagged here can still be verified by a code
 * or the check skipped, as the wizard allows.
 */

/** Reserved for documentation and testing by RFC 2606 / RFC 6761: never deliverable. */
const RESERVED_DOMAINS = ["example.com", "example.net", "example.org"];
const RESERVED_TLDS = ["test", "example", "invalid", "localhost", "local"];
/** Widely used throw-away mailbox services. */
const DISPOSABLE = new Set([
  "mailinator.com",
  "guerrillamail.com",
  "guerrillamail.net",
  "sharklasers.com",
  "10minutemail.com",
  "10minutemail.net",
  "tempmail.com",
  "temp-mail.org",
  "yopmail.com",
  "yopmail.net",
  "trashmail.com",
  "getnada.com",
  "dispostable.com",
  "maildrop.cc",
  "throwawaymail.com",
  "fakeinbox.com",
  "mintemail.com",
  "mohmal.com",
  "emailondeck.com",
  "spamgourmet.com",
  "mytemp.email",
  "tempinbox.com",
  "burnermail.io",
  "moakt.com",
  "inboxkitten.com",
]);

export type ContactCheck = "ok" | "undeliverable";

export function checkEmail(email: string): ContactCheck {
  const domain = email.trim().toLowerCase().split("@")[1] ?? "";
  const tld = domain.split(".").pop() ?? "";
  if (!domain || domain.includes("..")) return "undeliverable";
  if (RESERVED_TLDS.includes(tld) || RESERVED_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`))) return "undeliverable";
  if (DISPOSABLE.has(domain)) return "undeliverable";
  return "ok";
}

/**
 * North American Numbering Plan: area code and exchange start with 2–9 and are not N11
 * (service codes); 555-0100 to 555-0199 are set aside for fiction.
 */
export function checkPhone(digits: string): ContactCheck {
  if (!/^\d{10}$/.test(digits)) return "undeliverable";
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = Number(digits.slice(6));
  const nxx = (s: string) => /^[2-9]\d\d$/.test(s) && !/^[2-9]11$/.test(s);
  if (!nxx(area) || !nxx(exchange)) return "undeliverable";
  if (exchange === "555" && line >= 100 && line <= 199) return "undeliverable";
  return "ok";
}
