/**
 * Issue 27, a rep's branding in the operators' console, on both databases: a logo and a banner
 * uploaded with the form (PNG, JPEG or WebP by their bytes, at most 1 MB), stored once by their
 * hash and served at /brand-images/…; a refused file is named beside its field with the other
 * fields' messages, and nothing is written (no rep change, no image, no trail entry); a good
 * upload is on the trail before → after and on the rep's landing page; support cannot upload.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as newRepAction } from "~/routes/admin.reps.new";
import { action as repAction } from "~/routes/admin.reps.$id";
import { loader as landingLoader } from "~/routes/$landing";
import { loader as brandImageLoader } from "~/routes/brand-images.$name";
import { addOperator } from "~/.server/operators/directory";
import { BRAND_IMAGE_MAX_BYTES } from "~/domain/brand-image";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient } from "../support/staff";
import { signInOperator } from "../support/operators";

const repFields = (over: Record<string, string> = {}) => ({
  intent: "save",
  agentCode: "BRAND28",
  landingSlug: "brand-rep-28",
  firstName: "Lena",
  lastName: "Brandt",
  email: "lena@example.com",
  phone: "2145550128",
  displayName: "Lena's Benefits",
  displayPhone: "",
  displayEmail: "",
  logoUrl: "",
  bannerImageUrl: "",
  bannerLink: "",
  brandColor: "#1d4e89",
  taglineEn: "Plans that fit",
  taglineEs: "Planes a su medida",
  bioEn: "Ten years helping families in Dallas.",
  bioEs: "",
  portals: "1",
  ...over,
});

/** A real 1×1 PNG (signature, IHDR, IDAT, IEND). */
const PNG = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
);
/** The start of a JPEG (SOI, APP0 JFIF, a 16×16 SOF0): its type and size are read from these bytes. */
const JPEG = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xc0, 0x00,
  0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9,
]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

describeEachDatabase("a rep's branding uploaded in the console", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
    const cli = { operatorId: null, requestId: "cli", clientKey: null };
    await addOperator(app.services, cli, { email: "sam@ops.example", name: "Sam Sales", role: "sales" });
    await addOperator(app.services, cli, { email: "sue@ops.example", name: "Sue Support", role: "support" });
  });
  afterAll(() => app.close());

  const images = () => app.store.db.selectFrom("brand_images").select(["sha256", "content_type", "byte_size"]).execute();
  const updates = () => app.store.db.selectFrom("operator_events").selectAll().where("kind", "=", "rep.update").orderBy("id").execute();

  it("refuses a file that is not PNG/JPEG/WebP by its bytes, or too large, beside its field with the other messages; nothing is written", async () => {
    const c = newClient(app);
    await signInOperator(app, c, "sam@ops.example");
    const created = await c.submit(newRepAction, "/admin/reps/new", { ...repFields(), portals: ["1"] });
    const id = created.location!.match(/reps\/(\d+)/)![1];
    const before = await app.store.db.selectFrom("reps").selectAll().where("id", "=", Number(id)).executeTakeFirstOrThrow();
    const trailBefore = (await updates()).length;

    // an SVG renamed .png and declared image/png is still an SVG; a colour too light is refused with it
    const disguised = await c.upload(
      repAction,
      `/admin/reps/${id}`,
      repFields({ brandColor: "#ffdd00", taglineEn: "Changed" }),
      { logoFile: { name: "logo.png", type: "image/png", bytes: SVG } },
      { params: { id } },
    );
    expect(disguised.status).toBe(422);
    expect(disguised.data.fieldErrors).toMatchObject({
      logoFile: "admin.validation.imageType",
      brandColor: expect.stringMatching(/^admin\.validation\.colorContrast::/),
    });
    // what was typed comes back (never the file)
    expect(disguised.data.repopulateFields).toMatchObject({ taglineEn: "Changed", brandColor: "#ffdd00" });
    expect(disguised.data.repopulateFields.logoFile).toBeUndefined();

    const big = new Uint8Array(BRAND_IMAGE_MAX_BYTES + 1);
    big.set(PNG);
    const tooLarge = await c.upload(
      repAction,
      `/admin/reps/${id}`,
      repFields({ taglineEn: "Changed" }),
      { bannerFile: { name: "banner.png", type: "image/png", bytes: big }, logoFile: { name: "logo.png", type: "image/png", bytes: PNG } },
      { params: { id } },
    );
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.data.fieldErrors).toEqual({ bannerFile: "admin.validation.imageTooLarge" });

    // a good image with a clash found by the use case: refused whole, the image not kept either
    const clash = await c.upload(
      repAction,
      `/admin/reps/${id}`,
      repFields({ landingSlug: "jane-carter" }),
      { logoFile: { name: "logo.png", type: "image/png", bytes: PNG } },
      { params: { id } },
    );
    expect(clash.status).toBe(422);
    expect(clash.data.fieldErrors).toEqual({ landingSlug: "admin.validation.slugTaken" });

    expect(await app.store.db.selectFrom("reps").selectAll().where("id", "=", Number(id)).executeTakeFirstOrThrow()).toEqual(before);
    expect(await images()).toEqual([]);
    expect((await updates()).length).toBe(trailBefore);
  });

  it("a good logo and banner are stored once, served with their checked type, on the trail and on the rep's landing page", async () => {
    const c = newClient(app);
    await signInOperator(app, c, "sam@ops.example");
    const rep = await app.store.db.selectFrom("reps").select("id").where("agent_code", "=", "BRAND28").executeTakeFirstOrThrow();
    const id = String(rep.id);
    // a file field left alone (the browser sends an empty, nameless file) changes nothing
    const ok = await c.upload(
      repAction,
      `/admin/reps/${id}`,
      repFields({ brandColor: "#6b2c91", bioEn: "Twelve years helping families in Dallas." }),
      {
        logoFile: { name: "logo.PNG", type: "application/octet-stream", bytes: PNG },
        bannerFile: { name: "banner.jpg", type: "image/jpeg", bytes: JPEG },
      },
      { params: { id } },
    );
    expect(ok.location).toBe(`/admin/reps/${id}?saved=1`);
    const row = await app.store.db.selectFrom("reps").selectAll().where("id", "=", rep.id).executeTakeFirstOrThrow();
    expect(row.logo_url).toMatch(/^\/brand-images\/[0-9a-f]{64}\.png$/);
    expect(row.banner_image_url).toMatch(/^\/brand-images\/[0-9a-f]{64}\.jpg$/);
    expect((await images()).map((i) => [i.content_type, i.byte_size]).sort()).toEqual([
      ["image/jpeg", JPEG.length],
      ["image/png", PNG.length],
    ]);

    const change = (await updates()).at(-1)!;
    expect(JSON.parse(change.before_json!)).toEqual({
      logo_url: null,
      banner_image_url: null,
      brand_color: "#1d4e89",
      bio_en: "Ten years helping families in Dallas.",
    });
    expect(JSON.parse(change.after_json!)).toEqual({
      logo_url: row.logo_url,
      banner_image_url: row.banner_image_url,
      brand_color: "#6b2c91",
      bio_en: "Twelve years helping families in Dallas.",
    });

    // served as the type its bytes were checked to be, cacheable for good, never sniffed
    const name = row.logo_url!.split("/").pop()!;
    const served = (await brandImageLoader({
      request: new Request(`http://localhost${row.logo_url}`),
      params: { name },
      context: c.loadContext(),
    } as never)) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    // the same hash under another extension, or an unknown hash, goes to the site's 404 page
    for (const other of [name.replace(/\.png$/, ".jpg"), `${"0".repeat(64)}.png`, "logo.png"]) {
      const missing = await brandImageLoader({
        request: new Request(`http://localhost/brand-images/${other}`),
        params: { name: other },
        context: c.loadContext(),
      } as never).catch((r: unknown) => r as Response);
      expect((missing as Response).headers.get("location")).toBe("/404");
    }

    // the same image uploaded again (the form as the edit page shows it now) is not stored twice
    const again = await c.upload(
      repAction,
      `/admin/reps/${id}`,
      repFields({ brandColor: "#6b2c91", bioEn: row.bio_en!, logoUrl: row.logo_url!, bannerImageUrl: row.banner_image_url! }),
      { logoFile: { name: "again.png", type: "image/png", bytes: PNG } },
      { params: { id } },
    );
    expect(again.location).toBe(`/admin/reps/${id}?saved=1`);
    expect((await images()).length).toBe(2);

    const visitor = newClient(app);
    await visitor.load(landingLoader, "/brand-rep-28", { landing: "brand-rep-28" });
    const landing = await visitor.load(landingLoader, "/brand-rep-28?entered=1", { landing: "brand-rep-28" });
    expect(landing.status).toBe(200);
    expect(landing.data.branding).toMatchObject({
      logoUrl: row.logo_url,
      bannerImageUrl: row.banner_image_url,
      brandColor: "#6b2c91",
      about: "Twelve years helping families in Dallas.",
    });
  });

  it("support reads but cannot upload (403), and nothing is stored", async () => {
    const c = newClient(app);
    await signInOperator(app, c, "sue@ops.example");
    const rep = await app.store.db.selectFrom("reps").select("id").where("agent_code", "=", "BRAND28").executeTakeFirstOrThrow();
    const id = String(rep.id);
    const refused = await c.upload(
      repAction,
      `/admin/reps/${id}`,
      repFields(),
      { logoFile: { name: "x.jpg", type: "image/jpeg", bytes: JPEG } },
      { params: { id } },
    );
    expect(refused.status).toBe(403);
    expect((await images()).length).toBe(2);
  });
});
