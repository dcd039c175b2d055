/**
 * Paint colour families (spec 1 §9): each code maps to one fixed swatch colour, used for the family chips
 * on /colors and as the family's fallback when a colour has no swatch of its own.
 */
export const PAINT_FAMILIES = [
  { code: 'YEL', name: 'Yellow', hex: '#F2C94C' },
  { code: 'ORA', name: 'Orange', hex: '#F2994A' },
  { code: 'RED', name: 'Red', hex: '#C0392B' },
  { code: 'PUR', name: 'Purple', hex: '#7D5BA6' },
  { code: 'BLU', name: 'Blue', hex: '#2F80ED' },
  { code: 'GRE', name: 'Green', hex: '#4F9D69' },
  { code: 'BRO', name: 'Brown', hex: '#8B5E3C' },
  { code: 'NEU', name: 'Neutral', hex: '#D8CBB5' },
  { code: 'WHI', name: 'White', hex: '#F8F6F0' },
  { code: 'GRA', name: 'Gray', hex: '#8E9196' },
  { code: 'BLA', name: 'Black', hex: '#222222' },
  { code: 'PIN', name: 'Pink', hex: '#E8A0BF' },
] as const;

export type PaintFamilyCode = (typeof PAINT_FAMILIES)[number]['code'];

/** The family a route names, by code ('BLU', 'blu') or name ('blue'); undefined for anything else. */
export function paintFamilyFor(param: string) {
  const wanted = param.trim().toLowerCase();
  return PAINT_FAMILIES.find((f) => f.code.toLowerCase() === wanted || f.name.toLowerCase() === wanted);
}

/** WCAG relative luminance of a #rrggbb colour (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const value = hex.replace('#', '');
  const channel = (i: number) => {
    const c = parseInt(value.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** Light reflectance value painters read on a colour card: 0 (absorbs all light) to 100 (reflects all). */
export function lightReflectance(hex: string): number {
  return Math.round(relativeLuminance(hex) * 100);
}

/** Black or white text, whichever reads better on a swatch (the larger WCAG contrast ratio). */
export function textColorOn(hex: string): '#000000' | '#ffffff' {
  const l = relativeLuminance(hex);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}
