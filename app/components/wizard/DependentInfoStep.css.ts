import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const relationship = style({
  display: "inline-block",
  marginRight: vars.space.s,
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  fontSize: vars.font.small,
  fontWeight: 400,
});

export const spouseQuestion = style({
  padding: vars.space.m,
  borderLeft: `6px solid ${vars.color.border}`,
  background: vars.color.surface,
});

/** A read-only value (the relationship): shown, set by the server. */
export const readOnlyValue = style({ margin: 0, fontWeight: 700 });

/**
 * The legal-disability Yes/No with its condition: the condition follows the answer. Where
 * :has() is supported it hides while No is chosen; elsewhere (and without CSS) it stays visible.
 */
export const question = style({});
export const questionDetail = style({});
globalStyle(`${question}:has(input[type="radio"][value="0"]:checked) ${questionDetail}`, { display: "none" });

export const heading = style({ margin: 0, fontSize: vars.font.h3, fontWeight: 700 });
