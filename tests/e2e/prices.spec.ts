/**
 * Honest discounts in the browser (issue 36, docs/product.md "Honest discounts"): a reduction made
 * through the development operator route (as `npm run ops -- product:price` would) shows its
 * prior price — the lowest of the 30 days before it — struck through beside the price on the
 * card, with the percentage against it, and in words with its start date on the product page;
 * a discount typed in at listing shows none. Screenshots at 375 and 1280 px; axe on the page.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import ro from '#src/locales/ro.json' with { type: 'json' };

interface ApiProduct {
  id: number;
  name: string;
  price: number;
  discount_price: number;
  prior_price: number | null;
  reduction_started_at: string | null;
  discount_percentage: number;
  quantity: number;
  sizes: { price: number }[];
}

/** At its list price, no size surcharge (the page shows the first size's price), under 1 000 lei (no thousands dot). */
const atListPrice = (p: ApiProduct) =>
  p.discount_price === 0 && p.prior_price === null && p.price >= 30 && p.price < 900 && p.sizes.every((s) => s.price === 0);

/** 141 → "141,00 lei" as the app writes money (contract/format-money.ts). */
const lei = (n: number) => `${n.toFixed(2).replace('.', ',')}\u00a0lei`;
const ddmmyyyy = (iso: string) =>
  new Intl.DateTimeFormat('ro-RO', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Bucharest' }).format(
    new Date(iso),
  );

async function product(request: APIRequestContext, id: number): Promise<ApiProduct> {
  const res = await request.get(`/api/products/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { product: ApiProduct } }).data.product;
}

test('a reduction shows its prior price beside it on the card and, in words with its start, on the product page', async ({
  page,
  request,
}) => {
  // An in-stock product without a discount or a running sale, reduced by 70 %.
  const list = (await (await request.get('/api/products/filter?in_stock=1&per_page=60')).json()) as { data: { data: ApiProduct[] } };
  const plain = list.data.data.find(atListPrice)!;
  expect(plain, 'a seeded product at its list price').toBeDefined();
  const discount = Math.floor(plain.price * 0.3);
  const changed = await request.post(`/api/dev/operator/products/${plain.id}/price`, {
    data: { price: plain.price, discount_price: discount },
  });
  expect(changed.status()).toBe(200);
  const reduced = await product(request, plain.id);
  expect(reduced.prior_price).not.toBeNull();
  expect(reduced.discount_percentage).toBeGreaterThanOrEqual(50);

  // The card (best deals: biggest reduction first) strikes through the prior price, not `price`.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/best-deal');
  const card = page.locator(`[data-testid="product-card"][data-product-id="${plain.id}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('price')).toHaveText(lei(discount));
  await expect(card.getByTestId('original-price')).toContainText(lei(reduced.prior_price!));
  await expect(card.getByTestId('original-price')).toHaveAttribute('title', ro['pricing.prior_price']);
  await expect(card.getByTestId('discount-badge')).toHaveText(`-${reduced.discount_percentage}%`);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/prices-card-1280.png' });

  // The product page says it in words, with the day the reduction started.
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/products/${plain.id}/details`));
  const note = page.getByTestId('prior-price-note');
  await expect(note.getByTestId('prior-price-text')).toHaveText(
    ro['pricing.details_prior'].replace('{{price}}', lei(reduced.prior_price!)),
  );
  await expect(note.getByTestId('reduction-since')).toHaveText(
    ro['pricing.reduction_since'].replace('{{date}}', ddmmyyyy(reduced.reduction_started_at!)),
  );
  await expect(page.getByTestId('product-info').getByTestId('original-price')).toContainText(lei(reduced.prior_price!));
  await page.screenshot({ path: '.tmp/prices-details-1280.png', fullPage: false });

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByTestId('prior-price-note')).toBeVisible();
  await page.getByTestId('prior-price-note').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/prices-details-375.png' });
  await page.goto('/best-deal');
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/prices-card-375.png' });
});

test('a discount typed in at listing, not below the lowest price of 30 days, shows no reduction', async ({ page, request }) => {
  // Raised, then "discounted" back above where it was: the lowest of the 30 days is not beaten.
  const list = (await (await request.get('/api/products/filter?in_stock=1&per_page=60&page=2')).json()) as { data: { data: ApiProduct[] } };
  const plain = list.data.data.find(atListPrice)!;
  expect(plain).toBeDefined();
  const doubled = Math.round(plain.price * 200) / 100;
  const raise = await request.post(`/api/dev/operator/products/${plain.id}/price`, { data: { price: doubled, discount_price: 0 } });
  expect(raise.status()).toBe(200);
  const fake = await request.post(`/api/dev/operator/products/${plain.id}/price`, {
    data: { price: doubled, discount_price: plain.price + 1 },
  });
  expect(((await fake.json()) as { data: { prior_price: number | null } }).data.prior_price).toBeNull();

  await page.goto(`/products/${plain.id}/details`);
  const info = page.getByTestId('product-info');
  await expect(info.getByTestId('price')).toHaveText(lei(plain.price + 1));
  await expect(info.getByTestId('original-price')).toHaveCount(0);
  await expect(info.getByTestId('discount-badge')).toHaveCount(0);
  await expect(page.getByTestId('prior-price-note')).toHaveCount(0);
});
