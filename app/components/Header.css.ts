import { style, globalStyle } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { narrow, wide } from "~/styles/media";

export const header = style({ borderBottom: `4px solid ${vars.color.brand}` });
export const contactBar = style({ background: vars.color.brandDark, color: vars.color.onBrand, fontSize: vars.font.small });
export const contactInner = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  alignItems: "center",
  gap: vars.space.s,
  padding: `${vars.space.xs} ${vars.space.m}`,
  // a phone: the language button beside the contact line, which wraps on its own (issue 26 #1)
  "@media": { [narrow]: { flexWrap: "nowrap" } },
});
export const contactText = style({ margin: 0 });
globalStyle(`${contactBar} a`, { color: vars.color.onBrand });
globalStyle(`${contactBar} a:focus-visible`, { color: vars.color.focusText });
export const tools = style({ display: "flex", gap: vars.space.m, alignItems: "center", flexWrap: "wrap" });
export const languageButton = style({
  background: "transparent",
  color: vars.color.onBrand,
  border: `1px solid ${vars.color.onBrand}`,
  borderRadius: vars.radius,
  padding: `2px ${vars.space.s}`,
  minHeight: "32px",
  minWidth: "44px",
  font: "inherit",
  cursor: "pointer",
});
export const switcher = style({ position: "relative" });
globalStyle(`${switcher} summary`, { cursor: "pointer", minHeight: "32px", display: "flex", alignItems: "center" });
globalStyle(`${switcher} ul`, {
  position: "absolute",
  right: 0,
  zIndex: 20,
  listStyle: "none",
  margin: 0,
  padding: vars.space.s,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  minWidth: "14rem",
});
globalStyle(`${switcher} ul a`, { color: vars.color.link, display: "block", padding: vars.space.xs });
export const brandRow = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.m,
  padding: `${vars.space.m} ${vars.space.m}`,
  // a phone: logo and cart on one row, the age line under them (issue 26 #1)
  "@media": { [narrow]: { gap: `0 ${vars.space.s}`, padding: `${vars.space.xs} ${vars.space.m}` } },
});
export const logo = style({
  display: "inline-flex",
  alignItems: "center",
  fontWeight: 700,
  fontSize: "1.35rem",
  color: vars.color.brand,
  textDecoration: "none",
});
globalStyle(`${logo} img`, { "@media": { [narrow]: { width: "96px" } } });
export const tagline = style({
  margin: 0,
  color: vars.color.muted,
  flex: "1 1 12rem",
  fontSize: vars.font.small,
  "@media": { [narrow]: { order: 3, flexBasis: "100%" } },
});
export const taglineText = style({ margin: 0 });
/** On a phone: under the age line, in the small type, on one line. */
export const recommended = style({ "@media": { [narrow]: { order: 4 } } });
globalStyle(`${recommended}.button`, { "@media": { [narrow]: { fontSize: vars.font.small, padding: `0 ${vars.space.s}` } } });
export const cart = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "44px",
  fontWeight: 600,
  color: vars.color.brand,
});
export const nav = style({ background: vars.color.surface });
/** The category menu: folded behind its summary on a phone, in full (no summary) from the breakpoint up. */
export const menu = style({});
export const menuToggle = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.s,
  minHeight: "44px",
  fontWeight: 600,
  cursor: "pointer",
  "@media": { [wide]: { display: "none" } },
});
// the summary's marker (its display is flex, so the browser's triangle is gone); no text for screen readers
globalStyle(`${menuToggle}::before`, { content: '"▸" / ""' });
globalStyle(`${menu}[open] > ${menuToggle}::before`, { content: '"▾" / ""' });
globalStyle(`${menu}::details-content`, { "@media": { [wide]: { contentVisibility: "visible" } } });
export const navList = style({
  listStyle: "none",
  display: "flex",
  flexWrap: "wrap",
  gap: `0 ${vars.space.m}`,
  margin: 0,
  padding: `${vars.space.xs} 0`,
});
export const navLink = style({
  display: "inline-block",
  padding: `${vars.space.s} 0`,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover, &.active": { textDecoration: "underline" } },
});
