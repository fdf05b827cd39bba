import { style, globalStyle } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const layout = style({
  display: "grid",
  gap: vars.space.l,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 22rem), 1fr))",
  alignItems: "start",
});
export const card = style({ display: "grid", gap: vars.space.s });
export const cardHeader = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: `${vars.space.xs} ${vars.space.m}`,
  borderBottom: `1px solid ${vars.color.border}`,
  paddingBottom: vars.space.xs,
});
globalStyle(`${cardHeader} > p`, { margin: 0 });
export const cardChange = style({ marginLeft: "auto" });
export const tileTitle = style({ fontSize: vars.font.h3, margin: 0 });
export const groupTitle = style({ fontSize: vars.font.size, margin: 0 });
/** GOV.UK summary list: key, value and action in a row; stacked on a narrow screen. */
export const summaryList = style({
  margin: 0,
});
export const summaryRow = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr) auto",
  gap: `0 ${vars.space.s}`,
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": { "screen and (max-width: 40em)": { gridTemplateColumns: "minmax(0, 1fr) auto" } },
});
export const summaryKey = style({
  fontWeight: 700,
  overflowWrap: "break-word",
  "@media": { "screen and (max-width: 40em)": { gridColumn: "1 / -1" } },
});
export const summaryValue = style({ margin: 0, whiteSpace: "pre-line", overflowWrap: "break-word" });
export const summaryActions = style({ margin: 0, textAlign: "right" });
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
