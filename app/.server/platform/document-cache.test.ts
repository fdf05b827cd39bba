import { describe, expect, it } from "vitest";
import { DocumentCache } from "./document-cache";
import { spliceTemplate } from "./spliced-gzip";

const doc = (text: string) => spliceTemplate(`<p>${text}</p>`.repeat(50), ["x-marker"])!;

describe("the document cache", () => {
  it("keeps an entry within its generation for its time to live", () => {
    let now = 0;
    const cache = new DocumentCache({ ttlMs: 1000, now: () => now });
    const catalog = {};
    cache.set(catalog, "k", doc("a"), { "Content-Language": "en" });
    expect(cache.get(catalog, "k")?.headers).toEqual({ "Content-Language": "en" });
    now = 1001;
    expect(cache.get(catalog, "k")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("forgets everything when the generation changes (a new catalog)", () => {
    const cache = new DocumentCache();
    const before = {};
    cache.set(before, "k", doc("a"), {});
    expect(cache.get({}, "k")).toBeUndefined();
    expect(cache.get(before, "k")).toBeUndefined();
  });

  it("stays within its byte bound, least recently used out first", () => {
    const one = doc("a").bytes;
    const cache = new DocumentCache({ maxBytes: one * 2 + 1 });
    const g = {};
    cache.set(g, "a", doc("a"), {});
    cache.set(g, "b", doc("b"), {});
    cache.get(g, "a");
    cache.set(g, "c", doc("c"), {});
    expect(cache.get(g, "b")).toBeUndefined();
    expect(cache.get(g, "a")).toBeDefined();
    expect(cache.get(g, "c")).toBeDefined();
    expect(cache.storedBytes).toBeLessThanOrEqual(cache.maxBytes);
  });
});
