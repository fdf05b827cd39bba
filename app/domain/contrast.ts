/**
 * Colour contrast (WCAG 2.2, 1.4.3 and 1.4.11): the relative luminance of an sRGB colour and the
 * contrast ratio of two colours. A brand colour is drawn as a button's and the header's
 * background under white text (the theme's --on-brand) and as link-like text on the white page,
 * so an operator's colour must reach 4.5:1 against both (AA for normal text).
 */

const HEX = /^#([0-9a-fA-F]{6})$/;

/** Whether the value is a #rrggbb colour. */
export function isHexColor(value: string): boolean {
  return HEX.test(value);
}

function channel(c: number) {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance (0 black … 1 white) of a #rrggbb colour. */
export function luminance(hex: string): number {
  const m = HEX.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(m[1], 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The contrast ratio of two colours, 1 … 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** AA for normal text. */
export const AA_TEXT = 4.5;

/** The theme's colours a brand colour is drawn with (app/styles/theme.css.ts: on-brand and background). */
export const BRAND_COUNTERPARTS = ["#ffffff"] as const;

/**
 * Whether a brand colour reads at AA with the theme's colours it meets; the lowest ratio is
 * returned so the message can say how far off it is (rounded down to two decimals, never up).
 */
export function brandContrast(color: string, against: readonly string[] = BRAND_COUNTERPARTS) {
  const ratio = Math.min(...against.map((c) => contrastRatio(color, c)));
  return { ok: ratio >= AA_TEXT, ratio: Math.floor(ratio * 100) / 100 };
}
