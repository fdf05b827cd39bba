import type { TFunction } from "i18next";

/** Messages are built by `messageKey` (~/forms/common) and read back here. */

export function translateMessage(t: TFunction, message: string | undefined | null): string {
  if (!message) return "";
  const at = message.indexOf("::");
  if (at < 0) return t(message);
  let values: Record<string, unknown> = {};
  try {
    values = JSON.parse(message.slice(at + 2));
  } catch {
    /* keep no values */
  }
  return t(message.slice(0, at), values);
}

/** The id an input gets for its name in a form (error summary links point here). */
export function fieldId(formId: string, name: string) {
  return `${formId}-${name}`.replace(/[^A-Za-z0-9_-]/g, "-");
}
