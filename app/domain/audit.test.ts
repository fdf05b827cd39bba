import { describe, expect, it } from "vitest";
import { auditActor, parseStaffActor, safeDetail, staffActorName } from "./audit";

describe("audit actors and details", () => {
  const rep = { kind: "rep" as const, repId: 7, groupId: null, adminId: null };
  const admin = { kind: "group_admin" as const, repId: null, groupId: 2, adminId: 3 };

  it("names a verified rep or admin by id, and everyone else as the applicant (an employee under a group code)", () => {
    expect(auditActor({ staff: rep, requestId: "r1", clientKey: "c1" })).toEqual({
      actor: "rep:7",
      actingAs: "rep",
      requestId: "r1",
      clientKey: "c1",
    });
    expect(auditActor({ staff: admin, eprocess: "group", requestId: null })).toEqual({
      actor: "group_admin:3",
      actingAs: "group_admin",
      requestId: null,
      clientKey: null,
    });
    expect(auditActor({ staff: null, eprocess: "group", requestId: "r2" })).toEqual({
      actor: "applicant",
      actingAs: "employee",
      requestId: "r2",
      clientKey: null,
    });
    // a cookie that says "rep" is not a verified rep
    expect(auditActor({ staff: null, eprocess: "rep", requestId: null }).actingAs).toBe("applicant");
    expect(staffActorName(admin)).toBe("group_admin:3");
  });

  it("reads staff actors back, nothing else", () => {
    expect(parseStaffActor("rep:12")).toEqual({ kind: "rep", id: 12 });
    expect(parseStaffActor("group_admin:3")).toEqual({ kind: "group_admin", id: 3 });
    for (const other of ["applicant", null, "rep:0", "rep:", "rep:1x", "admin:3", " rep:1"])
      expect(parseStaffActor(other), String(other)).toBeNull();
  });

  it("keeps only enumerated details: a tab name, a channel, a reason — never free text", () => {
    for (const ok of ["primary_info", "email", "text_link_typed", "too_many_tries"]) expect(safeDetail(ok)).toBe(ok);
    for (const bad of ["Ana Lopez", "ana@example.com", "123-45-6789 ", "<b>", "x".repeat(41), "", null, undefined])
      expect(safeDetail(bad), String(bad)).toBeNull();
  });
});
