import { describe, expect, it } from 'vitest';
import { contrastRatio, READABLE_CONTRAST, readableShade, textColorOn } from './index';

describe('colours a store chooses, made readable', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('puts white text on dark colours and black text on light ones', () => {
    expect(textColorOn('#1a4f9c')).toBe('#ffffff');
    expect(textColorOn('#f7e26b')).toBe('#000000');
  });

  it('darkens a light colour until it reads against white, and leaves a dark one alone', () => {
    const green = readableShade('#3BC43B');
    expect(contrastRatio(green, '#ffffff')).toBeGreaterThanOrEqual(READABLE_CONTRAST);
    expect(green).not.toBe('#3BC43B');
    expect(readableShade('#1a4f9c')).toBe('#1a4f9c');
    expect(readableShade('not-a-colour')).toBe('not-a-colour');
  });
});
