import { describe, expect, it } from "vitest";
import { failureReason } from "./outbox";

describe("a failed delivery's reason", () => {
  it("keeps the codes and takes out addresses and phone numbers", () => {
    const smtp = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <ana.lopez@gmail.com>: Recipient address rejected"),
      {
        code: "EENVELOPE",
        responseCode: 550,
        command: "RCPT TO",
      },
    );
    const reason = failureReason(smtp);
    expect(reason).toBe(
      "EENVELOPE 550 RCPT TO: Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: Recipient address rejected",
    );
    expect(failureReason(new Error("21211 The 'To' number +1 (214) 555-0234 is not a valid phone number"))).toBe(
      "21211 The 'To' number [number] is not a valid phone number",
    );
    expect(failureReason("connect ECONNREFUSED 127.0.0.1:2525")).toBe("connect ECONNREFUSED 127.0.0.1:2525");
    expect(failureReason(new Error("x".repeat(400)))).toHaveLength(300);
  });
});
