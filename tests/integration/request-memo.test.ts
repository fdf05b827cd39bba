/** The per-request memo of reads (platform/request-memo.ts): one read per page, its own writes seen. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { forRequest } from "~/.server/platform/request-memo";
import { enrollmentOnce } from "~/.server/store/page-reads";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { quotedClient } from "../support/journeys";

describeEachDatabase("reads shared by a page's loaders", (kind) => {
  let app: TestApp;
  let reads = 0;
  beforeAll(async () => {
    app = await createTestApp(kind, { onQuery: (sql) => void (/from "enrollments"/.test(sql) && reads++) });
  });
  afterAll(() => app.close());

  it("reads once per GET request, again after a write, and never shares between requests or in an action", async () => {
    const id = (await (await quotedClient(app)).session()).tempId!;
    const get = forRequest(app.services, "GET");
    reads = 0;
    const [a, b] = await Promise.all([enrollmentOnce(get, id), enrollmentOnce(get, id)]);
    expect(a).toBe(b);
    expect(reads).toBe(1);

    await app.services.db.updateTable("enrollments").set({ zip: "33131" }).where("id", "=", id).execute();
    expect((await enrollmentOnce(get, id))?.zip).toBe("33131");
    expect(reads).toBe(2);

    const other = forRequest(app.services, "GET");
    await enrollmentOnce(other, id);
    expect(reads).toBe(3);

    const post = forRequest(app.services, "POST");
    await enrollmentOnce(post, id);
    await enrollmentOnce(post, id);
    expect(reads).toBe(5);
  });
});
