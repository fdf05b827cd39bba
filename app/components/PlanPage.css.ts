import { style, globalStyle } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const head = style({ display: "flex", flexWrap: "wrap", gap: vars.space.m, alignItems: "center" });
export const callout = style({
  display: "inline-block",
  margin: 0,
  padding: `2px ${vars.space.s}`,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontWeight: 700,
  borderRadius: vars.radius,
});
export const lead = style({ fontSize: "1.15rem", color: vars.color.muted, margin: 0 });
export const blueBar = style({ background: vars.color.brand, color: vars.color.onBrand, padding: vars.space.s, fontWeight: 600 });
export const price = style({ fontSize: "1.6rem", fontWeight: 700, margin: `${vars.space.s} 0` });
export const membership = style({ borderLeft: `6px solid ${vars.color.brand}` });
export const body = style({});
globalStyle(`${body} ul`, { paddingLeft: "1.25rem" });
export const details = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius, padding: vars.space.s });
globalStyle(`${details} summary`, { cursor: "pointer", fontWeight: 700, minHeight: "44px", display: "flex", alignItems: "center" });
