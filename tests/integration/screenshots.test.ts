/**
 * /api/screenshot stored anything, without limit (issue 23, item 6): 21 posts of non-PNG data,
 * one chunked past the 1 MB check, added 25.8 MB. Now: a real PNG of sane dimensions only, one per
 * enrollment and step (replaced), the body capped while it is read (chunked too: 413, nothing
 * stored) and posts counted per enrollment and per client, atomically.
 */
import zlib from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as screenshotAction } from "~/routes/api.screenshot";
import { forRequest } from "~/.server/platform/request-memo";
import { SCREENSHOTS_PER_CLIENT, SCREENSHOTS_PER_ENROLLMENT } from "~/.server/wizard/screenshot";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import type { TestClient } from "../support/client";
import { inWizard } from "../support/journeys";

const PATH = "/api/screenshot";

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG: white, `width` × `height`, 8-bit greyscale. */
function png(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const raw = Buffer.alloc((width + 1) * height, 0xff);
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;

describeEachDatabase("step screenshots", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  const rows = async (enrollmentId: number) =>
    app.store.db.selectFrom("screenshots").select(["tab_name", "image_enc"]).where("enrollment_id", "=", enrollmentId).execute();
  const post = (client: TestClient, image: string, name = "primary_info") => client.submit(screenshotAction, PATH, { name, image });
  async function wizardClient(ip: string) {
    const { client } = await inWizard(app);
    client.clientIp = ip;
    return { client, id: (await client.session()).tempId! };
  }

  it("anything but a real PNG of sane dimensions is refused (400) and nothing is stored", async () => {
    const { client, id } = await wizardClient("198.51.100.11");
    const notPng = `data:image/png;base64,${Buffer.from("x".repeat(3000)).toString("base64")}`;
    expect((await post(client, notPng)).status).toBe(400);
    // a PNG signature with nothing behind it
    expect(
      (await post(client, dataUrl(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]))))
        .status,
    ).toBe(400);
    // a real PNG whose header claims 100 000 px
    const huge = png(4, 4);
    huge.writeUInt32BE(100_000, 20);
    expect((await post(client, dataUrl(huge))).status).toBe(400);
    expect((await post(client, "data:text/html;base64,PGgxPg==")).status).toBe(400);
    expect(await rows(id)).toEqual([]);
    expect((await post(client, dataUrl(png(900, 66)))).status).toBe(204);
    expect(await rows(id)).toHaveLength(1);
  });

  it("a second screenshot of the same step replaces the first: one row per enrollment and step", async () => {
    const { client, id } = await wizardClient("198.51.100.12");
    const first = dataUrl(png(900, 40));
    const second = dataUrl(png(900, 92));
    expect((await post(client, first)).status).toBe(204);
    expect((await post(client, second)).status).toBe(204);
    expect((await post(client, first, "contact_info")).status).toBe(204);
    const stored = await rows(id);
    expect(stored.map((r) => r.tab_name).sort()).toEqual(["contact_info", "primary_info"]);
    expect(app.services.cipher.decrypt(stored.find((r) => r.tab_name === "primary_info")!.image_enc)).toBe(second);
    // the database itself holds the rule
    await expect(
      app.store.db
        .insertInto("screenshots")
        .values({ enrollment_id: id, tab_name: "primary_info", image_enc: "x", created_at: new Date().toISOString() })
        .execute(),
    ).rejects.toThrow();
  });

  it("a chunked body past the cap is stopped while it is read (413) and nothing is stored", async () => {
    const { client, id } = await wizardClient("198.51.100.13");
    const token = await client.csrfToken();
    let sent = 0;
    const piece = new TextEncoder().encode("A".repeat(64 * 1024));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode(`csrf=${encodeURIComponent(token)}&name=primary_info&image=data%3Aimage%2Fpng%3Bbase64%2C`),
        );
      },
      pull(controller) {
        // 1.5 MB in all (past the cap, under the old 2 MB read limit), if the reader kept reading
        if (sent >= 24) return controller.close();
        sent++;
        controller.enqueue(piece);
      },
    });
    const request = new Request(`http://localhost:3000${PATH}`, {
      method: "POST",
      headers: { host: "localhost:3000", cookie: client.cookieHeader(), "content-type": "application/x-www-form-urlencoded" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(request.headers.get("content-length")).toBeNull();
    let status = 0;
    try {
      const res = (await screenshotAction({
        request,
        params: {},
        context: { ...client.loadContext(), services: forRequest(app.services, "POST") },
      })) as Response;
      status = res.status;
    } catch (thrown) {
      status = (thrown as Response).status;
    }
    expect(status).toBe(413);
    expect(sent).toBeLessThan(24); // it stopped reading near 1 MB, not at the end
    expect(await rows(id)).toEqual([]);
  });

  it(`posts are counted per enrollment (${SCREENSHOTS_PER_ENROLLMENT.max} an hour), atomically: then 429`, async () => {
    const { client, id } = await wizardClient("198.51.100.14");
    const image = dataUrl(png(900, 40));
    const statuses = await Promise.all(
      Array.from({ length: SCREENSHOTS_PER_ENROLLMENT.max + 5 }, () => post(client, image).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 204)).toHaveLength(SCREENSHOTS_PER_ENROLLMENT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(await rows(id)).toHaveLength(1);
  });

  it(`and per client (${SCREENSHOTS_PER_CLIENT.max} an hour, across enrollments): then 429`, async () => {
    const ip = "198.51.100.15";
    const enrollments = Math.ceil(SCREENSHOTS_PER_CLIENT.max / SCREENSHOTS_PER_ENROLLMENT.max);
    const image = dataUrl(png(900, 40));
    let allowed = 0;
    for (let i = 0; i < enrollments; i++) {
      const { client } = await wizardClient(ip);
      const statuses = await Promise.all(
        Array.from({ length: SCREENSHOTS_PER_ENROLLMENT.max }, () => post(client, image).then((r) => r.status)),
      );
      allowed += statuses.filter((s) => s === 204).length;
    }
    expect(allowed).toBe(SCREENSHOTS_PER_CLIENT.max);
    const { client: next, id } = await wizardClient(ip);
    expect((await post(next, image)).status).toBe(429);
    expect(await rows(id)).toEqual([]);
    // another address is not held back
    const { client: other } = await wizardClient("198.51.100.16");
    expect((await post(other, image)).status).toBe(204);
  });
});
