/**
 * The one-time code form, the same wherever a code is typed: a rep's or group admin's sign-in
 * (/verify), an operator's sign-in (/admin/code) and confirmation (/admin/account), an
 * invitation's code (/invitation/:token). The 6 digits with the phone's one-time-code autofill
 * and a numeric keypad (7 characters: "123 456" is forgiven), checked by the same schema on the
 * client and the server (~/forms/verify `signInCodeSchema`), posted with the page's intent and
 * the CSRF token (StoreForm).
 */
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n-react";
import * as clientForms from "~/forms/client";
import { StoreForm } from "./StoreForm";
import { TextField } from "./Fields";

export function CodeForm({
  id,
  intent,
  labelKey = "verify.codeLabel",
  hintKey = "verify.codeHint",
  submitKey = "verify.verify",
  children,
}: {
  /** the form's id (its field is `${id}-code`) */
  id: string;
  /** the `intent` the page's action reads */
  intent: string;
  /** translation keys of the field's label (the error summary's too), its hint and the button */
  labelKey?: string;
  hintKey?: string;
  submitKey?: string;
  /** what the page adds before the field (its own hidden inputs, a notice) */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <StoreForm id={id} labels={{ code: t(labelKey) }} validator={clientForms.signInCodeValidator}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <TextField name="code" hint={t(hintKey)} inputMode="numeric" autoComplete="one-time-code" maxLength={7} spellCheck={false} short />
      <button className="button" type="submit">
        {t(submitKey)}
      </button>
    </StoreForm>
  );
}
