import { describe, it, expect } from "vitest";
import { safeFields } from "./request";

describe("safeFields", () => {
  it("drops names that would reach Object.prototype or build huge arrays", () => {
    const form = new FormData();
    form.append("name", "Ana");
    form.append("x.__proto__.polluted", "yes");
    form.append("constructor.prototype.polluted", "yes");
    form.append("a[99999999].b", "1");
    form.append("x".repeat(121), "1");
    form.append("condition_questions[2].conditions[0].symptoms", "ok");
    expect([...safeFields(form).keys()]).toEqual(["name", "condition_questions[2].conditions[0].symptoms"]);
  });
});
