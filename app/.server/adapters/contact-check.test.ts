import { describe, it, expect } from "vitest";
import { checkEmail, checkPhone } from "./contact-check";

describe("contact checks", () => {
  it("flags reserved and throw-away e-mail domains", () => {
    expect(checkEmail("ana@gmail.com")).toBe("ok");
    expect(checkEmail("ana@carterbenefits.co")).toBe("ok");
    for (const e of ["ana@example.com", "ana@mail.example.org", "ana@host.test", "ana@mailinator.com", "ana@x..com"])
      expect(checkEmail(e)).toBe("undeliverable");
  });
  it("applies the numbering plan to phones", () => {
    expect(checkPhone("2145550234")).toBe("ok");
    expect(checkPhone("2145550187")).toBe("undeliverable");
    expect(checkPhone("1145551234")).toBe("undeliverable");
    expect(checkPhone("2141111234")).toBe("undeliverable");
    expect(checkPhone("9115551234")).toBe("undeliverable");
    expect(checkPhone("214555023")).toBe("undeliverable");
  });
});
