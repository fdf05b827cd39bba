import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { narrow, wide } from "~/styles/media";

export const wideOnly = style({ "@media": { [narrow]: { display: "none" } } });
export const steps = style({});
export const summary = style({
  display: "list-item",
  minHeight: "44px",
  paddingTop: vars.space.s,
  cursor: "pointer",
  "@media": { [wide]: { display: "none" } },
});
globalStyle(`${steps}::details-content`, { "@media": { [wide]: { contentVisibility: "visible" } } });

export const bar = style({
  listStyle: "none",
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  padding: 0,
  margin: 0,
  counterReset: "step",
});
export const item = style({
  flex: "1 1 8rem",
  padding: `${vars.space.xs} ${vars.space.s}`,
  borderBottom: `4px solid ${vars.color.border}`,
  fontSize: vars.font.small,
  color: vars.color.muted,
});
export const done = style({ borderBottomColor: vars.color.success, color: vars.color.text });
export const current = style({ borderBottomColor: vars.color.brand, color: vars.color.text, fontWeight: 700 });
