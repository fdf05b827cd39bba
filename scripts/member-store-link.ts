/**
 * Prints a member benefit store link for a member of group 1929:
 *   npx tsx scripts/member-store-link.ts <memberId> <tier>      (tier: IO, IS, IC or IF)
 * The link is signed with the configured ENCRYPTION_KEY (the newest of ENCRYPTION_KEYS), so it only
 * works on a server that holds the same key; it is refused (404) for a member who is not in the member benefit store group.
 * It works for MEMBER_LINK_DAYS (30 by default); then it answers 410 "This link has expired". The expiry is printed.
 * It works once per browser (ADR 033): the first browser that presses its button holds it; another browser
 * gets in only with a code e-mailed to the member's address on file.
 */
import { configOrExit } from "../app/.server/boot";
import { createCipher } from "../app/.server/platform/crypto";
import { memberLinkExpiry, memberStoreToken } from "../app/.server/members/member-links";
import { isTier } from "../app/domain/tiers";

const [memberArg, tierArg] = process.argv.slice(2);
const tier = (tierArg ?? "").toUpperCase();
if (!memberArg || !/^[1-9][0-9]{0,9}$/.test(memberArg) || !isTier(tier)) {
  process.stderr.write("Usage: npx tsx scripts/member-store-link.ts <memberId> <IO|IS|IC|IF>\n");
  process.exit(2);
}

const config = configOrExit();
if (!process.env.ENCRYPTION_KEY && !process.env.ENCRYPTION_KEYS)
  process.stderr.write("Note: using the development ENCRYPTION_KEY; set ENCRYPTION_KEY (or ENCRYPTION_KEYS) to the server's.\n");
const expiresAt = memberLinkExpiry(new Date(), config.memberLinkDays);
const token = memberStoreToken(createCipher(config.encryptionKeys), Number(memberArg), expiresAt);
const base = config.publicBaseUrl.replace(/\/+$/, "");
process.stdout.write(`${base}/member-benefit-store/${token}/${tier}\n`);
process.stderr.write(
  `Expires: ${new Date(Math.floor(expiresAt.getTime() / 1000) * 1000).toISOString()} (MEMBER_LINK_DAYS=${config.memberLinkDays})\n`,
);
