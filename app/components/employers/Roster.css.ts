import { style, globalStyle } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** One card per employee: readable at 320 px without sideways scrolling. */
export const list = style({ listStyle: "none", padding: 0, margin: `0 0 ${vars.space.l}`, display: "grid", gap: vars.space.m });
export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(7rem, max-content) 1fr",
  gap: `${vars.space.xs} ${vars.space.m}`,
  margin: 0,
});
globalStyle(`${facts} dt`, { fontWeight: 600 });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: "anywhere" });
export const filters = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.s,
  padding: 0,
  margin: `0 0 ${vars.space.m}`,
  listStyle: "none",
});
export const problems = style({ margin: 0, paddingLeft: "1.2rem" });
