import { style, globalStyle } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({});
/** The table scrolls inside its own labelled region at 320 px; the row headers stay in view. */
export const region = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  selectors: { "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" } },
});
export const table = style({ minWidth: "36rem", margin: 0 });
export const caption = style({ textAlign: "left", fontWeight: 700, padding: vars.space.s, captionSide: "top" });
export const corner = style({ background: vars.color.background });
export const planHead = style({ minWidth: "11rem", verticalAlign: "bottom", background: vars.color.surface });
export const rowHead = style({
  position: "sticky",
  left: 0,
  background: vars.color.background,
  minWidth: "9rem",
  maxWidth: "12rem",
  fontWeight: 700,
  "@media": { print: { position: "static" } },
});
export const remove = style({ display: "block", fontWeight: 400, fontSize: vars.font.small, marginTop: vars.space.xs });
export const list = style({ margin: 0, paddingLeft: "1.1rem", fontSize: vars.font.small, "@media": { print: { fontSize: "9pt" } } });
/** A row where the plans differ: shaded, and its header says so in words (not by colour alone). */
export const differs = style({});
globalStyle(`${differs} td, ${differs} th`, { background: "#fff8e1" });
export const tag = style({ display: "block", fontWeight: 400, fontSize: vars.font.small, color: "#6b4a00" });
export const legend = style({ fontSize: vars.font.small, margin: 0 });
export const noPrint = style({ "@media": { print: { display: "none" } } });

/* Print: the comparison alone, the whole table, black on white. */
globalStyle(`body:has(${page}) header, body:has(${page}) footer, body:has(${page}) .breadcrumb`, {
  "@media": { print: { display: "none" } },
});
globalStyle(`${region}`, { "@media": { print: { overflow: "visible", border: "none" } } });
globalStyle(`${table}`, { "@media": { print: { minWidth: 0, fontSize: "10pt" } } });
globalStyle(`${table} th, ${table} td`, { "@media": { print: { border: "1px solid #000", background: "#fff", color: "#000" } } });
globalStyle(`${page} a`, { "@media": { print: { color: "#000", textDecoration: "none" } } });
