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
