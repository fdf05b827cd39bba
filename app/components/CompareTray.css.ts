import { style, globalStyle } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const tray = style({
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius,
  padding: vars.space.m,
  background: vars.color.surface,
  "@media": { print: { display: "none" } },
});
export const title = style({ margin: 0, fontSize: vars.font.h3 });
export const form = style({ margin: 0 });
export const count = style({ margin: `${vars.space.s} 0` });
export const list = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.l}`,
});
export const item = style({ display: "flex", gap: vars.space.s, alignItems: "baseline" });
/** With JavaScript, a checkbox sends the form by itself: the Update button is not needed. */
export const update = style({});
globalStyle(`html.js ${update}`, { display: "none" });
export const toggle = style({ display: "flex", gap: vars.space.xs, alignItems: "center", "@media": { print: { display: "none" } } });
globalStyle(`${toggle} input`, { width: "1.25rem", height: "1.25rem", margin: 0 });
