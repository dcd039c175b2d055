/** Spec rule: 3 or 6 hex digits are a colour; anything else names a theme colour variable. */
export function isHexColor(value: string): boolean {
  return /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim());
}

/** Resolves a settings colour to CSS: hex values get their '#', names map through the palette. */
export function resolveColor(value: string | undefined, palette: Record<string, string>, fallback: string): string {
  if (!value) return fallback;
  const trimmed = value.trim();
  if (isHexColor(trimmed)) return trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
  return palette[trimmed] ?? fallback;
}

/** The six hex digits of a #rgb or #rrggbb colour. */
const sixDigits = (hex: string) => {
  const digits = hex.trim().replace('#', '');
  return digits.length === 3 ? digits.split('').map((d) => d + d).join('') : digits;
};

/** WCAG relative luminance of a #rgb or #rrggbb colour (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const value = sixDigits(hex);
  const channel = (i: number) => {
    const c = parseInt(value.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** Black or white text, whichever reads better on a colour (the larger WCAG contrast ratio). */
export function textColorOn(hex: string): '#000000' | '#ffffff' {
  if (!isHexColor(hex)) return '#ffffff';
  const l = relativeLuminance(hex);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for body text. */
export const READABLE_CONTRAST = 4.5;

/**
 * A store-chosen colour as dark as it must be to read as text (or under white text) against `against`:
 * mixed toward black step by step until it reaches AA contrast. Already readable colours come back unchanged.
 */
export function readableShade(color: string, against = '#ffffff'): string {
  if (!isHexColor(color)) return color;
  const full = sixDigits(color);
  const rgb = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  for (let keep = 1; keep > 0; keep -= 0.05) {
    const shade = `#${rgb.map((c) => Math.round(c * keep).toString(16).padStart(2, '0')).join('')}`;
    if (contrastRatio(shade, against) >= READABLE_CONTRAST) return shade;
  }
  return '#000000';
}
