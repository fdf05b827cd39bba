/**
 * One code-entry form (issue 25): /verify, /admin/code, /admin/account's confirmation and an
 * invitation's code all render CodeForm — the label, hint, CSRF token, intent, a numeric
 * one-time-code field and the button, with the server's error and summary as before.
 */
import { describe, expect, it } from "vitest";
import { useTranslation } from "~/i18n-react";
import * as clientForms from "~/forms/client";
import { CodeForm } from "~/components/form/CodeForm";
import { StoreForm } from "~/components/form/StoreForm";
import { TextField } from "~/components/form/Fields";
import { renderComponent } from "../support/render-component";

/** The form as each page wrote it before CodeForm (label, hint and button keys, intent, what the page added). */
function Before({
  id,
  intent,
  label,
  hint,
  submit,
  children,
}: Record<"id" | "intent" | "label" | "hint" | "submit", string> & { children?: JSX.Element }) {
  const { t } = useTranslation();
  return (
    <StoreForm id={id} labels={{ code: t(label) }} validator={clientForms.signInCodeValidator}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <TextField
        name="code"
        label={t(label)}
        hint={t(hint)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        spellCheck={false}
        short
      />
      <button className="button" type="submit">
        {t(submit)}
      </button>
    </StoreForm>
  );
}

const wrong = (formId: string) => ({
  status: 422,
  body: { fieldErrors: { code: "validation.otpWrong" }, formId, repopulateFields: { code: "" } },
});

describe("CodeForm", () => {
  const pages = [
    {
      page: "/verify",
      before: (
        <Before id="sign-in-code" intent="verify" label="verify.codeLabel" hint="verify.codeHint" submit="verify.verify">
          <input type="hidden" name="as" value="rep" />
        </Before>
      ),
      after: (
        <CodeForm id="sign-in-code" intent="verify">
          <input type="hidden" name="as" value="rep" />
        </CodeForm>
      ),
    },
    {
      page: "/admin/code",
      before: <Before id="operator-code" intent="verify" label="verify.codeLabel" hint="verify.codeHint" submit="verify.verify" />,
      after: <CodeForm id="operator-code" intent="verify" />,
    },
    {
      page: "/admin/account",
      before: (
        <Before
          id="operator-confirm"
          intent="confirm-code"
          label="verify.codeLabel"
          hint="verify.codeHint"
          submit="admin.account.confirm"
        />
      ),
      after: <CodeForm id="operator-confirm" intent="confirm-code" submitKey="admin.account.confirm" />,
    },
    {
      page: "/invitation/:token",
      before: (
        <Before
          id="invitation-code"
          intent="verify-code"
          label="invitation.code.label"
          hint="invitation.code.hint"
          submit="invitation.code.verify"
        >
          <input type="hidden" name="replace" value="yes" />
        </Before>
      ),
      after: (
        <CodeForm
          id="invitation-code"
          intent="verify-code"
          labelKey="invitation.code.label"
          hintKey="invitation.code.hint"
          submitKey="invitation.code.verify"
        >
          <input type="hidden" name="replace" value="yes" />
        </CodeForm>
      ),
    },
  ];

  for (const { page, before, after } of pages) {
    it(`renders ${page}'s form as the page did, blank and with a wrong code`, async () => {
      const id = (after.props as { id: string }).id;
      expect(await renderComponent(after)).toBe(await renderComponent(before));
      expect(await renderComponent(after, { answer: wrong(id) })).toBe(await renderComponent(before, { answer: wrong(id) }));
    });
  }

  it("has the CSRF token, the intent, a labelled numeric one-time-code field with its hint, and the button", async () => {
    const html = await renderComponent(<CodeForm id="operator-code" intent="verify" />);
    expect(html).toContain('<input type="hidden" name="csrf" value="tok"/>');
    expect(html).toContain('<input type="hidden" name="intent" value="verify"/>');
    expect(html).toContain('<label class="label" for="operator-code-code">Sign-in code</label>');
    const input = /<input[^>]*id="operator-code-code"[^>]*>/.exec(html)?.[0] ?? "";
    for (const attr of [
      'name="code"',
      'type="text"',
      'inputMode="numeric"',
      'autoComplete="one-time-code"',
      'maxLength="7"',
      'spellcheck="false"',
      'aria-describedby="operator-code-code-hint"',
    ]) {
      expect(input).toContain(attr);
    }
    expect(html).toMatch(/<button class="button" type="submit">Sign in<\/button>/);
  });

  it("shows the server's message under the field and in the summary, named by the label", async () => {
    const html = await renderComponent(<CodeForm id="operator-code" intent="verify" />, { answer: wrong("operator-code") });
    expect(html).toContain('<a href="#operator-code-code">Sign-in code: ');
    expect(html).toContain('id="operator-code-code-error"');
  });
});
