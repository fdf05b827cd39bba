/**
 * The carrier console's file page in the operator's language: a carrier's 999 codes (IK3, IK4,
 * IK5), a TA1 note, and the reconciliation of an effectuation 834 (what differs, what we sent,
 * what the carrier has) are shown as words in English and Spanish, never as the raw codes and
 * field names the domain keeps (ADR 027 addendum).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import * as fileRoute from "~/routes/admin.carriers.files.$id";
import { addOperator } from "~/.server/operators/directory";
import { signInOperator } from "../support/operators";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient } from "../support/staff";
import { pageText, renderPage } from "../support/render";
import type { TestClient } from "../support/client";
import { checkBeforeSending } from "~/.server/carriers/check-before-sending";
import { addFile } from "~/domain/x12/__golden__/fixtures";

const route = { path: "admin/carriers/files/:id", module: fileRoute };

describeEachDatabase("carrier file page: codes and the reconciliation in words, in both languages", (kind) => {
  let app: TestApp;
  let operator: TestClient;
  let sentId: number;
  let taId: number;
  let effectuationId: number;
  let heldId: number;
  let legacyId: number;
  beforeAll(async () => {
    app = await createTestApp(kind);
    const db = app.store.db;
    const carrier = await db.selectFrom("carriers").select("id").orderBy("id").executeTakeFirstOrThrow();
    const file = (over: Record<string, unknown>) =>
      db
        .insertInto("carrier_files")
        .values({
          carrier_id: carrier.id,
          direction: "out",
          name: "x.x12",
          format: "x12",
          status: "rejected",
          control_number: null,
          digest: "e".repeat(64),
          content: "",
          problems_json: null,
          report_json: null,
          member_count: 1,
          last_error: null,
          created_at: new Date().toISOString(),
          sent_at: null,
          acknowledged_at: null,
          ...over,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    sentId = (await file({ name: "sent-999.x12", control_number: "000000123", digest: "a".repeat(64) })).id;
    // a 999 rejected the set: IK3 8 at NM1, IK4 7 at NM109, IK5 codes 5 and I5 (as receive.ts keeps them)
    await db
      .insertInto("carrier_transactions")
      .values({
        file_id: sentId,
        control_number: "0001",
        status: "rejected",
        errors_json: JSON.stringify({
          errors: [
            {
              segment: "NM1",
              segmentPosition: 12,
              segmentErrorCode: "8",
              segmentError: "Segment has data element errors",
              element: "NM103",
              elementErrorCode: "7",
              elementError: "Invalid code value",
            },
            { segment: "DTP", segmentPosition: 20, segmentErrorCode: "ZZ", segmentError: "Unknown code" },
          ],
          codes: [
            { code: "5", meaning: "One or more segments in error" },
            { code: "I5", meaning: "Implementation one or more segments in error" },
          ],
        }),
        acknowledged_at: new Date().toISOString(),
      })
      .execute();
    // a TA1 rejected a whole interchange: receive.ts keeps it as an error at ISA with the note code
    taId = (await file({ name: "sent-ta1.x12", control_number: "000000124", digest: "b".repeat(64) })).id;
    await db
      .insertInto("carrier_transactions")
      .values({
        file_id: taId,
        control_number: "0001",
        status: "rejected",
        errors_json: JSON.stringify([
          {
            segment: "ISA",
            segmentPosition: 0,
            segmentErrorCode: "006",
            segmentError: "Invalid interchange sender ID",
          },
        ]),
        acknowledged_at: new Date().toISOString(),
      })
      .execute();
    // an effectuation 834's reconciliation report (domain/x12/effectuation.ts reconcile())
    effectuationId = (
      await file({
        direction: "in",
        name: "effectuation.x12",
        status: "read",
        digest: "c".repeat(64),
        report_json: JSON.stringify({
          matched: [],
          missingAtCarrier: [],
          unknownToUs: [],
          differences: [
            { memberId: "BS000101", planCode: "DEN1", field: "coverage", ours: "enrolled", theirs: "termed" },
            { memberId: "BS000101", planCode: "DEN1", field: "coverageLevel", ours: "ESP", theirs: "FAM" },
            { memberId: "BS000102", planCode: "VIS1", field: "begin", ours: "2026-01-01", theirs: "2026-02-01" },
            { memberId: "BS000102", planCode: "VIS1", field: "end", ours: "", theirs: "2026-06-30" },
            { memberId: "BS000103", planCode: "LIF1", field: "coverageLevel", ours: "EMP", theirs: "QQQ" },
          ],
        }),
      })
    ).id;
    // a file our own check held: a BGN01 outside its list, a ZIP that is not one, and the envelope's count
    const broken = addFile().replace("BGN*00*", "BGN*99*").replace("N4*DALLAS*TX*75207~", "N4*DALLAS*TX*7520~");
    heldId = (
      await file({
        name: "held.834",
        status: "held",
        digest: "f".repeat(64),
        problems_json: JSON.stringify(checkBeforeSending(broken)),
      })
    ).id;
    // held before problems had keys: its English sentence, kept as it was
    legacyId = (
      await file({
        name: "held-before.834",
        status: "held",
        digest: "0".repeat(64),
        problems_json: JSON.stringify([{ position: 4, segment: "BGN", element: "BGN01", message: 'BGN01 "99" must be 00, 15 or 22.' }]),
      })
    ).id;
    await addOperator(
      app.services,
      { operatorId: null, requestId: "cli", clientKey: null },
      { email: "wanda@ops.example", name: "Wanda Words", role: "support" },
    );
    operator = newClient(app);
    await signInOperator(app, operator, "wanda@ops.example");
  });
  afterAll(() => app.close());

  const page = async (id: number, lng: "en" | "es") => {
    const res = await renderPage(operator, `/admin/carriers/files/${id}?lng=${lng}`, route);
    expect(res.status).toBe(200);
    return pageText(res.html);
  };

  it("a 999's segment, element and set codes are named in English and in Spanish", async () => {
    const en = await page(sentId, "en");
    expect(en).toContain("Segment has data element errors");
    expect(en).toContain("Invalid code value");
    expect(en).toContain("One or more segments in error");
    expect(en).toContain("Implementation one or more segments in error");
    expect(en).toMatch(/ZZ Unknown code/);
    const es = await page(sentId, "es");
    expect(es).toContain("Segmento con errores en sus elementos de datos");
    expect(es).toContain("Valor de código no válido");
    expect(es).toContain("Uno o más segmentos con errores");
    expect(es).toContain("Implementación: uno o más segmentos con errores");
    expect(es).toMatch(/ZZ Código desconocido/);
    for (const english of ["Segment has data element errors", "Invalid code value", "One or more segments in error", "Unknown code"])
      expect(es).not.toContain(english);
  });

  it("a TA1's note is named in the page's language", async () => {
    expect(await page(taId, "en")).toContain("006 Invalid interchange sender ID");
    const es = await page(taId, "es");
    expect(es).toContain("006 ID de remitente del intercambio no válido");
    expect(es).not.toContain("Invalid interchange sender ID");
  });

  it("the reconciliation says what differs, what we sent and what the carrier has, in words", async () => {
    const en = await page(effectuationId, "en");
    for (const raw of ["coverageLevel", "enrolled → termed", "ESP → FAM", "begin:", "end:"]) expect(en).not.toContain(raw);
    expect(en).toMatch(/BS000101 DEN1 Coverage Enrolled Ended at the carrier/);
    expect(en).toMatch(/BS000101 DEN1 Coverage level Employee and Spouse Family/);
    expect(en).toMatch(/BS000102 VIS1 Coverage begins 01\/01\/2026 02\/01\/2026/);
    expect(en).toMatch(/BS000102 VIS1 Coverage ends No end date 06\/30\/2026/);
    // a code the carrier sent that is not an HD05 code is shown as sent, marked unknown
    expect(en).toMatch(/BS000103 LIF1 Coverage level Employee Only QQQ \(Unknown code\)/);
    const es = await page(effectuationId, "es");
    expect(es).toMatch(/BS000101 DEN1 Cobertura Inscrita Terminada en la aseguradora/);
    expect(es).toMatch(/BS000101 DEN1 Nivel de cobertura Empleado y cónyuge Familia/);
    expect(es).toMatch(/BS000102 VIS1 Inicio de la cobertura 01\/01\/2026 02\/01\/2026/);
    expect(es).toMatch(/BS000102 VIS1 Fin de la cobertura Sin fecha de fin 06\/30\/2026/);
    expect(es).toMatch(/QQQ \(Código desconocido\)/);
    for (const english of ["Coverage level", "Employee and Spouse", "Family", "No end date"]) expect(es).not.toContain(english);
  });

  it("why a file was held is said in the operator's language; a problem kept before keys is shown as kept", async () => {
    const en = await page(heldId, "en");
    expect(en).toContain('BGN01 "99" must be 00, 15 or 22.');
    // a member's malformed ZIP is not quoted back (the problems are kept and shown in the clear); a code is
    expect(en).toContain('N403 "•••" must be a 5- or 9-digit ZIP code.');
    expect(en).not.toContain("7520");
    const es = await page(heldId, "es");
    expect(es).toContain('BGN01 "99" debe ser 00, 15 o 22.');
    expect(es).toContain('N403 "•••" debe ser un código postal de 5 o 9 dígitos.');
    expect(es).not.toContain("must be");
    expect(await page(legacyId, "es")).toContain('BGN01 "99" must be 00, 15 or 22.');
  });
});
