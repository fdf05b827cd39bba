/**
 * Every kind of the store's audit trail has a label on the enrollment history page, in English and
 * Spanish: the page showed the raw key ("invitation.code_sent") for the kinds added after it.
 */
import { describe, expect, it } from "vitest";
import en from "../public/locales/en/common.json";
import es from "../public/locales/es/common.json";
import { AUDIT_KINDS } from "~/domain/audit";

type Kinds = Record<string, Record<string, string> | undefined>;

describe.each([
  ["en", en.history.kinds as unknown as Kinds],
  ["es", es.history.kinds as unknown as Kinds],
])("history labels (%s)", (_lng, kinds) => {
  it.each(AUDIT_KINDS.map((k) => [k]))("%s has one", (kind) => {
    const [group, name] = kind.split(".") as [string, string];
    expect(kinds[group]?.[name], kind).toEqual(expect.any(String));
    expect(kinds[group]?.[name]?.trim()).not.toBe("");
  });
});
