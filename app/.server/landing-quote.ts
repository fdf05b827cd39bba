/** The landing quote on the entry pages (/, /home, a landing slug, a referral). */
import type { Services } from "./services";
import { menuCategories } from "./repositories/catalog";
import { submitQuote } from "./quote";
import { currentEnrollment, isQuoted } from "./shopping";
import { isoToUsDate } from "~/domain/dates";

export async function landingQuoteData(services: Services, request: Request) {
  const session = await services.sessions.read(request);
  const lng = await services.i18n.getLocale(request);
  const categories = await menuCategories(services.db, session.get("over65") ?? false);
  const enrollment = await currentEnrollment(services, session);
  const q = isQuoted(enrollment) ? enrollment : null;
  return {
    categories: categories.map((c) => ({ key: c.key, label: lng === "es" ? c.label_es : c.label_en })),
    defaults: q
      ? { zip: q.zip ?? "", dob: isoToUsDate(q.birthdate), gender: q.gender, spouseDob: isoToUsDate(q.spouse_birthdate), childCount: q.child_count ?? 0, smoker: q.is_smoker, category: q.category }
      : null,
  };
}

export async function landingQuoteAction(services: Services, request: Request, form: FormData, options: { next?: (category: string | null) => string } = {}) {
  const session = await services.sessions.read(request);
  return submitQuote(services, request, session, form, {
    requireCategory: true,
    next: options.next ?? ((category) => (category ? `/plans?type=${encodeURIComponent(category)}` : "/plans")),
  });
}
