import { style, globalStyle } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const layout = style({
  display: "grid",
  gap: vars.space.l,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 20rem), 1fr))",
  alignItems: "start",
});
export const summary = style({ position: "sticky", top: vars.space.m });
export const totals = style({ margin: `0 0 ${vars.space.m}` });
globalStyle(`${totals} > div`, {
  display: "flex",
  justifyContent: "space-between",
  alignItems: "baseline",
  gap: vars.space.s,
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
// amounts stay whole on their line at 320 px (issue 26 #2)
globalStyle(`${totals} dd`, { margin: 0, fontWeight: 700, whiteSpace: "nowrap", textAlign: "right" });
/** The cart's table: a word breaks only when it cannot fit (not "Mo/nthl/y"), an amount never. */
export const table = style({});
globalStyle(`${table} th, ${table} td`, { overflowWrap: "break-word" });
export const amount = style({ whiteSpace: "nowrap" });
export const remove = style({ color: vars.color.error, whiteSpace: "nowrap" });
export const preview = style({ maxHeight: "500px", overflowY: "auto", border: `1px solid ${vars.color.border}`, marginTop: vars.space.m });
