import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** One agreement: its heading, its text, its box to tick. */
export const agreement = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.m,
  marginBottom: vars.space.l,
});
globalStyle(`${agreement} h2`, { fontSize: vars.font.h3, margin: `0 0 ${vars.space.s}` });
globalStyle(`${agreement} p`, { maxWidth: "65ch" });

export const fees = style({ borderCollapse: "collapse", marginTop: vars.space.s });
globalStyle(`${fees} th, ${fees} td`, {
  textAlign: "left",
  padding: `${vars.space.xs} ${vars.space.m} ${vars.space.xs} 0`,
  verticalAlign: "top",
});

/** The verification blocks and the signature: grouped, each under its legend. */
export const block = style({ marginBottom: vars.space.l });
globalStyle(`${block} > legend`, { fontSize: vars.font.h3, fontWeight: 700, marginBottom: vars.space.s });

/** The canvas keeps the exact size of its bitmap: the pad maps the pointer 1:1. */
export const canvas = style({
  display: "block",
  background: "#ffffff",
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  touchAction: "none",
  cursor: "crosshair",
  maxWidth: "none",
});

export const pad = style({ marginBottom: vars.space.m });
export const padButtons = style({ display: "flex", gap: vars.space.s, alignItems: "center", marginTop: vars.space.s, flexWrap: "wrap" });

/** The typed alternative: always there, with or without JavaScript. */
export const typed = style({
  borderLeft: `4px solid ${vars.color.brand}`,
  paddingLeft: vars.space.m,
  marginTop: vars.space.m,
});
globalStyle(`${typed} > h3`, { fontSize: vars.font.size, margin: `0 0 ${vars.space.s}` });
