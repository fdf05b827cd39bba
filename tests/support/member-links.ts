/** Member benefit store links in tests (ADR 033): a new link per call, its page and button, the code that takes it back. */
import { expect } from "vitest";
import { loader as memberStoreLoader, action as memberStoreAction } from "~/routes/member-benefit-store.$id.$tier";
import { memberStoreToken } from "~/.server/members/member-links";
import type { TestApp } from "./db";
import type { TestClient } from "./client";
import { newClient } from "./staff";
import { openedAll } from "./outbox";

let links = 0;

/** A new link for a member (its own expiry, so its own holder). */
export function memberLink(app: TestApp, memberId: number, tier = "IO") {
  const token = memberStoreToken(app.services.cipher, memberId, new Date(app.services.now().getTime() + 30 * 86400_000 + ++links * 1000));
  return { path: `/member-benefit-store/${token}/${tier}`, params: { id: token, tier } };
}
export type MemberLinkPath = ReturnType<typeof memberLink>;

/** The link's page (GET) in this browser. */
export const memberLinkPage = (c: TestClient, l: MemberLinkPath, query = "") => c.load(memberStoreLoader, l.path + query, l.params);

/** A post to the link's page (the button, "Send me a code", the code). */
export const postMemberLink = (c: TestClient, l: MemberLinkPath, values: Record<string, string>) =>
  c.submit(memberStoreAction, l.path, values, { params: l.params });

/** The members of the member benefit store's group (1929), oldest first. */
export const memberStoreMembers = (app: TestApp) =>
  app.store.db.selectFrom("members").selectAll().where("group_id", "=", 1929).orderBy("id").execute();

/** The member takes the link in a browser of her own with the code e-mailed to her address on file: that browser. */
export async function takeLinkWithCode(app: TestApp, l: MemberLinkPath, email: string) {
  const owner = newClient(app);
  await postMemberLink(owner, l, { intent: "send-code" });
  const rows = await app.store.db.selectFrom("outbox").selectAll().where("kind", "=", "member_code").orderBy("id").execute();
  const mail = openedAll(app, rows)
    .filter((m) => m.recipient === email)
    .pop()!;
  const code = /\b(\d{6})\b/.exec(mail.text_body)![1]!;
  expect((await postMemberLink(owner, l, { intent: "verify-code", code })).location).toBe("/plans");
  return owner;
}
