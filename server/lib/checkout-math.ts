/**
 * Checkout arithmetic (issue #5, ADR 007), pure so it is unit-tested on its own
 * (checkout-math.test.ts). Amounts are lei as numbers; every result is rounded to bani.
 *
 * - Unit price (product §5): the current price (running flash sale, else discount_price above 0,
 *   else price) plus the size surcharge; line = unit price × quantity.
 * - Delivery per shop (product §5): the band with min_weight ≤ weight ≤ max_weight for the summed
 *   weight of that shop's lines; 0 when the weight is 0 or no band fits.
 * - Voucher: only for its shop's subtotal, once min_order_amount is met; Percentage is a percent
 *   of the subtotal, Amount lei, never more than the subtotal.
 * - VAT: Romanian consumer prices include VAT, so order_tax_amount is the VAT CONTAINED in the
 *   payable amount (payable × 21 / 121), never added on top.
 */
export const VAT_RATE = 0.21;

/** Rounds to bani (2 decimals), half away from zero, without binary-float surprises (1.005 → 1.01). */
export function roundBani(amount: number): number {
  const sign = amount < 0 ? -1 : 1;
  return (sign * Math.round(Number((Math.abs(amount) * 100).toPrecision(15)))) / 100;
}

/** Whole percent off `price` when `current` is below it, else 0. */
export function discountPercentage(price: number, current: number): number {
  return price > 0 && current < price ? Math.round(((price - current) / price) * 100) : 0;
}

export interface UnitPriceInput {
  /** The product's price before any discount. */
  price: number;
  /** effective_price: discount_price when above 0, else price. */
  effectivePrice: number;
  /** The lowest running flash-sale price, if any (0 / null when none). */
  salePrice?: number | null;
  /** Size surcharge (0 when no size). */
  surcharge?: number;
}

export interface UnitPrices {
  /** Price before discount, surcharge included. */
  price: number;
  /** Current price with surcharge when below `price`, else 0. */
  discountPrice: number;
  discountPercentage: number;
  /** What one unit costs now. */
  unit: number;
}

export function unitPrices({ price, effectivePrice, salePrice, surcharge = 0 }: UnitPriceInput): UnitPrices {
  const current = salePrice && salePrice > 0 ? salePrice : effectivePrice;
  const base = roundBani(price + surcharge);
  const now = roundBani(current + surcharge);
  const discounted = now < base;
  return {
    price: base,
    discountPrice: discounted ? now : 0,
    discountPercentage: discounted ? discountPercentage(price, current) : 0,
    unit: discounted ? now : base,
  };
}

export interface WeightBand {
  min_weight: number;
  max_weight: number;
  price: number;
}

/** Delivery charge for a parcel weight (kg): the first band (by min_weight) that holds it, else 0. */
export function deliveryCharge(bands: readonly WeightBand[], weight: number): number {
  if (!(weight > 0)) return 0;
  const band = [...bands].sort((a, b) => a.min_weight - b.min_weight).find((b) => b.min_weight <= weight && weight <= b.max_weight);
  return band ? roundBani(band.price) : 0;
}

export interface VoucherTerms {
  discount: number;
  discountType: 'Percentage' | 'Amount';
  minOrderAmount: number;
}

export type VoucherOutcome = { ok: true; discount: number } | { ok: false; reason: 'min_order'; minOrderAmount: number };

/** The discount a voucher gives on a shop subtotal, or why it does not apply. */
export function voucherDiscount(voucher: VoucherTerms, subtotal: number): VoucherOutcome {
  if (subtotal < voucher.minOrderAmount) return { ok: false, reason: 'min_order', minOrderAmount: voucher.minOrderAmount };
  const raw =
    voucher.discountType === 'Percentage' ? (subtotal * Math.min(Math.max(voucher.discount, 0), 100)) / 100 : Math.max(voucher.discount, 0);
  return { ok: true, discount: roundBani(Math.min(raw, subtotal)) };
}

/** VAT contained in a VAT-inclusive amount. */
export function vatIncluded(amount: number, rate = VAT_RATE): number {
  return roundBani((amount * rate) / (1 + rate));
}

export interface ShopAmountsInput {
  lines: readonly { unit: number; quantity: number; weight: number }[];
  bands: readonly WeightBand[];
  couponDiscount?: number;
}

export interface Amounts {
  total_amount: number;
  delivery_charge: number;
  coupon_discount: number;
  payable_amount: number;
  order_tax_amount: number;
}

export function lineTotal(unit: number, quantity: number): number {
  return roundBani(unit * quantity);
}

/** Subtotal and parcel weight of one shop's lines. */
export function shopSubtotal(lines: ShopAmountsInput['lines']): { subtotal: number; weight: number } {
  let bani = 0;
  let grams = 0;
  for (const line of lines) {
    bani += Math.round(lineTotal(line.unit, line.quantity) * 100);
    grams += Math.round(line.weight * 1000) * line.quantity;
  }
  return { subtotal: bani / 100, weight: grams / 1000 };
}

/** Amounts of one shop's order. */
export function shopAmounts({ lines, bands, couponDiscount = 0 }: ShopAmountsInput): Amounts & { weight: number } {
  const { subtotal, weight } = shopSubtotal(lines);
  const delivery = deliveryCharge(bands, weight);
  const coupon = roundBani(Math.min(couponDiscount, subtotal));
  const payable = roundBani(subtotal + delivery - coupon);
  return {
    total_amount: subtotal,
    delivery_charge: delivery,
    coupon_discount: coupon,
    payable_amount: payable,
    order_tax_amount: vatIncluded(payable),
    weight,
  };
}

/** Sums shop amounts (VAT recomputed on the sum, so the total never drifts from its parts by more than rounding). */
export function sumAmounts(parts: readonly Amounts[]): Amounts {
  const sum = (pick: (a: Amounts) => number) => parts.reduce((acc, a) => acc + Math.round(pick(a) * 100), 0) / 100;
  return {
    total_amount: sum((a) => a.total_amount),
    delivery_charge: sum((a) => a.delivery_charge),
    coupon_discount: sum((a) => a.coupon_discount),
    payable_amount: sum((a) => a.payable_amount),
    order_tax_amount: sum((a) => a.order_tax_amount),
  };
}
