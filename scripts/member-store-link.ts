/**
 * Prints a member benefit store link for a member of group 1929:
 *   npx tsx scripts/member-store-link.ts <memberId> <tier>      (tier: IO, IS, IC or IF)
 * The link is signed with the configured ENCRYPTION_KEY, so it only works on a server using
 * the same key; it is refused (404) for a member who is not in the member benefit store group.
 */
import { configOrExit } from "../app/.server/boot";
import { createCipher } from "../app/.server/crypto";
import { memberStoreToken } from "../app/.server/member-links";
import { isTier } from "../app/domain/tiers";

const [memberArg, tierArg] = process.argv.slice(2);
const tier = (tierArg ?? "").toUpperCase();
if (!memberArg || !/^[1-9][0-9]{0,9}$/.test(memberArg) || !isTier(tier)) {
  process.stderr.write("Usage: npx tsx scripts/member-store-link.ts <memberId> <IO|IS|IC|IF>\n");
  process.exit(2);
}

const config = configOrExit();
if (!process.env.ENCRYPTION_KEY) process.stderr.write("Note: using the development ENCRYPTION_KEY; set ENCRYPTION_KEY to the server's key.\n");
const token = memberStoreToken(createCipher(config.encryptionKey), Number(memberArg));
const base = config.publicBaseUrl.replace(/\/+$/, "");
process.stdout.write(`${base}/member-benefit-store/${token}/${tier}\n`);
