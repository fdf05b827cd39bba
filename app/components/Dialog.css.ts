import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/**
 * Without JavaScript the dialog is a page of its own (opened at the top): the backdrop covers
 * the whole page, however long, and scrolls with it. Once the page's script runs, `live`
 * fixes it to the window instead (a dialog opened further down the page appears where the
 * reader is, and a tall dialog scrolls inside it).
 */
export const backdrop = style({
  position: "absolute",
  inset: 0,
  minHeight: "100vh",
  zIndex: 50,
  background: "rgba(11, 12, 12, 0.6)",
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "center",
  padding: `${vars.space.xl} ${vars.space.s}`,
});
globalStyle(`body:has(${backdrop})`, { position: "relative" });
export const live = style({ position: "fixed", minHeight: 0, overflowY: "auto" });
export const dialog = style({
  background: vars.color.background,
  color: vars.color.text,
  width: "100%",
  maxWidth: "34rem",
  borderRadius: vars.radius,
  borderTop: `6px solid ${vars.color.brand}`,
  boxShadow: "0 10px 30px rgba(0,0,0,0.3)",
});
export const wide = style({ maxWidth: "52rem" });
export const header = style({
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "space-between",
  gap: vars.space.m,
  padding: `${vars.space.m} ${vars.space.m} 0`,
});
export const title = style({ margin: 0, fontSize: vars.font.h2 });
export const close = style({
  fontSize: "1.75rem",
  lineHeight: 1,
  textDecoration: "none",
  color: vars.color.text,
  minWidth: "44px",
  minHeight: "44px",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
});
export const body = style({ padding: vars.space.m });
