import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** One payment method's block (bank or card). */
export const method = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  padding: vars.space.m,
  margin: `0 0 ${vars.space.l}`,
  minWidth: 0,
});

export const methodLegend = style({ fontWeight: 700, fontSize: vars.font.h3, padding: `0 ${vars.space.s}` });

/** The new-bank or new-card fields: greyed while a saved method is chosen. */
export const newDetails = style({
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
  selectors: { "&:disabled": { opacity: 0.55 } },
});

export const saved = style({
  background: vars.color.surface,
  borderRadius: vars.radius,
  padding: vars.space.m,
  margin: `0 0 ${vars.space.l}`,
  border: 0,
  minWidth: 0,
});

export const masked = style({ fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", letterSpacing: "0.05em" });

export const expired = style({ color: vars.color.error, fontWeight: 700 });

export const expiry = style({ display: "flex", gap: vars.space.m, flexWrap: "wrap" });

export const eftText = style({
  fontSize: vars.font.small,
  color: vars.color.muted,
  borderLeft: `4px solid ${vars.color.border}`,
  paddingLeft: vars.space.m,
});

export const descriptor = style({ fontSize: vars.font.small });

export const descriptorValue = style({ fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", fontWeight: 700 });
