import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The holiday checkboxes: two columns where there is room, one on a narrow phone. */
export const holidays = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(14rem, 1fr))",
  gap: `0 ${vars.space.l}`,
});
globalStyle(`${holidays} > .field`, { marginBottom: vars.space.s });
