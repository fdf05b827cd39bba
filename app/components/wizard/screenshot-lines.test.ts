/** Security review (stop 37, high): the billing step's screenshot drew the whole card security code (its "last four"). */
import { describe, expect, it } from "vitest";
import { SCREENSHOT_MASK, screenshotValue } from "./screenshot-lines";

describe("screenshotValue", () => {
  it("leaves a card's security code out of the picture, whatever its length", () => {
    for (const code of ["737", "7373", ""]) expect(screenshotValue("security_code", code)).toBeNull();
  });
  it("shows a card, account or SSN number by its last four only", () => {
    expect(screenshotValue("card_number", "4111 1111 1111 1111")).toBe(`${SCREENSHOT_MASK} 1111`);
    expect(screenshotValue("account_number", "000123456789")).toBe(`${SCREENSHOT_MASK} 6789`);
    expect(screenshotValue("routing_number", "111000025")).toBe(`${SCREENSHOT_MASK} 0025`);
    expect(screenshotValue("ssn", "123-45-6789")).toBe(`${SCREENSHOT_MASK} 6789`);
  });
  it("shows nothing of a short sensitive value (a one-time code, a short account number) nor of a sensitive text", () => {
    expect(screenshotValue("otp", "123456")).toBe(SCREENSHOT_MASK);
    expect(screenshotValue("code", "4821")).toBe(SCREENSHOT_MASK);
    expect(screenshotValue("account_number", "1234567")).toBe(SCREENSHOT_MASK);
    expect(screenshotValue("signature_name", "Ana Lopez")).toBe(SCREENSHOT_MASK);
    expect(screenshotValue("answer_12", "Yes")).toBe(SCREENSHOT_MASK);
  });
  it("draws the other fields as typed", () => {
    expect(screenshotValue("first_name_on_cc", "Ana")).toBe("Ana");
    expect(screenshotValue("expiration_month", "09")).toBe("09");
    expect(screenshotValue("card_number", "")).toBe("");
  });
});
