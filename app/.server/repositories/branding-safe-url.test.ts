/**
 * Security review (links typed by operators and imported with the catalog): "/\host/x.png" passed as
 * a path on this site, but browsers read a backslash as a slash: the image (or link) came from
 * //host, another site. Refused by the store's last check and by the catalog import alike.
 */
import { describe, expect, it } from "vitest";
import { safeUrl } from "./branding";
import { parsePlans } from "~/domain/catalog-import/plans";
import { parseCarriers } from "~/domain/catalog-import/reference";
import { Problems } from "~/domain/catalog-import/problems";

describe("a path with a backslash is no path of this site", () => {
  it("safeUrl refuses it, keeps real paths and https addresses", () => {
    expect(safeUrl("/\\evil.example/logo.png")).toBeNull();
    expect(safeUrl("/brand\\..\\x.png")).toBeNull();
    expect(safeUrl("//evil.example/logo.png")).toBeNull();
    expect(safeUrl("/brand/logo.png")).toBe("/brand/logo.png");
    expect(safeUrl("https://cdn.example/logo.png")).toBe("https://cdn.example/logo.png");
  });
  it("the catalog import refuses it as a plan's or a carrier's logo", () => {
    const plans = new Problems();
    parsePlans({ file: "plans.csv", header: ["code", "logo_url"], rows: [["P1", "/\\evil.example/logo.png"]] }, plans);
    expect(plans.list.filter((p) => p.column === "logo_url").map((p) => p.code)).toEqual(["notImageAddress"]);
    const carriers = new Problems();
    parseCarriers(
      {
        file: "carriers.csv",
        header: ["code", "name", "admin_fee_percent", "logo_url"],
        rows: [["acme", "Acme", "3", "/\\evil.example/x.png"]],
      },
      carriers,
    );
    expect(carriers.list.map((p) => p.code)).toEqual(["notImageAddress"]);
  });
});
