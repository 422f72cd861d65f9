/** Mantine theme from the storefront's themeColors (product §3/§4), or Mantine's default when incomplete. */
import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import type { ThemeColors } from '#contract/master.ts';
import { hasCompleteTheme } from './storefront-settings.ts';

const BASE: MantineThemeOverride = {
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  defaultRadius: 'md',
  // Mantine's md breakpoint is the spec's 768 px language-switcher breakpoint.
  breakpoints: { xs: '36em', sm: '40em', md: '48em', lg: '64em', xl: '80em' },
};

export function buildTheme(colors: ThemeColors | null): MantineThemeOverride {
  if (!hasCompleteTheme(colors)) return createTheme(BASE);
  // Mantine palettes have 10 shades: 50..900; 950 is kept for the darkest text.
  const shades = (['50', '100', '200', '300', '400', '500', '600', '700', '800', '900'] as const).map((k) => colors[k]);
  const primaryIndex = shades.findIndex((c) => c.toLowerCase() === colors.primary.toLowerCase());
  return createTheme({
    ...BASE,
    colors: { brand: shades as unknown as MantineColorsTuple },
    primaryColor: 'brand',
    primaryShade: (primaryIndex >= 0 ? primaryIndex : 6) as 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9,
    other: { darkest: colors['950'] },
  });
}
