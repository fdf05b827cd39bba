/**
 * Methods the store does not take (issue 23, item 11): `PUT /` and `OPTIONS /` were logged as
 * "unhandled error" with reason "[object Object]". They answer 405 with an Allow header and leave
 * a request line in the log, never an error line; so does a POST to a page without a form.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedPort, startServer } from "../support/server-process";

describe("methods the store does not take", () => {
  let server: ReturnType<typeof startServer>;
  let base: string;
  beforeAll(async () => {
    const port = await closedPort();
    base = `http://127.0.0.1:${port}`;
    server = startServer({ PORT: String(port), DATABASE_URL: ":memory:", SEED_ON_START: "1" });
    await server.ready;
  }, 70_000);
  afterAll(() => server?.stop());

  const logLines = () =>
    server
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { level: string; msg: string; method?: string; status?: number; path?: string });

  it.each(["PUT", "DELETE", "PATCH", "OPTIONS"])("%s / answers 405 with Allow: GET, HEAD, POST", async (method) => {
    const res = await fetch(`${base}/`, { method, redirect: "manual" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, POST");
    await res.text();
  });

  it("a POST to a page without a form answers 405 saying what it takes", async () => {
    const res = await fetch(`${base}/`, { method: "POST", body: new URLSearchParams({ a: "1" }), redirect: "manual" });
    expect(res.status).toBe(405); // "/" without ?index is the root layout, which has no action
    expect(res.headers.get("allow")).toBe("GET, HEAD");
    await res.text();
  });

  it("each is a request line in the log, and nothing is logged as an error", async () => {
    await new Promise((r) => setTimeout(r, 300));
    const lines = logLines();
    const requests = lines.filter((l) => l.msg === "request" && l.status === 405);
    expect(requests.map((l) => l.method).sort()).toEqual(["DELETE", "OPTIONS", "PATCH", "POST", "PUT"]);
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
    expect(server.output()).not.toContain("[object Object]");
  });
});
