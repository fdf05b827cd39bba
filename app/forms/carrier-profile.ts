/**
 * A carrier's delivery profile in the operator console (issue 29, ADR 024): the file format, the
 * trading-partner ids and qualifiers (ISA05–08, GS02/03), the sponsor and payer (N1*P5, N1*IN), test
 * or production (ISA15), the schedule (daily changes; a weekly full audit file on a weekday) and the
 * transport (the embedded directory, or SFTP: host, port, user, a key REFERENCE — never a key — the
 * host key's SHA-256 and the folders). The same schema on the client and the server; messages are
 * translation keys (`carrierProfile.validation.*`, `validation.*`).
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { choice, REQUIRED, requiredText } from "./common";

export const ISA_QUALIFIERS = ["01", "14", "20", "27", "28", "29", "30", "33", "ZZ"] as const;
export const N1_QUALIFIERS = ["FI", "94", "XV", "ZZ", "24"] as const;
export const WEEKDAYS = ["0", "1", "2", "3", "4", "5", "6"] as const;

export const CARRIER_PROFILE_FIELDS = [
  "format",
  "usage",
  "senderQualifier",
  "senderId",
  "receiverQualifier",
  "receiverId",
  "applicationSender",
  "applicationReceiver",
  "sponsorName",
  "sponsorIdQualifier",
  "sponsorId",
  "payerName",
  "payerIdQualifier",
  "payerId",
  "masterPolicy",
  "schedule",
  "fullFileWeekday",
  "transport",
  "sftpHost",
  "sftpPort",
  "sftpUsername",
  "sftpKeyRef",
  "sftpHostKeySha256",
  "sftpOutbox",
  "sftpInbox",
] as const;
export type CarrierProfileField = (typeof CARRIER_PROFILE_FIELDS)[number];

/** X12's basic character set for ids: upper-case letters, digits and spaces inside (no separators). */
const X12_ID = /^[A-Z0-9][A-Z0-9 ]*$/;
const x12Id = (max: number) =>
  requiredText(max)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(X12_ID, "carrierProfile.validation.x12Id"));
/** A name sent in N102: letters, digits, spaces and . , & ' - only (no X12 separator ever). */
const x12Name = (max: number) => requiredText(max).regex(/^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,&'-]*$/u, "carrierProfile.validation.x12Name");
/** Empty → null; otherwise trimmed. */
const optional = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() ?? "")
    .pipe(z.string().max(max, "validation.tooLong"))
    .transform((v) => (v === "" ? null : v));
const HOST = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const KEY_REF = /^(env:[A-Z_][A-Z0-9_]{0,63}|file:\/[^\0\r\n]{1,255})$/;
/** base64 SHA-256 (43 characters), with or without SHA256: and the padding, as ssh-keygen -l prints it */
const HOST_KEY = /^(SHA256:)?[A-Za-z0-9+/]{43}=?$/;
const FOLDER = /^\/[A-Za-z0-9._/-]{0,200}$/;

/** A choice among fixed values (their literal types kept); one message when missing or tampered. */
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values as unknown as [T[number], ...T[number][]], { errorMap: () => ({ message: REQUIRED }) });

export const carrierProfileSchema = z
  .object({
    format: oneOf(["834", "csv"] as const),
    usage: oneOf(["T", "P"] as const),
    senderQualifier: choice([...ISA_QUALIFIERS]),
    senderId: x12Id(15),
    receiverQualifier: choice([...ISA_QUALIFIERS]),
    receiverId: x12Id(15),
    applicationSender: x12Id(15).pipe(z.string().min(2, "carrierProfile.validation.tooShort")),
    applicationReceiver: x12Id(15).pipe(z.string().min(2, "carrierProfile.validation.tooShort")),
    sponsorName: x12Name(60),
    sponsorIdQualifier: choice([...N1_QUALIFIERS]),
    sponsorId: x12Id(80),
    payerName: x12Name(60),
    payerIdQualifier: choice([...N1_QUALIFIERS]),
    payerId: x12Id(80),
    masterPolicy: requiredText(50).regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, "carrierProfile.validation.x12Id"),
    schedule: oneOf(["daily", "weekly"] as const),
    fullFileWeekday: optional(1),
    transport: oneOf(["local", "sftp"] as const),
    sftpHost: optional(253),
    sftpPort: optional(5),
    sftpUsername: optional(64),
    sftpKeyRef: optional(260),
    sftpHostKeySha256: optional(60),
    sftpOutbox: optional(200),
    sftpInbox: optional(200),
  })
  .superRefine((v, ctx) => {
    const issue = (path: CarrierProfileField, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    if (v.schedule === "weekly") {
      if (v.fullFileWeekday === null) issue("fullFileWeekday", "carrierProfile.validation.weekday");
      else if (!(WEEKDAYS as readonly string[]).includes(v.fullFileWeekday)) issue("fullFileWeekday", "carrierProfile.validation.weekday");
    }
    if (v.transport !== "sftp") return;
    if (!v.sftpHost) issue("sftpHost", REQUIRED);
    else if (!HOST.test(v.sftpHost) && !IPV4.test(v.sftpHost)) issue("sftpHost", "carrierProfile.validation.host");
    if (v.sftpPort !== null && (!/^\d{1,5}$/.test(v.sftpPort) || Number(v.sftpPort) < 1 || Number(v.sftpPort) > 65535))
      issue("sftpPort", "carrierProfile.validation.port");
    if (!v.sftpUsername) issue("sftpUsername", REQUIRED);
    else if (!/^[A-Za-z0-9._-]+$/.test(v.sftpUsername)) issue("sftpUsername", "carrierProfile.validation.username");
    if (!v.sftpKeyRef) issue("sftpKeyRef", REQUIRED);
    else if (!KEY_REF.test(v.sftpKeyRef)) issue("sftpKeyRef", "carrierProfile.validation.keyRef");
    if (!v.sftpHostKeySha256) issue("sftpHostKeySha256", REQUIRED);
    else if (!HOST_KEY.test(v.sftpHostKeySha256)) issue("sftpHostKeySha256", "carrierProfile.validation.hostKey");
    for (const f of ["sftpOutbox", "sftpInbox"] as const) {
      const folder = v[f];
      if (!folder) issue(f, REQUIRED);
      else if (!FOLDER.test(folder) || folder.split("/").includes("..")) issue(f, "carrierProfile.validation.folder");
    }
  })
  .transform((v) => ({
    ...v,
    fullFileWeekday: v.schedule === "weekly" && v.fullFileWeekday !== null ? Number(v.fullFileWeekday) : null,
    // a local profile keeps no SFTP settings
    ...(v.transport === "sftp"
      ? { sftpPort: v.sftpPort === null ? 22 : Number(v.sftpPort) }
      : {
          sftpHost: null,
          sftpPort: null,
          sftpUsername: null,
          sftpKeyRef: null,
          sftpHostKeySha256: null,
          sftpOutbox: null,
          sftpInbox: null,
        }),
  }));
export type CarrierProfileInput = z.infer<typeof carrierProfileSchema>;
export const carrierProfileValidator = withZod(carrierProfileSchema);
