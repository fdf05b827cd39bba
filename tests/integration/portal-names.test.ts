/**
 * Issue 26 #8: portal names stayed English on Spanish pages. The rep's portal chooser and the
 * "enrolling under" line of /home name the portal in the page's language.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import * as websiteRoute from "~/routes/_store.website";
import * as homeRoute from "~/routes/_store.home";
import { PORTAL_NAMES_ES } from "~/.server/db/seed/identities";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { renderPage, type PageRoute } from "../support/render";

const route = {
  website: { path: "website", module: websiteRoute },
  home: { path: "home", module: homeRoute },
} satisfies Record<string, PageRoute>;

describeEachDatabase("portal names in the page's language", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  const repClient = async (lng: "en" | "es") => {
    const c = new TestClient(app.services);
    c.clientIp = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    await c.setSession({ eprocess: "rep", agentId: 1, repAuthenticated: true, lng });
    return c;
  };

  it("the portal chooser names each portal in Spanish on Spanish pages, in English on English ones", async () => {
    const es = await renderPage(await repClient("es"), "/website?step=portal&lng=es", route.website);
    expect(es.html).toContain(`${PORTAL_NAMES_ES.DIRECT} (DIRECT)`);
    expect(es.html).not.toContain("Direct to Consumer (DIRECT)");
    const en = await renderPage(await repClient("en"), "/website?step=portal&lng=en", route.website);
    expect(en.html).toContain("Direct to Consumer (DIRECT)");
  });

  it("/home names the portal the enrollment is under in the page's language", async () => {
    const c = await repClient("es");
    await c.setSession({ eprocess: "rep", agentId: 1, repAuthenticated: true, portalId: 2, enrollType: "new-member" });
    const page = await renderPage(c, "/home?lng=es", route.home);
    expect(page.html).toContain(PORTAL_NAMES_ES.EMPLOYER);
    expect(page.html).not.toContain("Employer Benefits Portal");
  });
});
