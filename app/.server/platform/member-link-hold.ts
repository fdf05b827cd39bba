/**
 * Which browser holds a member benefit store link (ADR 033): the link (its member and expiry) and
 * the browser (its session's random `memberLinkKey`) are kept as keyed hashes, read under every
 * configured key. Shared by the link's page (members/member-link-holders.ts) and the session's
 * read, which forgets the member in a browser that no longer holds the link it came in by.
 */
import type { DB } from "../db/connection";
import { findLinkHolder } from "../repositories/member-link-holders";
import { matchesAnyHash, type Cipher } from "./crypto";

/** A link as the hold knows it: whose, and its expiry in epoch seconds. */
export interface HeldLink {
  memberId: number;
  untilSeconds: number;
}

export const memberLinkHash = (link: HeldLink) => `member-link:${link.memberId}:${link.untilSeconds}`;
export const memberLinkHolderHash = (browserKey: string) => `member-link-holder:${browserKey}`;

/** "free" (nobody holds the link), "here" (the browser with this key does) or "elsewhere". Reads only. */
export async function memberLinkHolder(db: DB, cipher: Cipher, link: HeldLink, browserKey: string | undefined) {
  const row = await findLinkHolder(db, cipher.hashes(memberLinkHash(link)));
  if (!row) return "free" as const;
  return browserKey && matchesAnyHash(cipher, memberLinkHolderHash(browserKey), row.holder_hash)
    ? ("here" as const)
    : ("elsewhere" as const);
}
