/** Display formatting shared by server and browser. */
export function formatMoney(cents: number, locale: string = "en") {
  return new Intl.NumberFormat(locale === "es" ? "es-US" : "en-US", { style: "currency", currency: "USD" }).format(cents / 100);
}

/** Whole dollars, no decimals (annual salary). */
export function formatWholeDollars(dollars: number, locale: string = "en") {
  return new Intl.NumberFormat(locale === "es" ? "es-US" : "en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(dollars);
}

/** ISO YYYY-MM-DD → mm/dd/yyyy */
export function isoToUs(iso: string | null | undefined) {
  if (!iso) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : "";
}

export function formatPhone(digits: string | null | undefined) {
  const d = (digits ?? "").replace(/\D/g, "");
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : (digits ?? "");
}

export function telHref(phone: string) {
  return `tel:+1${phone.replace(/\D/g, "").slice(-10)}`;
}
