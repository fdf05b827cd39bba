import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The progress bar: one segment per status, its width its share (the counts beside it say the same in text). */
export const bar = style({
  display: "flex",
  height: "1.25rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: "4px",
  overflow: "hidden",
  margin: `${vars.space.s} 0`,
});
const segment = { height: "100%", minWidth: 0 };
/** One class per status, by the status's name. */
export const segments = {
  enrolled: style({ ...segment, background: vars.color.success }),
  waived: style({ ...segment, background: "#505a5f" }),
  in_progress: style({ ...segment, background: "#1d70b8" }),
  not_started: style({ ...segment, background: "#f3f2f1" }),
};
/** The legend's swatch before each count. */
export const swatch = style({
  display: "inline-block",
  width: "0.9rem",
  height: "0.9rem",
  marginRight: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  verticalAlign: "middle",
});
export const legend = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.l}`,
});
export const plans = style({ margin: 0, paddingLeft: "1.1rem" });
