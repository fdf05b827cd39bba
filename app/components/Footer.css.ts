import { style, globalStyle } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const footer = style({
  background: vars.color.surface,
  borderTop: `4px solid ${vars.color.brand}`,
  padding: `${vars.space.l} 0`,
  marginTop: vars.space.xl,
  fontSize: vars.font.small,
});
export const notice = style({
  margin: `0 0 ${vars.space.m}`,
  padding: vars.space.s,
  borderLeft: `4px solid ${vars.color.brand}`,
  background: vars.color.background,
});
export const columns = style({
  display: "grid",
  gap: vars.space.l,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 14rem), 1fr))",
});
export const heading = style({ fontSize: "1.05rem", margin: `0 0 ${vars.space.s}` });
export const list = style({ listStyle: "none", padding: 0, margin: 0 });
globalStyle(`${list} li`, { margin: `${vars.space.xs} 0` });
export const contact = style({ margin: 0 });
export const legal = style({ marginTop: vars.space.l, color: vars.color.muted });
