import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The jump links at the top of a list of several categories (issue 26 #3): a few lines, each link a finger's size. */
export const jumpLinks = style({
  listStyle: "none",
  display: "flex",
  flexWrap: "wrap",
  gap: `0 ${vars.space.m}`,
  margin: 0,
  padding: 0,
  fontSize: vars.font.small,
});
export const jumpLink = style({ display: "inline-flex", alignItems: "center", minHeight: "44px" });
export const backToJump = style({ fontSize: vars.font.small, margin: `${vars.space.s} 0 0` });
