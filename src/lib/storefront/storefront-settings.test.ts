import { describe, expect, it } from 'vitest';
import { hasCompleteTheme, toStorefrontSettings } from './storefront-settings.ts';

const fullTheme = {
  primary: '#0a7',
  50: '#e',
  100: '#d',
  200: '#c',
  300: '#b',
  400: '#a',
  500: '#9',
  600: '#8',
  700: '#7',
  800: '#6',
  900: '#5',
  950: '#4',
};

describe('toStorefrontSettings', () => {
  it('applies the spec defaults when the server leaves fields out', () => {
    const settings = toStorefrontSettings({});
    expect(settings.currency).toEqual({ symbol: '$', position: 'prefix' });
    expect(settings.multiVendor).toBe(true);
    expect(settings.showFooter).toBe(true);
    expect(settings.appEnvironment).toBe('local');
    expect(settings.seasons).toEqual([]);
    expect(settings.filterCategories.map((g) => g.title)).toEqual(['Calitate', 'Anotimpuri']);
  });
  it('keeps what the server sends', () => {
    const settings = toStorefrontSettings({ currency: { symbol: 'lei', position: 'suffix' }, web_show_footer: false, multi_vendor: false });
    expect(settings.currency.symbol).toBe('lei');
    expect(settings.showFooter).toBe(false);
    expect(settings.multiVendor).toBe(false);
  });
});

describe('hasCompleteTheme', () => {
  it('accepts exactly a full set of 12 colours', () => {
    expect(hasCompleteTheme(fullTheme as never)).toBe(true);
  });
  it('rejects a theme with a missing or empty shade', () => {
    const { 950: _dropped, ...partial } = fullTheme;
    expect(hasCompleteTheme(partial as never)).toBe(false);
    expect(hasCompleteTheme({ ...fullTheme, 500: ' ' } as never)).toBe(false);
    expect(hasCompleteTheme(null)).toBe(false);
  });
});
