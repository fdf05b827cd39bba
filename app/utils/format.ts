/** Display formatting shared by server and browser. */

// Building an Intl formatter costs far more than using one: keep one per locale and style.
const formatters = new Map<string, Intl.NumberFormat>();
function currency(locale: string, whole: boolean) {
  const tag = locale === "es" ? "es-US" : "en-US"; // only two keys, whatever the caller passes
  const key = `${tag}:${whole}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(tag, { style: "currency", currency: "USD", ...(whole ? { maximumFractionDigits: 0 } : {}) });
    formatters.set(key, f);
  }
  return f;
}

export function formatMoney(cents: number, locale: string = "en") {
  return currency(locale, false).format(cents / 100);
}

/** Whole dollars, no decimals (annual salary). */
export function formatWholeDollars(dollars: number, locale: string = "en") {
  return currency(locale, true).format(dollars);
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

/** The translation key of a quote's gender: 0 male, 1 female, 2 others (plan page only, storefront §3). */
export function genderLabelKey(gender: number | null | undefined) {
  return gender === 0 ? "quote.male" : gender === 1 ? "quote.female" : gender === 2 ? "quote.others" : null;
}

export function telHref(phone: string) {
  return `tel:+1${phone.replace(/\D/g, "").slice(-10)}`;
}
