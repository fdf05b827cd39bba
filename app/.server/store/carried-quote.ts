/**
 * A rep's typed quote carried through the portal chooser (issue 26 #8). A rep without a portal
 * or group who submits a quote is sent to choose one first; what they typed goes along as one
 * sealed value (AES-GCM with the field key: the URL and the logs read nothing, a changed value
 * does not open) and comes back into the quote form after the choice. It lives 30 minutes and is
 * only ever shown back in a form: the quote is still validated when it is submitted.
 */
import type { Services } from "../services";
import type { QuoteDefaults } from "~/views/shopping";

const FIELDS = ["zip", "dob", "gender", "spouseDob", "childCount", "smoker", "category"] as const;
const LIFETIME_MS = 30 * 60_000;
const MAX_LENGTH = 40;

type Carried = Partial<Record<(typeof FIELDS)[number], string>> & { exp: number };

/** The quote fields of a submitted form, sealed for the chooser's URL. */
export function carryQuote(services: Pick<Services, "cipher" | "now">, form: FormData): string {
  const carried: Carried = { exp: services.now().getTime() + LIFETIME_MS };
  for (const name of FIELDS) {
    const value = form.get(name);
    if (typeof value === "string" && value.trim()) carried[name] = value.trim().slice(0, MAX_LENGTH);
  }
  return services.cipher.encryptJson(carried);
}

/** A URL with the carried quote added as `quote`. */
export function withCarriedQuote(url: string, token: string | null): string {
  if (!token) return url;
  return `${url}${url.includes("?") ? "&" : "?"}quote=${encodeURIComponent(token)}`;
}

/** The carried quote's token when it opens and is not stale; null otherwise (never throws). */
export function openCarriedToken(services: Pick<Services, "cipher" | "now">, token: unknown): string | null {
  return carriedQuote(services, token) ? (token as string) : null;
}

const number = (v: string | undefined) => (v !== undefined && /^\d{1,3}$/.test(v) ? Number(v) : null);

/** What the rep typed, as the quote form's defaults; null when the value is missing, changed or stale. */
export function carriedQuote(services: Pick<Services, "cipher" | "now">, token: unknown): QuoteDefaults | null {
  if (typeof token !== "string" || !token || token.length > 2000) return null;
  let carried: Carried;
  try {
    carried = services.cipher.decryptJson<Carried>(token);
  } catch {
    return null;
  }
  if (!carried || typeof carried !== "object" || typeof carried.exp !== "number" || carried.exp < services.now().getTime()) return null;
  const text = (v: unknown) => (typeof v === "string" ? v.slice(0, MAX_LENGTH) : undefined);
  return {
    zip: text(carried.zip) ?? "",
    dob: text(carried.dob) ?? "",
    gender: number(text(carried.gender)),
    spouseDob: text(carried.spouseDob) ?? "",
    childCount: number(text(carried.childCount)) ?? 0,
    smoker: number(text(carried.smoker)),
    category: text(carried.category) ?? null,
  };
}
