import { style, globalStyle } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.s,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  padding: vars.space.m,
  background: vars.color.background,
  position: "relative",
});
/** the card's drawn-once part (plan-card-html.ts): its children lay out as the card's own */
export const body = style({ display: "contents" });
export const callout = style({
  alignSelf: "flex-start",
  margin: 0,
  padding: `2px ${vars.space.s}`,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontWeight: 700,
  fontSize: vars.font.small,
  borderRadius: vars.radius,
});
export const logo = style({ width: "180px", height: "auto" });
export const name = style({ margin: 0, fontSize: "1.15rem" });
export const short = style({ fontSize: vars.font.small });
globalStyle(`${short} ul`, { paddingLeft: "1.2rem", margin: `${vars.space.xs} 0` });
globalStyle(`${short} p`, { margin: `${vars.space.xs} 0` });
export const prices = style({ margin: 0, display: "grid", gap: "2px" });
/**
 * A tier row: the tier's name wraps between words if it must; its price never wraps (not
 * "$27.45/mont h", issue 26 #2) and ends at the card's right edge, so the rows line up.
 */
export const priceRow = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "baseline",
  gap: vars.space.s,
  borderBottom: `1px dotted ${vars.color.border}`,
});
globalStyle(`${priceRow} dt`, { overflowWrap: "break-word", minWidth: 0 });
globalStyle(`${priceRow} dd`, {
  margin: 0,
  fontWeight: 700,
  whiteSpace: "nowrap",
  textAlign: "right",
  flexShrink: 0,
  fontVariantNumeric: "tabular-nums",
});
export const actions = style({ marginTop: "auto", display: "flex", flexWrap: "wrap", gap: vars.space.s, alignItems: "center" });
export const inCart = style({ margin: 0, color: vars.color.success, fontWeight: 700 });
