import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The numbered questions; each answer's details follow it, indented by a rule. */
export const questions = style({ listStyle: "decimal", margin: 0, paddingLeft: vars.space.l });
globalStyle(`${questions} > li`, { paddingLeft: vars.space.xs, marginBottom: vars.space.l });
globalStyle(`${questions} > li::marker`, { fontWeight: 600 });

export const details = style({
  borderLeft: `4px solid ${vars.color.border}`,
  paddingLeft: vars.space.m,
  margin: `calc(-1 * ${vars.space.s}) 0 ${vars.space.l}`,
});
// The attribute must win over any display rule of the fieldset.
globalStyle(`${details}[hidden]`, { display: "none" });

/** Dates and the two Yes/No selects side by side where there is room. */
export const row = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(13rem, 1fr))",
  gap: `0 ${vars.space.l}`,
});

export const medication = style({ marginBottom: vars.space.m });
globalStyle(`${medication} > legend`, { fontWeight: 600 });
