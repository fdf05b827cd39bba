/**
 * Design tokens as CSS variables. Brand colours are overridden per rep, group or site by a
 * small nonce'd <style> the root writes from the database (see root.tsx `brandCss`).
 */
import { createGlobalThemeContract, createGlobalTheme } from "@vanilla-extract/css";

export const vars = createGlobalThemeContract({
  color: {
    brand: "brand",
    brandDark: "brand-dark",
    onBrand: "on-brand",
    text: "text",
    muted: "muted",
    border: "border",
    surface: "surface",
    background: "background",
    error: "error",
    success: "success",
    focus: "focus",
    focusText: "focus-text",
    link: "link",
  },
  space: { xs: "space-xs", s: "space-s", m: "space-m", l: "space-l", xl: "space-xl" },
  font: { body: "font-body", size: "font-size", small: "font-small", h1: "font-h1", h2: "font-h2", h3: "font-h3" },
  radius: "radius",
  maxWidth: "max-width",
});

createGlobalTheme(":root", vars, {
  color: {
    brand: "#1d4e89",
    brandDark: "#143659",
    onBrand: "#ffffff",
    text: "#1b1b1b",
    muted: "#4b5257",
    border: "#6f777b",
    surface: "#f3f2f1",
    background: "#ffffff",
    error: "#b3261e",
    success: "#00703c",
    focus: "#ffdd00",
    focusText: "#0b0c0c",
    link: "#1a5fa8",
  },
  space: { xs: "0.25rem", s: "0.5rem", m: "1rem", l: "1.5rem", xl: "2.5rem" },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    size: "1.0625rem",
    small: "0.9375rem",
    h1: "clamp(1.6rem, 1.2rem + 2vw, 2.25rem)",
    h2: "clamp(1.3rem, 1.1rem + 1vw, 1.6rem)",
    h3: "1.2rem",
  },
  radius: "6px",
  maxWidth: "72rem",
});
