/** Base styles: readable type, visible focus, forms and the shared building blocks. */
import { globalStyle } from "@vanilla-extract/css";
import { vars } from "./theme.css";
import { narrow } from "./media";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html", { WebkitTextSizeAdjust: "100%" });
globalStyle("body", {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.font.size,
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.background,
  minWidth: "320px",
  overflowWrap: "anywhere",
});
globalStyle("h1", { fontSize: vars.font.h1, lineHeight: 1.2, margin: `0 0 ${vars.space.m}` });
globalStyle("h2", { fontSize: vars.font.h2, lineHeight: 1.25, margin: `${vars.space.l} 0 ${vars.space.s}` });
globalStyle("h3", { fontSize: vars.font.h3, margin: `${vars.space.m} 0 ${vars.space.s}` });
globalStyle("a", { color: vars.color.link, textUnderlineOffset: "0.15em" });
globalStyle("a:hover", { textDecorationThickness: "2px" });
globalStyle("img", { maxWidth: "100%", height: "auto" });
globalStyle(":focus-visible", {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: 0,
  boxShadow: `0 0 0 6px ${vars.color.focusText}`,
});
globalStyle("a:focus-visible", {
  background: vars.color.focus,
  color: vars.color.focusText,
  boxShadow: `0 4px ${vars.color.focusText}`,
  outline: "none",
  textDecoration: "none",
});

globalStyle(".visually-hidden", {
  position: "absolute",
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
});
globalStyle(".skip-link", {
  position: "absolute",
  left: "-999px",
  top: 0,
  padding: vars.space.s,
  background: vars.color.focus,
  color: vars.color.focusText,
  zIndex: 100,
});
globalStyle(".skip-link:focus", { left: vars.space.s });

globalStyle(".container", { maxWidth: vars.maxWidth, margin: "0 auto", padding: `0 ${vars.space.m}` });
globalStyle("main", {
  display: "block",
  padding: `${vars.space.l} 0 ${vars.space.xl}`,
  "@media": { [narrow]: { paddingTop: vars.space.s } },
});

/* Buttons */
globalStyle(".button", {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.s,
  minHeight: "44px",
  padding: `${vars.space.s} ${vars.space.m}`,
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius,
  background: vars.color.brand,
  color: vars.color.onBrand,
  font: "inherit",
  fontWeight: 600,
  textDecoration: "none",
  cursor: "pointer",
});
globalStyle(".button:hover", { background: vars.color.brandDark, borderColor: vars.color.brandDark });
globalStyle(".button--secondary", { background: vars.color.background, color: vars.color.brand });
globalStyle(".button--secondary:hover", { background: vars.color.surface, color: vars.color.brandDark });
/* A disabled button looks disabled (issue 26 #14): grey, dashed, no hover; the hint beside it says why. */
globalStyle('.button:disabled, .button[aria-disabled="true"], .button:disabled:hover, .button[aria-disabled="true"]:hover', {
  background: vars.color.surface,
  borderColor: vars.color.border,
  borderStyle: "dashed",
  color: vars.color.muted,
  cursor: "not-allowed",
});
globalStyle(".button--warning", { background: vars.color.error, borderColor: vars.color.error });
globalStyle(".button--link", {
  background: "none",
  border: "none",
  color: vars.color.link,
  textDecoration: "underline",
  padding: 0,
  minHeight: "auto",
  fontWeight: 400,
});
globalStyle(".button-group", { display: "flex", flexWrap: "wrap", gap: vars.space.s, alignItems: "center", margin: `${vars.space.m} 0` });
globalStyle(".inline-form", { display: "inline" });

/* Forms (GOV.UK-style: label, hint, error, input) */
globalStyle(".field", { margin: `0 0 ${vars.space.l}` });
globalStyle(".field--error", { borderLeft: `4px solid ${vars.color.error}`, paddingLeft: vars.space.m });
globalStyle(".label", { display: "block", fontWeight: 600, marginBottom: vars.space.xs });
globalStyle(".hint", { display: "block", color: vars.color.muted, marginBottom: vars.space.xs, fontSize: vars.font.small });
globalStyle(".error-message:empty", { margin: 0 });
globalStyle(".error-message", { display: "block", color: vars.color.error, fontWeight: 600, marginBottom: vars.space.xs });
globalStyle(".input, .select, .textarea", {
  display: "block",
  width: "100%",
  maxWidth: "32rem",
  minHeight: "44px",
  padding: vars.space.s,
  border: `2px solid ${vars.color.border}`,
  borderRadius: 0,
  font: "inherit",
  color: vars.color.text,
  background: vars.color.background,
});
globalStyle(".input--short", { maxWidth: "10rem" });
globalStyle(".input--error", { borderColor: vars.color.error });
globalStyle("fieldset", { border: 0, margin: 0, padding: 0, minWidth: 0 });
globalStyle("legend", { fontWeight: 600, marginBottom: vars.space.s, padding: 0 });
globalStyle(".choices", { display: "flex", flexWrap: "wrap", gap: `${vars.space.s} ${vars.space.l}` });
globalStyle(".choice", { display: "flex", alignItems: "center", gap: vars.space.s, minHeight: "44px" });
globalStyle(".choice input", { width: "1.5rem", height: "1.5rem", margin: 0, accentColor: vars.color.brand });

/* Error summary */
globalStyle(".error-summary", {
  border: `4px solid ${vars.color.error}`,
  padding: vars.space.m,
  margin: `0 0 ${vars.space.l}`,
});
globalStyle(".error-summary h2", { marginTop: 0 });
globalStyle(".error-summary a", { color: vars.color.error, fontWeight: 600 });

/* Notices */
globalStyle(".notice", {
  padding: vars.space.m,
  borderLeft: `6px solid ${vars.color.brand}`,
  background: vars.color.surface,
  margin: `0 0 ${vars.space.l}`,
});
globalStyle(".notice--success", { borderLeftColor: vars.color.success });
globalStyle(".notice--error", { borderLeftColor: vars.color.error });
globalStyle(".notice--warning", { borderLeftColor: "#8a5a00" });
globalStyle(".notice > :first-child", { marginTop: 0 });
globalStyle(".notice > :last-child", { marginBottom: 0 });

/* Tables: scroll within at 320px */
// position: the region contains its positioned descendants (visually hidden text in a cell), which
// would otherwise escape its scrolling and widen the whole page on a narrow screen
globalStyle(".table-wrap", { overflowX: "auto", position: "relative", margin: `0 0 ${vars.space.l}` });
globalStyle("table", { borderCollapse: "collapse", width: "100%" });
globalStyle("th, td", { textAlign: "left", padding: vars.space.s, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: "top" });

globalStyle(".breadcrumb ol", {
  listStyle: "none",
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  padding: 0,
  margin: `0 0 ${vars.space.m}`,
});
globalStyle(".breadcrumb li + li::before", { content: '"›"', margin: `0 ${vars.space.xs}`, color: vars.color.muted });
// a phone: the first and the last two crumbs (home, the page above, this page), on one line (issue 26 #1)
globalStyle(".breadcrumb li:not(:first-child):nth-last-child(n + 3)", { "@media": { [narrow]: { display: "none" } } });

globalStyle(".muted", { color: vars.color.muted });
globalStyle(".text-error", { color: vars.color.error });
globalStyle(".text-success", { color: vars.color.success });
globalStyle(".stack > * + *", { marginTop: vars.space.m });
globalStyle(".grid", {
  display: "grid",
  gap: vars.space.m,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 16rem), 1fr))",
  listStyle: "none",
  padding: 0,
  margin: 0,
});
globalStyle(".card", {
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  padding: vars.space.m,
  background: vars.color.background,
});
globalStyle(".outbox-text", { whiteSpace: "pre-wrap", background: vars.color.surface, padding: vars.space.m, overflowX: "auto" });
globalStyle(".filter-bar", { display: "flex", flexWrap: "wrap", gap: `${vars.space.xs} ${vars.space.l}`, margin: 0 });
globalStyle(".filter-bar dt", { fontSize: vars.font.small, color: vars.color.muted });
globalStyle(".filter-bar dd", { margin: 0, fontWeight: 700 });

// The operators' console (issue 27): its menu wraps, and the trail's long values break anywhere at 320 px.
globalStyle(".admin-menu", { display: "flex", flexWrap: "wrap", gap: vars.space.m, listStyle: "none", padding: 0 });
globalStyle(".admin-trail", { listStyle: "none", padding: 0, overflowWrap: "anywhere" });
globalStyle(".admin-trail dt", { fontWeight: 700 });
globalStyle(".admin-trail dd", { marginLeft: 0 });
