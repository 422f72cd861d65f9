/**
 * Fixtures for the cart and order API tests (issue #5): a shop of our own with known delivery
 * bands, products with known prices, stock, weights, sizes and colours, and vouchers — so every
 * amount the tests expect is computed from numbers written here, not from the random seed.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  attributeOptions,
  categories,
  deliveryWeights,
  productColors,
  productSizes,
  products,
  sessions,
  shops,
  users,
  vouchers,
} from '#server/db/schema.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import type { TestApp } from './test-app.ts';
import type { ProductCondition } from '#contract/item-condition.ts';
import type { client } from './cart-call.ts';

/** A valid trader identity (contract/trader.ts: CUI 14399840 has a correct check digit). */
export const TEST_TRADER = {
  traderLegalName: 'Magazin de Test SRL',
  traderCui: '14399840',
  traderRegistrationNumber: 'J40/372/2002',
  traderAddress: 'Str. Exemplului nr. 1, 400001 Cluj-Napoca',
  traderEmail: 'juridic@magazin-test.ro',
  traderPhone: '+40744000111',
  traderCertifiedAt: new Date('2026-11-01T10:00:00Z'),
};

let n = 0;
const unique = () => `${process.pid}-${++n}-${Math.random().toString(36).slice(2, 8)}`;

export async function makeShop(
  t: TestApp,
  bands: { min: number; max: number; price: number }[] = [
    { min: 0, max: 2, price: 15 },
    { min: 2.001, max: 10, price: 25 },
  ],
  withTrader = true,
) {
  const slug = `shop-${unique()}`;
  const [shop] = await t.db
    .insert(shops)
    .values({
      name: `Magazin ${slug}`,
      slug,
      logo: '/x.svg',
      banner: '/x.svg',
      rating: 4.5,
      description: 'Test',
      city: 'Cluj-Napoca',
      // A complete trader identity (issue 36): a shop without one is not listed.
      ...(withTrader ? TEST_TRADER : {}),
    })
    .returning();
  if (bands.length)
    await t.db.insert(deliveryWeights).values(bands.map((b) => ({ shopId: shop!.id, minWeight: b.min, maxWeight: b.max, price: b.price })));
  return shop!;
}

export interface ProductSpec {
  price?: number;
  discountPrice?: number;
  quantity?: number;
  weight?: number;
  sizes?: { name: string; price: number }[];
  colors?: string[];
  isActive?: boolean;
  condition?: ProductCondition;
  conditionNotes?: string | null;
}

export async function makeProduct(t: TestApp, shopId: number, spec: ProductSpec = {}) {
  const [category] = await t.db.select().from(categories).limit(1);
  const slug = `p-${unique()}`;
  const [product] = await t.db
    .insert(products)
    .values({
      shopId,
      categoryId: category!.id,
      name: `Geacă ${slug}`,
      slug,
      brand: 'Zara',
      description: 'Test',
      thumbnail: '/media/x.svg',
      price: spec.price ?? 100,
      discountPrice: spec.discountPrice ?? 0,
      quantity: spec.quantity ?? 5,
      weight: spec.weight ?? 0.5,
      isActive: spec.isActive ?? true,
      condition: spec.condition ?? 'very_good',
      conditionNotes: spec.conditionNotes ?? null,
    })
    .returning();
  const sizes: { id: number; name: string; price: number }[] = [];
  for (const size of spec.sizes ?? []) {
    const [option] = await t.db
      .insert(attributeOptions)
      .values({ kind: 'size', name: `${size.name}-${unique()}` })
      .returning();
    await t.db.insert(productSizes).values({ productId: product!.id, sizeId: option!.id, price: size.price });
    sizes.push({ id: option!.id, name: option!.name, price: size.price });
  }
  const colors: { id: number; name: string }[] = [];
  for (const color of spec.colors ?? []) {
    const [option] = await t.db
      .insert(attributeOptions)
      .values({ kind: 'color', name: `${color}-${unique()}` })
      .returning();
    await t.db.insert(productColors).values({ productId: product!.id, colorId: option!.id });
    colors.push({ id: option!.id, name: option!.name });
  }
  return { ...product!, sizes, colors };
}

export async function makeVoucher(
  t: TestApp,
  shopId: number,
  spec: { discount: number; type: 'Percentage' | 'Amount'; min?: number; startsInDays?: number; endsInDays?: number },
) {
  const day = 86_400_000;
  const [voucher] = await t.db
    .insert(vouchers)
    .values({
      shopId,
      code: `T${unique()
        .replace(/[^a-z0-9]/gi, '')
        .toUpperCase()}`,
      discount: spec.discount,
      discountType: spec.type,
      minOrderAmount: spec.min ?? 0,
      startsAt: new Date(Date.now() + (spec.startsInDays ?? -1) * day),
      expiresAt: new Date(Date.now() + (spec.endsInDays ?? 30) * day),
    })
    .returning();
  return voucher!;
}

export async function stockOf(t: TestApp, productId: number) {
  const [row] = await t.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, productId));
  return row!.quantity;
}

export const key = () => randomUUID();

export const ADDRESS = {
  name: 'Ana Popescu',
  phone: '0721234567',
  county: 'Cluj',
  locality: 'Cluj-Napoca',
  street: 'Str. Memorandumului 28',
  postal_code: '400114',
  type: 'home',
} as const;

let phoneSeq = 0;
/**
 * A verified user with a live session, written straight to the database (the sign-up flow has its
 * own tests in auth/auth.test.ts; going through it for every shopper here would only slow the suite).
 */
export async function quickUser(t: TestApp, name = 'Ana Popescu') {
  phoneSeq += 1;
  const phone = `+4073${String((process.pid % 1000) * 10_000 + phoneSeq)
    .padStart(7, '0')
    .slice(-7)}`;
  const [user] = await t.db.insert(users).values({ name, phone, phoneCode: '+40', phoneVerifiedAt: new Date() }).returning();
  const token = newToken();
  await t.db.insert(sessions).values({ userId: user!.id, tokenHash: hashToken(token) });
  return { token, user: { id: user!.id, name } };
}

/** A signed-in shopper with one (default) address: what checkout and orders need. */
export async function shopperWithAddress(t: TestApp, c: ReturnType<typeof client>, name = 'Ana Popescu') {
  const s = await quickUser(t, name);
  const res = await c.post('/address/store', ADDRESS, { token: s.token });
  if (res.statusCode !== 200) throw new Error(`address/store answered ${res.statusCode}: ${res.body}`);
  return { ...s, address: res.json().data.address.id as number };
}
