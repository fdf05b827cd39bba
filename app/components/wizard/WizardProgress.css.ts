import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const bar = style({
  listStyle: "none",
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  padding: 0,
  margin: 0,
  counterReset: "step",
});
export const item = style({
  flex: "1 1 8rem",
  padding: `${vars.space.xs} ${vars.space.s}`,
  borderBottom: `4px solid ${vars.color.border}`,
  fontSize: vars.font.small,
  color: vars.color.muted,
});
export const done = style({ borderBottomColor: vars.color.success, color: vars.color.text });
export const current = style({ borderBottomColor: vars.color.brand, color: vars.color.text, fontWeight: 700 });
