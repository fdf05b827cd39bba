import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const verified = style({ color: vars.color.success, fontWeight: 700, marginTop: `calc(-1 * ${vars.space.m})` });
export const flagged = style({
  borderLeft: `4px solid ${vars.color.brand}`,
  paddingLeft: vars.space.m,
  margin: `calc(-1 * ${vars.space.s}) 0 ${vars.space.l}`,
});
