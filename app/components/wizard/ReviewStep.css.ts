import { style, globalStyle } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const layout = style({
  display: "grid",
  gap: vars.space.l,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 22rem), 1fr))",
  alignItems: "start",
});
export const tiles = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "grid",
  gap: vars.space.m,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 14rem), 1fr))",
});
export const tileTitle = style({ fontSize: vars.font.h3, margin: 0 });
export const summary = style({ position: "sticky", top: vars.space.m });
export const totals = style({ margin: 0 });
globalStyle(`${totals} > div`, {
  display: "flex",
  justifyContent: "space-between",
  alignItems: "baseline",
  gap: vars.space.s,
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
// an amount stays whole on its line, whatever the width (issue 26 #2); a long plan name wraps beside it
globalStyle(`${totals} dd`, { margin: 0, fontWeight: 700, whiteSpace: "nowrap", textAlign: "right" });
