/**
 * Rendered documents kept for reuse (ADR 014): each under a key its use case builds from every
 * input of the page, inside a generation (an object whose replacement drops every entry made
 * with the old one: the catalog as read), for at most `ttlMs`, least recently used first out
 * once `maxBytes` is reached. An entry is a spliced template: the page compressed once with
 * holes where each response puts its own values (spliced-gzip.ts).
 */
import type { SplicedTemplate } from "./spliced-gzip";

/** A miss: the render that follows offers its document here, to be kept if it may be. */
export interface PageCapture {
  offer(body: Buffer, status: number, headers: Headers): void;
}

export interface CachedDocument {
  readonly template: SplicedTemplate;
  /** headers the page was rendered with that a reuse sends again (Content-Language) */
  readonly headers: Readonly<Record<string, string>>;
  readonly storedAt: number;
}

export interface DocumentCacheOptions {
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
}

export class DocumentCache {
  private generation: object | null = null;
  private entries = new Map<string, CachedDocument>();
  private bytes = 0;
  readonly maxBytes: number;
  readonly ttlMs: number;
  private readonly now: () => number;
  /** counts since start (Server-Timing and tests) */
  readonly stats = { hits: 0, misses: 0, stored: 0, evicted: 0 };

  constructor(options: DocumentCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  private within(generation: object) {
    if (this.generation !== generation) {
      this.generation = generation;
      this.entries.clear();
      this.bytes = 0;
    }
  }

  get(generation: object, key: string): CachedDocument | undefined {
    this.within(generation);
    const hit = this.entries.get(key);
    if (!hit || this.now() - hit.storedAt > this.ttlMs) {
      if (hit) this.remove(key, hit);
      this.stats.misses++;
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, hit);
    this.stats.hits++;
    return hit;
  }

  /** The entry kept under `key`, if any and still fresh, without counting it as a use (no hit, no LRU move). */
  peek(generation: object, key: string): CachedDocument | undefined {
    if (this.generation !== generation) return undefined;
    const entry = this.entries.get(key);
    return entry && this.now() - entry.storedAt <= this.ttlMs ? entry : undefined;
  }

  set(generation: object, key: string, template: SplicedTemplate, headers: Record<string, string>) {
    this.within(generation);
    if (template.bytes > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, { template, headers: Object.freeze({ ...headers }), storedAt: this.now() });
    this.bytes += template.bytes;
    this.stats.stored++;
    for (const [k, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(k, entry);
      this.stats.evicted++;
    }
  }

  private remove(key: string, entry: CachedDocument) {
    this.entries.delete(key);
    this.bytes -= entry.template.bytes;
  }

  get size() {
    return this.entries.size;
  }
  get storedBytes() {
    return this.bytes;
  }
  clear() {
    this.entries.clear();
    this.bytes = 0;
  }
}
