// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isMessageKey, pickLocale, translate } from './i18n.ts';

describe('pickLocale', () => {
  it('takes the first of ro/en the client prefers, by q then order, and ro otherwise', () => {
    expect(pickLocale(undefined)).toBe('ro');
    expect(pickLocale('')).toBe('ro');
    expect(pickLocale('en')).toBe('en');
    expect(pickLocale('en-GB,en;q=0.9')).toBe('en');
    expect(pickLocale('fr-FR,fr;q=0.9,en;q=0.8,ro;q=0.7')).toBe('en');
    expect(pickLocale('ro;q=0.5,en;q=0.8')).toBe('en');
    expect(pickLocale('ro-RO,en;q=0.5')).toBe('ro');
    expect(pickLocale('de,fr')).toBe('ro');
    expect(pickLocale('en;q=0')).toBe('ro');
    expect(pickLocale('*')).toBe('ro');
  });
});

describe('translate', () => {
  it('translates catalogue keys with {{variables}} and leaves other text alone', () => {
    expect(translate('en', 'validation.country_required')).toBe('The country field is required');
    expect(translate('ro', 'validation.country_required')).toBe('Câmpul țară este obligatoriu');
    expect(translate('en', 'auth.too_many_requests', { seconds: 42 })).toBe('Too many attempts. Please try again in 42 seconds.');
    expect(translate('en', 'Product not found.')).toBe('Product not found.');
    expect(isMessageKey('auth.invalid_credentials')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
  });
});
