/**
 * Security review (w6, low): POST /sign/{token} answered 500 when the token held a control
 * character (Remix decodes %0D%0A): the route built its redirect from the raw parameter before
 * checking the token, and a Location header with a newline throws. A malformed token is now a 404
 * ("invalid", as an unknown token's page) before any redirect is built. The other routes whose
 * path carries a token or a link are checked the same way: 4xx, never a throw.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import * as sign from "~/routes/sign.$token";
import * as invitation from "~/routes/invitation.$token";
import * as memberStore from "~/routes/member-benefit-store.$id.$tier";
import * as direct from "~/routes/direct-continue.$id.$tab";
import * as quote from "~/routes/quote.$token";
import * as status from "~/routes/enrollment-status.$token";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient } from "../support/staff";

const TOKENS = ["x\ny", "ab\u0000c", "x\r\nSet-Cookie: a=b", `${"a".repeat(21)}\n${"b".repeat(21)}`];

describeEachDatabase("token routes with a control character in the token", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  it("POST and GET /sign/{token}: the invalid-link answer (404), never a throw", async () => {
    const c = newClient(app);
    for (const token of TOKENS) {
      const path = `/sign/${encodeURIComponent(token)}`;
      const posted = await c.submit(sign.action, path, {}, { params: { token } });
      expect([posted.status, posted.location, posted.data]).toEqual([404, null, { state: "invalid" }]);
      const page = await c.load(sign.loader, path, { token });
      expect([page.status, page.data]).toEqual([404, { state: "invalid" }]);
    }
  });

  it("the other token and link routes answer 4xx, never a throw", async () => {
    const c = newClient(app);
    const answers: Array<[string, number]> = [];
    for (const token of TOKENS) {
      const t = encodeURIComponent(token);
      const routes: Array<{
        name: string;
        path: string;
        params: Record<string, string>;
        m: typeof invitation | typeof memberStore | typeof direct | typeof quote;
      }> = [
        { name: "invitation", path: `/invitation/${t}`, params: { token }, m: invitation },
        { name: "member store", path: `/member-benefit-store/${t}/IO`, params: { id: token, tier: "IO" }, m: memberStore },
        { name: "member store tier", path: `/member-benefit-store/abc/${t}`, params: { id: "abc", tier: token }, m: memberStore },
        { name: "direct-continue", path: `/direct-continue/${t}/${t}`, params: { id: token, tab: token }, m: direct },
        { name: "quote", path: `/quote/${t}`, params: { token }, m: quote },
      ];
      for (const r of routes) {
        for (const intent of ["start", "continue", "verify-code"]) {
          const posted = await c.submit(r.m.action, r.path, { intent }, { params: r.params });
          answers.push([`POST ${r.name} ${intent}`, posted.status]);
        }
        answers.push([`GET ${r.name}`, (await c.load(r.m.loader, r.path, r.params)).status]);
      }
      answers.push(["GET status", (await c.load(status.loader, `/enrollment-status/${t}`, { token })).status]);
    }
    expect(answers.filter(([, s]) => s < 400 || s >= 500)).toEqual([]);
  });
});
