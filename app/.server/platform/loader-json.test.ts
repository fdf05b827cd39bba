import { json as remixJson } from "@remix-run/node";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { json, jsonCopy } from "./loader-json";

const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value) ?? "null");

describe("loader json (issue 24): the data without its round trip through bytes", () => {
  it("json() gives what Remix's json() gives: status, headers, the data read back", async () => {
    const data = { a: 1, list: [{ b: "x" }, null, true], nested: { c: -2.5 } };
    for (const init of [undefined, 201, { status: 422, headers: { "Cache-Control": "no-store", "X-Thing": "1" } }]) {
      const ours = json(data, init);
      const theirs = remixJson(data, init);
      expect(ours.status).toBe(theirs.status);
      expect([...ours.headers]).toEqual([...theirs.headers]);
      expect(await ours.json()).toEqual(await theirs.json());
    }
  });

  it("keeps the Content-Type it is given", () => {
    expect(json({}, { headers: { "Content-Type": "application/vnd.api+json" } }).headers.get("Content-Type")).toBe(
      "application/vnd.api+json",
    );
  });

  it("the body, when read (loader data for a client navigation), is the JSON text", async () => {
    const data = { when: "2026-01-01", n: [1, 2, 3], s: "é ✓ </script>" };
    expect(await new Response(json(data).body).text()).toBe(JSON.stringify(data));
    expect(await json(data).text()).toBe(JSON.stringify(data));
    // read as a stream first: the body is used, as a Response's is
    const response = json(data);
    expect(response.bodyUsed).toBe(false);
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
    expect(JSON.parse(Buffer.concat(chunks).toString("utf8"))).toEqual(data);
    expect(response.bodyUsed).toBe(true);
    await expect(response.json()).rejects.toThrow(TypeError);
    // a copy made before reading reads the same
    expect(await json(data).clone().json()).toEqual(data);
    expect(JSON.parse(new TextDecoder().decode(await json(data).arrayBuffer()))).toEqual(data);
    // no data, no body (as Remix's json(undefined))
    expect(json(undefined).body).toBeNull();
  });

  it("writes no JSON until the body or the data is asked for", async () => {
    let reads = 0;
    const data = {
      get counted() {
        reads++;
        return 1;
      },
    };
    const response = json(data);
    expect(response.body).not.toBeNull();
    await new Promise((r) => setTimeout(r, 5));
    expect(reads).toBe(0);
    expect(await response.json()).toEqual({ counted: 1 });
    expect(reads).toBe(1);
  });

  it("json() gives a copy: changing it never reaches the loader's objects (a shared listing)", async () => {
    const shared = { cards: [{ id: 1, name: "A" }], meta: { count: 1 } };
    const response = json(shared);
    const first = (await response.json()) as typeof shared;
    expect(first).toEqual(shared);
    expect(first).not.toBe(shared);
    expect(first.cards).not.toBe(shared.cards);
    expect(first.cards[0]).not.toBe(shared.cards[0]);
    first.cards[0].name = "changed";
    first.cards.push({ id: 2, name: "B" });
    expect(shared).toEqual({ cards: [{ id: 1, name: "A" }], meta: { count: 1 } });
    // a frozen (shared, cached) object gives a copy that is not frozen, as a parsed one is not
    const frozen = Object.freeze({ a: Object.freeze([1]) });
    const copy = (await json(frozen).json()) as { a: number[] };
    expect(Object.isFrozen(copy)).toBe(false);
    expect(Object.isFrozen(copy.a)).toBe(false);
  });

  it("values JSON changes go through JSON as before (Date, undefined, NaN, -0, class, toJSON, holes, symbols)", () => {
    class Point {
      x = 1;
    }
    const cases: unknown[] = [
      { d: new Date(0) },
      { u: undefined, k: 1 },
      [undefined, 1],
      { n: Number.NaN },
      { n: -0 },
      { i: Number.POSITIVE_INFINITY },
      { p: new Point() },
      { t: { toJSON: () => "replaced" } },
      // biome-ignore lint/suspicious/noSparseArray: a hole is the case
      [1, , 3],
      { [Symbol("s")]: 1, a: 2 },
      { m: new Map([[1, 2]]) },
      { f: () => 1 },
      Object.create(null, { a: { value: 1, enumerable: true } }),
      undefined,
    ];
    for (const value of cases) expect(jsonCopy(value)).toEqual(roundTrip(value));
    expect(jsonCopy({ n: -0 })).toStrictEqual({ n: 0 });
    expect(Object.hasOwn(jsonCopy({ u: undefined, k: 1 }) as object, "u")).toBe(false);
  });

  it("a value that JSON refuses still fails (a cycle, a bigint)", async () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    await expect(json(cycle).json()).rejects.toThrow();
    await expect(json({ b: 1n }).json()).rejects.toThrow();
  });

  it("equals JSON's round trip for any JSON-like value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jsonCopy(value)).toStrictEqual(roundTrip(value));
      }),
    );
    fc.assert(
      fc.property(
        fc.anything({ withDate: true, withNullPrototype: true, withMap: true, withBoxedValues: true, withSparseArray: true }),
        (value) => {
          expect(jsonCopy(value)).toEqual(roundTrip(value));
        },
      ),
    );
  });
});
