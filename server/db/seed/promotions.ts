/** Vouchers (two per shop) and flash sales: one running, one already over. */
import type { ShopDef } from './shops.ts';

export function voucherDefs(shop: ShopDef) {
  return [
    { code: `${shop.voucherPrefix}10`, discount: 10, discountType: 'Percentage' as const, minOrderAmount: 0 },
    { code: `${shop.voucherPrefix}15`, discount: 15, discountType: 'Amount' as const, minOrderAmount: 100 },
  ];
}

export const FLASH_SALES = [
  {
    name: 'Vinerea Verde',
    description:
      'O săptămână de prețuri mici la produse second-hand alese de magazine: cumperi inteligent și dai lucrurilor o a doua viață.',
    /** Relative to the seed time, in days. */
    startsInDays: -2,
    endsInDays: 5,
    products: 16,
  },
  {
    name: 'Lichidare de sezon',
    description: 'Ultimele bucăți din colecția sezonului trecut, la prețuri de final de sezon.',
    startsInDays: -27,
    endsInDays: -20,
    products: 5,
  },
] as const;
