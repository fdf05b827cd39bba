/**
 * A visitor of the store as a browser without JavaScript is one: it keeps its cookies, reads
 * each page's forms (with their CSRF token) and posts them as the page renders them. The
 * benchmark makes its sessions this way, never by writing to the database.
 */
import { browserForm, CookieJar, formBody, request, startTags, type Response, type Target } from "./http";

/** The facts a visitor types into the home page's quote form. */
export type QuoteFacts = {
  zip: string;
  dob: string;
  gender: string;
  spouseDob: string;
  childCount: string;
  smoker: string;
  category: string;
};

/** The one quoted visitor of the single-visitor scenarios: a 38-year-old in Dallas, dental. */
export const ONE_QUOTE: QuoteFacts = {
  zip: "75201",
  dob: "04/12/1988",
  gender: "0",
  spouseDob: "",
  childCount: "0",
  smoker: "0",
  category: "dental",
};

/** ZIP codes of the demo catalog's markets (app/.server/db/seed). */
const ZIPS = ["75201", "10001", "11375", "14201", "33131", "85004", "90012", "60601"];
const CATEGORIES = ["dental", "vision", "medical", "term_life", "accident"];

/**
 * The n-th of many different quotes: its market, age (every n its own birth year), gender,
 * tobacco answer, household (alone, with a spouse, with children, a family) and category
 * all vary, so no two visitors share their quote facts.
 */
export function quoteFacts(n: number): QuoteFacts {
  const household = n % 4;
  return {
    zip: ZIPS[n % ZIPS.length],
    dob: `${String(1 + (n % 12)).padStart(2, "0")}/${String(1 + ((n * 7) % 28)).padStart(2, "0")}/${1950 + n}`,
    gender: String(n % 2),
    spouseDob: household === 1 || household === 3 ? "05/05/1975" : "",
    childCount: household === 2 ? "2" : household === 3 ? "1" : "0",
    smoker: n % 3 === 0 ? "1" : "0",
    category: CATEGORIES[n % CATEGORIES.length],
  };
}

/** What a browser sends with every navigation (it accepts compressed responses). */
export const BROWSER = {
  Accept: "text/html,application/xhtml+xml,*/*;q=0.8",
  "Accept-Encoding": "gzip, deflate, br",
  "User-Agent": "bench",
};

export class Visitor {
  readonly jar = new CookieJar();
  constructor(readonly target: Target) {}

  cookie() {
    return this.jar.header();
  }

  /** GET a page as HTML (identity encoding), following redirects like a browser. */
  async get(path: string): Promise<Response & { path: string; html: string }> {
    let current = path;
    for (let hop = 0; hop < 6; hop++) {
      const res = await request(this.target, "GET", current, {
        headers: { Cookie: this.jar.header(), "Accept-Encoding": "identity", Accept: BROWSER.Accept },
      });
      this.jar.update(res.headers);
      const location = res.headers.location;
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, new URL(current, this.target.origin));
        current = next.pathname + next.search;
        continue;
      }
      return { ...res, path: current, html: res.body.toString("utf8") };
    }
    throw new Error(`GET ${path}: too many redirects`);
  }

  /**
   * On the page at `path`, fills the form (by id, or by its submit button's text) with
   * `values` and posts it; answers the redirect's target. Throws unless the action redirects.
   */
  async submit(path: string, match: { id?: string; button?: string }, values: Record<string, string> = {}) {
    const page = await this.get(path);
    if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}`);
    const prepared = this.prepare(page.html, page.path, match, values);
    const posted = await request(this.target, "POST", prepared.action, { headers: prepared.headers, body: prepared.body });
    this.jar.update(posted.headers);
    const location = posted.headers.location ?? "";
    if (posted.status !== 302 && posted.status !== 303) {
      throw new Error(
        `POST ${prepared.action} (form ${match.id ?? `“${match.button}”`} of ${page.path}) answered ${posted.status}, not a redirect`,
      );
    }
    return location;
  }

  /** The POST a browser would send for a form of this HTML: action, headers, body. */
  prepare(html: string, pagePath: string, match: { id?: string; button?: string }, values: Record<string, string> = {}) {
    const form = browserForm(html, match);
    if (!form) throw new Error(`${pagePath} has no form ${match.id ? `#${match.id}` : `with a “${match.button}” button`}`);
    if (form.method !== "post") throw new Error(`the form ${match.id ?? match.button} of ${pagePath} is not a POST form`);
    if (!form.fields.some(([name]) => name === "csrf"))
      throw new Error(`the form ${match.id ?? match.button} of ${pagePath} has no CSRF token`);
    const url = new URL(form.action || pagePath, new URL(pagePath, this.target.origin));
    return {
      action: url.pathname + url.search,
      body: formBody(form.fields, values),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: this.target.origin,
        Cookie: this.jar.header(),
        Accept: BROWSER.Accept,
        "Accept-Encoding": BROWSER["Accept-Encoding"],
      } as Record<string, string>,
    };
  }

  /**
   * Quotes on the home page (the form posts to `/?index`), then checks that /plans shows
   * prices. Answers the priced listing's HTML.
   */
  async quote(facts: QuoteFacts): Promise<string> {
    const location = await this.submit("/", { id: "quote" }, { intent: "quote", ...facts });
    if (!location.startsWith("/plans"))
      throw new Error(`the quote ${JSON.stringify(facts)} redirected to ${location || "nowhere"}, not /plans`);
    const plans = await this.get("/plans");
    if (plans.status !== 200) throw new Error(`GET /plans with the quote answered ${plans.status}`);
    if (!plans.html.includes("/month"))
      throw new Error(`GET /plans with the quote ${JSON.stringify(facts)} shows no price (no “/month” in the HTML)`);
    return plans.html;
  }

  /** The first plan page linked from /plans?type=… whose Add to Cart works: adds it; answers the plan page's path. */
  async addFirstPlan(listingPath: string): Promise<string> {
    const listing = await this.get(listingPath);
    const links = [
      ...new Set(
        startTags(listing.html, "a")
          .map((a) => a.attrs.href)
          .filter((h): h is string => Boolean(h?.startsWith("/plan/"))),
      ),
    ];
    for (const link of links) {
      const page = await this.get(link);
      if (!page.html.includes(">Add to Cart<")) continue;
      const location = await this.submit(page.path, { button: "Add to Cart" });
      if (location === "/cart") return page.path;
    }
    throw new Error(`no plan linked from ${listingPath} could be added to the cart`);
  }

  /** From a cart with a plan: Proceed (first effective date), then Proceed to Enrollment: the wizard's first step. */
  async startEnrollment(): Promise<void> {
    const confirmation = await this.submit("/cart", { id: "checkout" });
    if (!confirmation.startsWith("/confirmation")) throw new Error(`the cart's Proceed went to ${confirmation}, not /confirmation`);
    const step = await this.submit(confirmation, { button: "Proceed to Enrollment" });
    if (step !== "/enrollment/personal-info") throw new Error(`Proceed to Enrollment went to ${step}, not /enrollment/personal-info`);
  }
}

/** The personal step's answers (a valid adult: the same as the e2e journeys type). */
export const PERSONAL = {
  first_name: "Ana",
  last_name: "Bench",
  height_feet: "5",
  height_inch: "6",
  weight: "140",
  marital_status: "0",
  ssn: "123-45-6789",
  prior_coverage_flag: "0",
};

/** Adds a plan to the visitor's cart: the first addable one of their own category, else of the others in turn. */
export async function addSomePlan(v: Visitor, category: string): Promise<string> {
  const tried: string[] = [];
  for (const c of [category, "dental", "vision", "accident", "medical", "term_life"]) {
    if (tried.includes(c)) continue;
    tried.push(c);
    try {
      return await v.addFirstPlan(`/plans?type=${c}`);
    } catch {
      // none addable in that category for this quote: the next one
    }
  }
  throw new Error(`no plan could be added to the cart for a visitor quoted for ${category}`);
}
