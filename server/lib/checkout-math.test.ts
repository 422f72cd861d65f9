import { describe, expect, it } from 'vitest';
import {
  deliveryCharge,
  discountPercentage,
  lineTotal,
  roundBani,
  shopAmounts,
  shopSubtotal,
  sumAmounts,
  unitPrices,
  vatIncluded,
  voucherDiscount,
} from './checkout-math.ts';

const bands = [
  { min_weight: 2.001, max_weight: 10, price: 25 },
  { min_weight: 0, max_weight: 2, price: 15 },
];

describe('roundBani', () => {
  it('rounds half away from zero to 2 decimals without float surprises', () => {
    expect(roundBani(1.005)).toBe(1.01);
    expect(roundBani(0.1 + 0.2)).toBe(0.3);
    expect(roundBani(2.675)).toBe(2.68);
    expect(roundBani(-1.005)).toBe(-1.01);
    expect(roundBani(10)).toBe(10);
  });
});

describe('unitPrices', () => {
  it('uses price when there is no discount, adding the size surcharge', () => {
    expect(unitPrices({ price: 100, effectivePrice: 100, surcharge: 10 })).toEqual({
      price: 110,
      discountPrice: 0,
      discountPercentage: 0,
      unit: 110,
    });
  });
  it('uses discount_price above 0 (effective price), surcharge on both', () => {
    expect(unitPrices({ price: 120, effectivePrice: 90, surcharge: 10 })).toEqual({
      price: 130,
      discountPrice: 100,
      discountPercentage: 25,
      unit: 100,
    });
  });
  it('a running flash sale overrides the effective price', () => {
    expect(unitPrices({ price: 100, effectivePrice: 80, salePrice: 60 }).unit).toBe(60);
    expect(unitPrices({ price: 100, effectivePrice: 80, salePrice: 0 }).unit).toBe(80);
    expect(unitPrices({ price: 100, effectivePrice: 80, salePrice: null }).unit).toBe(80);
  });
  it('discount percentage is whole and 0 when not cheaper', () => {
    expect(discountPercentage(99.99, 66.66)).toBe(33);
    expect(discountPercentage(50, 50)).toBe(0);
    expect(discountPercentage(0, 0)).toBe(0);
  });
});

describe('deliveryCharge', () => {
  it('picks the band holding the weight, inclusive at both ends', () => {
    expect(deliveryCharge(bands, 0.5)).toBe(15);
    expect(deliveryCharge(bands, 2)).toBe(15);
    expect(deliveryCharge(bands, 2.001)).toBe(25);
    expect(deliveryCharge(bands, 10)).toBe(25);
  });
  it('is 0 with no weight, no band, or a weight outside every band', () => {
    expect(deliveryCharge(bands, 0)).toBe(0);
    expect(deliveryCharge([], 1)).toBe(0);
    expect(deliveryCharge(bands, 10.5)).toBe(0);
    expect(deliveryCharge(bands, Number.NaN)).toBe(0);
  });
});

describe('voucherDiscount', () => {
  it('percentage of the subtotal, rounded to bani', () => {
    expect(voucherDiscount({ discount: 15, discountType: 'Percentage', minOrderAmount: 0 }, 99.99)).toEqual({ ok: true, discount: 15 });
    expect(voucherDiscount({ discount: 10, discountType: 'Percentage', minOrderAmount: 0 }, 33.35)).toEqual({ ok: true, discount: 3.34 });
  });
  it('an amount never above the subtotal', () => {
    expect(voucherDiscount({ discount: 20, discountType: 'Amount', minOrderAmount: 0 }, 50)).toEqual({ ok: true, discount: 20 });
    expect(voucherDiscount({ discount: 80, discountType: 'Amount', minOrderAmount: 0 }, 50)).toEqual({ ok: true, discount: 50 });
  });
  it('refuses below the minimum order, accepts at it', () => {
    expect(voucherDiscount({ discount: 10, discountType: 'Amount', minOrderAmount: 100 }, 99.99)).toEqual({
      ok: false,
      reason: 'min_order',
      minOrderAmount: 100,
    });
    expect(voucherDiscount({ discount: 10, discountType: 'Amount', minOrderAmount: 100 }, 100).ok).toBe(true);
  });
});

describe('VAT and shop amounts', () => {
  it('VAT 21% is contained in the amount, not added', () => {
    expect(vatIncluded(121)).toBe(21);
    expect(vatIncluded(100)).toBe(17.36);
    expect(vatIncluded(0)).toBe(0);
  });
  it('lines, weight, delivery, coupon, payable and VAT of one shop', () => {
    expect(lineTotal(33.33, 3)).toBe(99.99);
    expect(
      shopSubtotal([
        { unit: 10.1, quantity: 3, weight: 0.7 },
        { unit: 0.2, quantity: 1, weight: 0.1 },
      ]),
    ).toEqual({ subtotal: 30.5, weight: 2.2 });
    const amounts = shopAmounts({ lines: [{ unit: 100, quantity: 2, weight: 0.8 }], bands, couponDiscount: 20 });
    expect(amounts).toEqual({
      total_amount: 200,
      delivery_charge: 15,
      coupon_discount: 20,
      payable_amount: 195,
      order_tax_amount: 33.84,
      weight: 1.6,
    });
  });
  it('sums shops in bani', () => {
    const a = shopAmounts({ lines: [{ unit: 0.1, quantity: 1, weight: 0 }], bands: [] });
    const b = shopAmounts({ lines: [{ unit: 0.2, quantity: 1, weight: 0 }], bands: [] });
    expect(sumAmounts([a, b]).total_amount).toBe(0.3);
  });
});
