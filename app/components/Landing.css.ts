import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const landing = style({ display: "grid", gap: vars.space.l });
export const bannerImage = style({ display: "block", width: "100%", height: "auto", borderRadius: vars.radius });
export const welcome = style({ padding: vars.space.l, background: vars.color.surface, borderLeft: `6px solid ${vars.color.brand}` });
export const tagline = style({ fontSize: "1.2rem", color: vars.color.muted, marginTop: 0 });
export const about = style({ border: `1px solid ${vars.color.border}`, padding: vars.space.m, borderRadius: vars.radius });
