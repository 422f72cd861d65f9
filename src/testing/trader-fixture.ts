/** A complete trader identity and safety information for component tests (issue 36). */
import type { ProductSafety } from '#contract/catalog.ts';
import type { Trader } from '#contract/trader.ts';

export const testTrader: Trader = {
  legal_name: 'Vintage Cluj SRL',
  cui: '14399840',
  registration_number: 'J12/2417/2016',
  address: 'Str. Horea nr. 45, 400275 Cluj-Napoca',
  email: 'juridic@vintagecluj.ro',
  phone: '+40744512309',
  certified_at: '2026-10-01T09:00:00.000Z',
};

export const testSafety: ProductSafety = {
  manufacturer: { name: 'Industria de Diseño Textil, S.A.', address: 'Arteixo, Spania', email: 'siguranta@inditex.eu', country_code: 'ES' },
  eu_responsible: null,
  identifier: 'Tip: Geacă; cod articol A1B',
  warnings: null,
};
