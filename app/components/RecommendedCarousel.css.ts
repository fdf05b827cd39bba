import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const track = style({
  listStyle: "none",
  margin: 0,
  padding: `0 0 ${vars.space.s}`,
  display: "grid",
  gridAutoFlow: "column",
  gridAutoColumns: "min(80%, 16rem)",
  gap: vars.space.m,
  overflowX: "auto",
  scrollSnapType: "x mandatory",
});
export const item = style({ scrollSnapAlign: "start" });
