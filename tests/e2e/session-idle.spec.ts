/**
 * A rep's session that ends by itself (issue 15, SESSION_IDLE_MINUTES): on the second e2e server,
 * whose idle limit is the shortest the store allows (playwright.config.ts: 3 minutes, its own
 * database), the rep enrolls one of the demo rep's members, does nothing for that long (waited for
 * real), finds the session-expired page, and signing in again resumes the enrollment with its answers.
 * With JavaScript, the warning before the limit and its Stay signed in first.
 *
 * One test drives both kinds of browser and waits out the limit once for the two: the wait is most
 * of its time (3 minutes and more), spent in the JavaScript-on project with a JavaScript-off browser
 * of its own beside it (its own client address, its pages kept for the HTML validator).
 */
import { test, expect, behindProxy, type Page } from "./fixtures";
import { keepPages } from "./html-pages";
import { enrollCurrentMember, repSignsIn, typeCodeFromOutbox } from "./journeys";
import { IDLE_MINUTES, idleBaseURL } from "./servers";

test.use({ baseURL: idleBaseURL });

/** After the idle limit: the next page says the session ended, and signing in again resumes the enrollment. */
async function endedThenResumed(page: Page, jsEnabled: boolean, a11y: (page: Page) => Promise<void>) {
  const personal = page.getByRole("link", { name: /Personal Information/ });
  if (jsEnabled) {
    // the warning's own check of the session may take the page there before the click does
    await personal.click({ timeout: 10_000 }).catch(() => undefined);
  } else {
    await personal.click();
  }
  await expect(page).toHaveURL(/\/session-expired$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your session has ended");
  await expect(page.getByTestId("session-ended-reason")).toHaveText(
    `You were signed out because nothing happened for ${IDLE_MINUTES} minutes.`,
  );
  await expect(page.getByTestId("nothing-lost")).toContainText("Nothing you typed has been lost");
  await a11y(page);
  // the rep's members stay closed
  await page.goto("/agent-select-member");
  await expect(page).toHaveURL(/\/session-expired$/);

  // Sign in again: a new code, then the enrollment where it was, with its answers
  await page.getByRole("button", { name: "Sign in again" }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in again");
  await page.getByLabel(/^E-mail to /).check();
  await page.getByRole("button", { name: "Send code" }).click();
  await typeCodeFromOutbox(page);
  await expect(page).toHaveURL(/\/enrollment\/contact-info$/);
  await page.getByRole("link", { name: /Personal Information/ }).click();
  await expect(page).toHaveURL(/\/enrollment\/personal-info$/);
  await expect(page.getByLabel("Feet")).toHaveValue("5");
  await expect(page.getByLabel("Inches")).toHaveValue("9");
  await expect(page.getByLabel("Weight (lbs)")).toHaveValue("171");
  await expect(page.getByLabel("Single")).toBeChecked();
  await a11y(page);
}

test.describe("an idle rep session", () => {
  test("idle expiry, JavaScript off and on: the next page says the session ended and nothing was lost; signing in again resumes the enrollment with its answers", async ({
    page,
    browser,
    a11y,
    jsEnabled,
  }, testInfo) => {
    test.skip(!jsEnabled, "run once, in the JavaScript-on project, with a JavaScript-off browser of its own: one wait for both");
    // the wait is real: IDLE_MINUTES without a request, then the journeys back
    test.setTimeout(IDLE_MINUTES * 60_000 + 360_000);

    // JavaScript off: its own browser and client address; its pages kept for the HTML validator
    const offContext = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: behindProxy(testInfo.workerIndex) });
    const offPagesSaved = keepPages(offContext);
    const off = await offContext.newPage();
    await repSignsIn(off);
    await enrollCurrentMember(off, "Carlos Mendoza", "CVV-BASIC");

    // JavaScript on: a warning 2 minutes before the idle limit, and Stay signed in
    await page.clock.install();
    await repSignsIn(page);
    await enrollCurrentMember(page, "Angela Brooks", "CVV-PLUS");
    // the warning's clock starts when the page has hydrated: moved forward before that, it would start afresh
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.clock.fastForward(`${String(IDLE_MINUTES - 2).padStart(2, "0")}:30`);
    const warning = page.getByRole("alertdialog", { name: "Are you still there?" });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole("button", { name: "Stay signed in" })).toBeFocused();
    // the store's one Dialog: a modal <dialog> (issue 26 #4): the page behind is inert, Tab stays inside
    expect(await warning.evaluate((el) => el.tagName === "DIALOG" && el.matches(":modal"))).toBe(true);
    await expect(warning).toHaveAttribute("aria-modal", "true");
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      // (past the last control the browser's own UI has the focus: the body here)
      const inside = await warning.evaluate((el) => el.contains(document.activeElement) || document.activeElement === document.body);
      expect(inside, `Tab ${i + 1} left the warning`).toBe(true);
    }
    await a11y(page);
    await warning.getByRole("button", { name: "Stay signed in" }).click();
    await expect(warning).toBeHidden();
    // the page's clock stops here (a laptop asleep): the real wait below is the server's alone. Left
    // running, the page's own timer reaches the limit within a second of the server's and may ask
    // the server a moment before it counts the session as idle, racing the click below.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);

    // the idle limit (and a little more) without a request from either browser: the next page is the
    // session-expired page. Waited for real: the server's clock cannot be moved from here, and the
    // tests never write into a server's database. (The JavaScript-off browser has been idle longer.)
    await page.waitForTimeout(IDLE_MINUTES * 60_000 + 10_000);
    // the laptop wakes: the page's clock runs on from where it stopped (axe, among others, needs its timers)
    await page.clock.resume();
    await endedThenResumed(page, true, a11y);
    await endedThenResumed(off, false, (p) => a11y(p, { jsEnabled: false }));
    await offPagesSaved();
    await offContext.close();
  });
});
