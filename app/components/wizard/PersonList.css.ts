/** The list of people entered on a step (beneficiaries, dependents): one bordered row each. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.s });

export const item = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  alignItems: "center",
  gap: vars.space.s,
  padding: vars.space.m,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
});

export const name = style({ margin: 0, fontWeight: 700 });
export const details = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.muted, fontSize: vars.font.small });
export const actions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.m });
