import { describe, expect, it } from 'vitest';
import { lightReflectance, PAINT_FAMILIES, paintFamilyFor, textColorOn } from './index';

describe('paint colour families', () => {
  it('has the twelve family codes of the spec, each with one fixed colour', () => {
    expect(PAINT_FAMILIES.map((f) => f.code)).toEqual(['YEL', 'ORA', 'RED', 'PUR', 'BLU', 'GRE', 'BRO', 'NEU', 'WHI', 'GRA', 'BLA', 'PIN']);
    for (const family of PAINT_FAMILIES) expect(family.hex).toMatch(/^#[0-9A-F]{6}$/i);
  });

  it('finds a family by code or name in any case, and nothing else', () => {
    expect(paintFamilyFor('blu')?.name).toBe('Blue');
    expect(paintFamilyFor('Blue')?.code).toBe('BLU');
    expect(paintFamilyFor(' GRA ')?.name).toBe('Gray');
    expect(paintFamilyFor('teal')).toBeUndefined();
    expect(paintFamilyFor('')).toBeUndefined();
  });

  it('measures light reflectance from 0 to 100 and picks readable text', () => {
    expect(lightReflectance('#000000')).toBe(0);
    expect(lightReflectance('#ffffff')).toBe(100);
    expect(textColorOn('#ffffff')).toBe('#000000');
    expect(textColorOn('#222222')).toBe('#ffffff');
    expect(textColorOn('#F2C94C')).toBe('#000000');
    expect(textColorOn('#2F80ED')).toBe('#000000');
    expect(textColorOn('#1d3557')).toBe('#ffffff');
  });
});
