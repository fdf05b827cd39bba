import { describe, expect, it } from "vitest";
import * as client from "./client";
import { quoteValidator } from "./quote";
import { saveCartValidator } from "./cart";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.append(k, v);
  return data;
};

describe("validators loaded on first use", () => {
  it("give what the server's validators give, with and without errors", async () => {
    const bad = form({ __rvfInternalFormId: "quote", zip: "7520", dob: "13/45/1988", gender: "", category: "" });
    const good = form({
      __rvfInternalFormId: "quote",
      zip: "75201",
      dob: "04/12/1988",
      gender: "0",
      spouseDob: "",
      childCount: "0",
      category: "dental",
    });
    for (const data of [bad, good]) {
      expect(await client.quoteValidator("2026-11-24", true).validate(data)).toEqual(
        await quoteValidator("2026-11-24", true).validate(data),
      );
    }
    const cart = form({ name: "", email: "nope" });
    const lazy = await client.saveCartValidator.validate(cart);
    expect(lazy).toEqual(await saveCartValidator.validate(cart));
    expect(lazy.error?.fieldErrors).toMatchObject({ name: "validation.validName", email: "validation.validEmail" });
  });

  it("load once, and try again after a failed load", async () => {
    let calls = 0;
    const lazy = client.lazyValidator(async () => {
      calls++;
      if (calls === 1) throw new Error("offline");
      return saveCartValidator;
    });
    await expect(lazy.validate(form({}))).rejects.toThrow("offline");
    lazy.preload();
    await lazy.validate(form({ name: "Ana Lopez", email: "ana@example.com" }));
    const result = await lazy.validate(form({ name: "Ana Lopez", email: "ana@example.com" }));
    expect(result.error).toBeUndefined();
    expect(calls).toBe(2);
  });
});
