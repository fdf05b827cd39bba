/**
 * Each label is written once per form (issue 25): StoreForm's `labels` name the fields in the
 * error summary and are the fields' own labels. A field shows its form's entry for its name, a
 * `label` prop only where the text differs on purpose, and a field with neither throws (an
 * unlabelled control never reaches a page). The HTML is the one the fields gave when each
 * repeated its label, errors and summary included.
 */
import { describe, expect, it } from "vitest";
import { renderComponent } from "../support/render-component";
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { StoreForm } from "~/components/form/StoreForm";
import { ValidatedForm } from "~/components/form/validated";
import { CheckboxField, RadioGroup, SelectField, TextAreaField, TextField, FileField } from "~/components/form/Fields";

const validator = withZod(z.object({ email: z.string().min(1, "validation.required") }));
const labels = {
  email: "E-mail address",
  colour: "Colour",
  size: "Size",
  agree: "I agree",
  notes: "Notes",
  photo: "Photo",
};
const options = [
  { value: "r", label: "Red" },
  { value: "g", label: "Green" },
];

/** The server's answer to a post without JavaScript: errors for the form, as validationError sends them. */
const refused = {
  fieldErrors: { notes: "validation.required", email: "validation.required", colour: "validation.required", agree: "validation.required" },
  formId: "f",
  repopulateFields: {},
};

const render = (page: JSX.Element, opts: { posted?: boolean } = {}) =>
  renderComponent(page, opts.posted ? { answer: { status: 422, body: refused } } : {});

/** The same form twice: each field with its label repeated (as before issue 25), and with none (from `labels`). */
function form(repeat: boolean) {
  const l = (name: keyof typeof labels) => (repeat ? { label: labels[name] } : {});
  return (
    <StoreForm id="f" labels={labels} validator={validator}>
      <TextField name="email" type="email" hint="We write to it" {...l("email")} />
      <RadioGroup name="colour" options={options} {...l("colour")} />
      <SelectField name="size" options={options} placeholder="Select" {...l("size")} />
      <CheckboxField name="agree" {...l("agree")} />
      <TextAreaField name="notes" {...l("notes")} />
      <FileField name="photo" accept="image/png" {...l("photo")} />
    </StoreForm>
  );
}

describe("field labels, written once per form", () => {
  it("gives every kind of field its form's label: the same HTML as a label repeated on each field", async () => {
    const once = await render(form(false));
    expect(once).toBe(await render(form(true)));
    expect(once).toContain('<label class="label" for="f-email">E-mail address</label>');
    expect(once).toContain("<legend>Colour</legend>");
    expect(once).toContain('<label class="label" for="f-size">Size</label>');
    expect(once).toMatch(/<label class="choice" for="f-agree"><input[^>]*>I agree<\/label>/);
    expect(once).toContain('<label class="label" for="f-notes">Notes</label>');
    expect(once).toContain('<label class="label" for="f-photo">Photo</label>');
  });

  it("keeps the error summary and the fields' errors as they were, in the labels' order", async () => {
    const once = await render(form(false), { posted: true });
    expect(once).toBe(await render(form(true), { posted: true }));
    const summary = /<div class="error-summary"[\s\S]*?<\/div>/.exec(once)?.[0] ?? "";
    const items = [...summary.matchAll(/<a href="#([^"]+)">([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(items).toEqual([
      ["f-email", "E-mail address: Field is required"],
      ["f-colour", "Colour: Field is required"],
      ["f-agree", "I agree: Field is required"],
      ["f-notes", "Notes: Field is required"],
    ]);
    expect(once).toContain('id="f-email-error"');
  });

  it("shows a field's own label where it differs on purpose from the summary's", async () => {
    const html = await render(
      <StoreForm id="f" labels={labels} validator={validator}>
        <TextField name="email" label="Your e-mail" />
      </StoreForm>,
    );
    expect(html).toContain('<label class="label" for="f-email">Your e-mail</label>');
    expect(html).not.toContain("E-mail address");
  });

  it("refuses a field whose name has no label in its form and no label of its own", async () => {
    await expect(
      render(
        <StoreForm id="f" labels={labels} validator={validator}>
          <TextField name="e_mail" />
        </StoreForm>,
      ),
    ).rejects.toThrow('The field "e_mail" has no label');
  });

  it("refuses a field in a form without StoreForm's labels and with no label of its own", async () => {
    await expect(
      render(
        <ValidatedForm id="g" method="post" validator={validator as never}>
          <CheckboxField name="agree" />
        </ValidatedForm>,
      ),
    ).rejects.toThrow('The field "agree" has no label');
  });
});
