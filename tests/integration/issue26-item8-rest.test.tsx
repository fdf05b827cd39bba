/**
 * Issue 26 #8, the remaining small things a person meets: "No, enter the code again" lands on
 * the code field; group-home tiles; e-mails in the members table; a current member's active
 * plans; over-65 featured plans; Spanish portal names; a rep's typed quote; pet plans.
 */
import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmailText } from "~/components/CurrentMembers";
import * as accessRoute from "~/routes/access";
import * as groupHomeRoute from "~/routes/_store.group-home";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { renderPage, type PageRoute } from "../support/render";
import { signInGroupAdmin } from "../support/staff";
import es from "../../public/locales/es/common.json";

const route = {
  access: { path: "access", module: accessRoute },
  groupHome: { path: "group-home", module: groupHomeRoute },
} satisfies Record<string, PageRoute>;

const text = (html: string) =>
  html
    .replace(/<span class="visually-hidden">[\s\S]*?<\/span>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

describeEachDatabase("issue 26 #8: the remaining points", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());
  const client = () => {
    const c = new TestClient(app.services);
    c.clientIp = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    return c;
  };

  it('"No, enter the code again" lands on the page with the group code field shown', async () => {
    const c = client();
    await c.setSession({ pendingGroupId: DEMO.group.id });
    const confirm = await renderPage(c, "/access?step=confirm-group&purpose=view-plans", route.access);
    expect(confirm.html).toContain('data-testid="company-name"');
    expect(confirm.html).toMatch(/name="intent" value="group-code-again"/);
    const res = await c.submit(accessRoute.action, "/access", { intent: "group-code-again", purpose: "view-plans" });
    expect(res.location).toBeTruthy();
    const landed = await renderPage(c, res.location!, route.access);
    expect(landed.html).toMatch(/<form[^>]*id="group-code-form"/);
    expect(landed.html).toMatch(/<input type="hidden" name="purpose" value="view-plans"/);
    expect((await c.session()).pendingGroupId).toBeUndefined();
  });

  it("group-home tiles do not repeat their heading as their button text", async () => {
    const admin = Object.values(DEMO.groupAdmins).find((a) => a.groupId === DEMO.group.id)!;
    const c = await signInGroupAdmin(app, client(), { groupCode: DEMO.group.code, adminId: admin.id });
    for (const lng of ["en", "es"]) {
      if (lng === "es") c.setCookie("lng", (await app.services.languageCookie.serialize("es")).split(";")[0].slice("lng=".length));
      const page = await renderPage(c, "/group-home", route.groupHome);
      expect(page.location).toBeNull();
      const tiles = [...page.html.matchAll(/<li class="card">([\s\S]*?)<\/li>/g)].map((m) => m[1]);
      expect(tiles.length).toBeGreaterThanOrEqual(3);
      const actions: string[] = [];
      for (const tile of tiles) {
        const heading = text(/<h2[^>]*>([\s\S]*?)<\/h2>/.exec(tile)?.[1] ?? "");
        const action = text(/<(?:a|button)[^>]*class="button[^"]*"[^>]*>([\s\S]*?)<\/(?:a|button)>/.exec(tile)?.[1] ?? "");
        expect(heading).not.toBe("");
        expect(action).not.toBe("");
        expect(action.toLowerCase()).not.toBe(heading.toLowerCase());
        actions.push(action);
      }
      expect(new Set(actions).size).toBe(actions.length);
      if (lng === "es") expect(page.html).toContain(es.groupHome.addEmployeeAction);
    }
  });
});

describe("issue 26 #8: e-mails in the members table", () => {
  it("break only after @ and dots, never mid-word", () => {
    const html = renderToStaticMarkup(<EmailText email="angela.brooks@acme.example" />);
    expect(html.replace(/<\/?span>/g, "")).toBe("angela.<wbr/>brooks@<wbr/>acme.<wbr/>example");
    const css = readFileSync("app/components/CurrentMembers.css.ts", "utf8");
    expect(css).not.toMatch(/overflowWrap: "anywhere"|wordBreak: "break-all"/);
  });
});
