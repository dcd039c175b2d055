import { relativeLuminance } from './color';

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

/** Light reflectance value painters read on a colour card: 0 (absorbs all light) to 100 (reflects all). */
export function lightReflectance(hex: string): number {
  return Math.round(relativeLuminance(hex) * 100);
}
