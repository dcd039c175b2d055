import type { StoreSettings } from '@platform/contracts';
import { resolveColor } from '@platform/domain';

/** Semantic theme keys components read; a tenant's settings override the base tokens. */
export interface PlatformTheme {
  name: string;
  font: string;
  navigationFontSize: number;
  radius: string;
  colors: {
    primary: string; secondary: string; headerBackground: string; headerText: string; footerBackground: string;
    footerText: string; link: string; text: string; muted: string; border: string; surface: string; page: string;
    danger: string; success: string; onPrimary: string;
  };
  breakpoints: { sm: number; md: number; lg: number; desktop: number };
}

export const BASE_THEME: PlatformTheme = {
  name: 'base',
  font: 'Helvetica, Arial, sans-serif',
  navigationFontSize: 15,
  radius: '6px',
  colors: {
    primary: '#1f5f99', secondary: '#f4b400', headerBackground: '#ffffff', headerText: '#1d1d1f', footerBackground: '#1d1d1f',
    footerText: '#ffffff', link: '#1f5f99', text: '#1d1d1f', muted: '#5f6368', border: '#d9dce1', surface: '#ffffff', page: '#f6f7f9',
    danger: '#b3261e', success: '#1e7b34', onPrimary: '#ffffff',
  },
  breakpoints: { sm: 576, md: 769, lg: 991, desktop: 992 },
};

/** The tenant's theme: each settings colour is a hex value or the name of a base colour (spec 1 §5). */
export function buildTheme(settings: Pick<StoreSettings, 'businessSlug' | 'colors' | 'font' | 'navigationFontSize'>): PlatformTheme {
  const palette = BASE_THEME.colors as Record<string, string>;
  const colors = { ...BASE_THEME.colors };
  for (const key of Object.keys(colors) as (keyof PlatformTheme['colors'])[]) {
    colors[key] = resolveColor(settings.colors[key], palette, BASE_THEME.colors[key]);
  }
  return { ...BASE_THEME, name: settings.businessSlug, font: settings.font || BASE_THEME.font, navigationFontSize: settings.navigationFontSize || BASE_THEME.navigationFontSize, colors };
}
