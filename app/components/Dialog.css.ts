import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/**
 * Without JavaScript the dialog is an open `<dialog>` in the page (opened at the top): the
 * backdrop covers the whole page, however long, and scrolls with it. Once the page's script runs,
 * the dialog is the platform's modal one (Dialog.tsx): it sits in the top layer, fixed to the
 * window (a tall dialog scrolls inside it), its ::backdrop shades the page, and the wrapper
 * (`live`) no longer draws anything.
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
export const live = style({ display: "contents" });
export const dialog = style({
  // the browser's own dialog styles, undone: in the page's flow
  position: "relative",
  inset: "auto",
  margin: 0,
  padding: 0,
  border: 0,
  height: "auto",
  maxHeight: "none",
  background: vars.color.background,
  color: vars.color.text,
  width: "100%",
  maxWidth: "34rem",
  borderRadius: vars.radius,
  borderTop: `6px solid ${vars.color.brand}`,
  boxShadow: "0 10px 30px rgba(0,0,0,0.3)",
  selectors: {
    "&:modal": {
      position: "fixed",
      inset: 0,
      margin: `${vars.space.xl} auto auto`,
      height: "fit-content",
      width: `calc(100% - 2 * ${vars.space.s})`,
      maxHeight: `calc(100% - 2 * ${vars.space.xl})`,
      overflowY: "auto",
    },
  },
});
globalStyle(`${dialog}::backdrop`, { background: "rgba(11, 12, 12, 0.6)" });
/** Without JavaScript a short message stays in the window, wherever the page is scrolled to. */
export const follow = style({});
globalStyle(`${backdrop}:not(${live}) ${follow}`, { position: "sticky", top: vars.space.xl });
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
