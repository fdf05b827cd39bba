import { describe, it, expect } from "vitest";
import { fieldPath, formShapeProblem, readForm, safeFields } from "./request";
import type { Services } from "../services";

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

describe("safeFields: control characters", () => {
  it("takes C0 controls and DEL out of text values, keeps tabs and line breaks", () => {
    const form = new FormData();
    form.append("notes", "a\u0000b\u0008c\u001bd\u007fe\tf\r\ng");
    expect(safeFields(form).get("notes")).toBe("abcde\tf\r\ng");
  });
});

describe("fieldPath (as remix-validated-form splits a name)", () => {
  it.each([
    ["a", ["a"]],
    ["a.b", ["a", "b"]],
    ["a[0].b", ["a", 0, "b"]],
    ["a[b]", ["a", "b"]],
    ["a[]", ["a", "[]"]],
    ["condition_questions[2].conditions[0].symptoms", ["condition_questions", 2, "conditions", 0, "symptoms"]],
  ])("%s", (name, path) => {
    expect(fieldPath(name)).toEqual(path);
  });
});

describe("formShapeProblem", () => {
  it.each([
    [["name", "name[]"]],
    [["name[]", "name"]],
    [["a", "a[b]"]],
    [["a[b]", "a"]],
    [["a", "a.b"]],
    [["a", ".a"]],
    [["a[0]", "a.b"]],
    [["list[0]", "list.length"]],
    [["x.toString.y"]],
    [["hasOwnProperty"]],
    [["na\u0000me"]],
  ])("refuses %j", (names) => {
    expect(formShapeProblem(names)).toEqual(expect.any(String));
  });
  it.each([
    [["intent", "csrf", "email", "email"]],
    [
      [
        "condition_questions[0].yes_no_flag",
        "condition_questions[0].conditions[0].condition",
        "condition_questions[1].yes_no_flag",
        "medication_question.yes_no_flag",
      ],
    ],
    [["agreement_1", "agreement_2", "0", "a"]],
    [["q140", "q141"]],
  ])("accepts %j", (names) => {
    expect(formShapeProblem(names)).toBeNull();
  });
  it("agrees with remix-validated-form: what it cannot build is refused, what is accepted builds", async () => {
    const { withZod } = await import("@remix-validated-form/with-zod");
    const { z } = await import("zod");
    const validator = withZod(z.object({}).passthrough());
    const cases = [
      ["a", "a[]"],
      ["a", "a[b]"],
      ["a", "a.b"],
      ["list[0]", "list.length"],
      ["a[0]", "a[1].b"],
      ["x", "y.z", "y.w[0]"],
    ];
    for (const names of cases) {
      const form = new FormData();
      for (const n of names) form.append(n, "v");
      const builds = await validator.validate(form).then(
        () => true,
        () => false,
      );
      if (!builds) expect(formShapeProblem(names), names.join(" ")).not.toBeNull();
      if (formShapeProblem(names) === null) expect(builds, names.join(" ")).toBe(true);
    }
  });
});

describe("readForm", () => {
  const services = {
    log: { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} },
    csrf: { validate: async () => {} },
  } as unknown as Services;
  const post = (body: BodyInit | null, type?: string) =>
    new Request("http://localhost/x", { method: "POST", body, headers: type ? { "content-type": type } : {} });
  const refusal = (request: Request) =>
    readForm(request, services).then(
      () => null,
      (r: Response) => [r.status, r.statusText],
    );

  it("answers 415 to a body that is not a form", async () => {
    expect(await refusal(post('{"a":1}', "application/json"))).toEqual([415, "not-a-form"]);
    expect(await refusal(post("a=1", "text/plain"))).toEqual([415, "not-a-form"]);
    const bare = post("a=1");
    bare.headers.delete("content-type");
    expect(await refusal(bare)).toEqual([415, "not-a-form"]);
  });
  it("answers 400 to a form it cannot read, or whose names clash", async () => {
    expect(await refusal(post("a=1", "multipart/form-data"))).toEqual([400, "bad-form"]);
    expect(await refusal(post("name=1&name%5B%5D=2", "application/x-www-form-urlencoded"))).toEqual([400, "malformed-form"]);
  });
  it("the refusal is also a small page (resource routes send it as it is), in English and Spanish", async () => {
    const refused = await readForm(post("lng=es&lng%5B%5D=es", "application/x-www-form-urlencoded"), services).catch((r: Response) => r);
    expect(refused).toBeInstanceOf(Response);
    const res = refused as Response;
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<h1>We could not read that form<\/h1>.*Some of its fields came in a shape.*Nothing you sent was saved\./);
    expect(html).toContain('<div lang="es"><h2>No pudimos leer ese formulario</h2>');
  });

  it("reads a good form (urlencoded, with a charset)", async () => {
    const form = await readForm(post("a=1&b=2&b=3", "application/x-www-form-urlencoded; charset=UTF-8"), services);
    expect(form.getAll("b")).toEqual(["2", "3"]);
  });
});
