import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const total = style({ fontWeight: 700, padding: `${vars.space.s} ${vars.space.m}`, borderLeft: "6px solid", margin: `${vars.space.m} 0` });
export const totalOk = style([total, { color: vars.color.success, borderLeftColor: vars.color.success }]);
export const totalError = style([total, { color: vars.color.error, borderLeftColor: vars.color.error }]);

export const percentage = style({ fontVariantNumeric: "tabular-nums" });
