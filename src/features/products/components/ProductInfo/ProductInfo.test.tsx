import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen, within, createTestQueryClient } from '#src/testing/test-utils.tsx';
import type { ProductDetails } from '#contract/catalog.ts';
import { masterQueryOptions } from '#src/lib/storefront/get-master.ts';
import { toStorefrontSettings } from '#src/lib/storefront/storefront-settings.ts';
import { ProductInfo } from './ProductInfo.tsx';
import { testSafety, testTrader } from '#src/testing/trader-fixture.ts';

const product = (overrides: Partial<ProductDetails> = {}): ProductDetails => ({
  id: 5,
  name: 'Geacă de piele Zara',
  slug: 'geaca-de-piele-zara',
  brand: 'Zara',
  thumbnail: '/media/products/5-1.svg',
  thumbnail_meta: null,
  videos: [],
  price: 100,
  discount_price: 80,
  prior_price: 100,
  reduction_started_at: '2026-11-12T10:00:00.000Z',
  discount_percentage: 20,
  quantity: 3,
  total_sold: 7,
  is_favorite: false,
  sizes: [
    { id: 1, name: 'S', price: 0 },
    { id: 2, name: 'M', price: 15 },
  ],
  shop_id: 1,
  shop_name: 'Garderoba Bunicii',
  category_id: 2,
  description: 'Purtată de două ori.\nFără defecte.',
  images: [{ id: 1, url: '/media/products/5-1.svg', meta: null }],
  colors: [{ id: 1, name: 'Negru' }],
  season: { id: 1, name: 'Toamnă' },
  quality: { id: 1, name: 'Foarte bună' },
  weight: 1.2,
  category: { id: 2, name: 'Geci', slug: 'geci' },
  shop: {
    id: 1,
    name: 'Garderoba Bunicii',
    slug: 'garderoba-bunicii',
    logo: '/media/shops/g/logo.svg',
    logo_meta: null,
    rating: 4.8,
    reviews_count: 12,
    city: 'Cluj-Napoca',
  },
  flash_sale: null,
  condition: 'very_good',
  condition_notes: null,
  trader: testTrader,
  safety: testSafety,
  ...overrides,
});

/** Lei after the amount, as the seeded master data says (toHaveTextContent folds U+00A0 to a space). */
function setup(p: ProductDetails, handlers: Partial<Parameters<typeof ProductInfo>[0]> = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(masterQueryOptions().queryKey, toStorefrontSettings({ currency: { symbol: 'lei', position: 'suffix' } }));
  const user = userEvent.setup();
  render(<ProductInfo product={p} {...handlers} />, { queryClient });
  return user;
}
const lei = (amount: string) => `${amount} lei`;

describe('ProductInfo', () => {
  it('adds the chosen size surcharge to the live price, the original and the total', async () => {
    const user = setup(product());
    expect(screen.getByTestId('price')).toHaveTextContent(lei('80,00'));
    expect(screen.getByTestId('original-price')).toHaveTextContent(lei('100,00'));
    expect(screen.getByTestId('product-total')).toHaveTextContent(lei('80,00'));

    const sizes = within(screen.getByTestId('size-options'));
    expect(sizes.getByRole('radio', { name: /^S/ })).toHaveAttribute('aria-checked', 'true');
    await user.click(sizes.getByRole('radio', { name: /^M/ }));
    expect(sizes.getByRole('radio', { name: /^M/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('price')).toHaveTextContent(lei('95,00'));
    expect(screen.getByTestId('original-price')).toHaveTextContent(lei('115,00'));
    expect(screen.getByTestId('product-total')).toHaveTextContent(lei('95,00'));
  });

  it('moves the size choice with the arrow keys (one tab stop per group)', async () => {
    const user = setup(product());
    const [small, medium] = within(screen.getByTestId('size-options')).getAllByRole('radio');
    expect(small).toHaveAttribute('tabindex', '0');
    expect(medium).toHaveAttribute('tabindex', '-1');
    small!.focus();
    await user.keyboard('{ArrowRight}');
    expect(medium).toHaveAttribute('aria-checked', 'true');
    expect(medium).toHaveFocus();
    expect(screen.getByTestId('price')).toHaveTextContent(lei('95,00'));
  });

  it('keeps the quantity between 1 and the stock, and multiplies the total', async () => {
    const user = setup(product({ quantity: 3 }));
    const quantity = screen.getByTestId('product-quantity');
    const decrease = screen.getByRole('button', { name: 'Scade cantitatea' });
    const increase = screen.getByRole('button', { name: 'Crește cantitatea' });
    expect(quantity).toHaveTextContent('1');
    expect(decrease).toBeDisabled();

    await user.click(increase);
    await user.click(increase);
    expect(quantity).toHaveTextContent('3');
    expect(increase).toBeDisabled();
    await user.click(increase);
    expect(quantity).toHaveTextContent('3');
    expect(screen.getByTestId('product-total')).toHaveTextContent(lei('240,00'));
    expect(screen.getByTestId('product-total-original')).toHaveTextContent(lei('300,00'));

    await user.click(decrease);
    await user.click(decrease);
    expect(quantity).toHaveTextContent('1');
    expect(decrease).toBeDisabled();
  });

  it('shows the struck-through original and the percent badge only when discounted', () => {
    setup(product({ discount_price: 0, prior_price: null, reduction_started_at: null, discount_percentage: 0, sizes: [] }));
    expect(screen.getByTestId('price')).toHaveTextContent(lei('100,00'));
    expect(screen.queryByTestId('original-price')).toBeNull();
    expect(screen.queryByTestId('product-total-original')).toBeNull();
    expect(screen.queryByTestId('discount-badge')).toBeNull();
    expect(screen.queryByTestId('size-options')).toBeNull();
  });

  it('shows the percent badge, the number sold, the name as the page heading and the attributes', () => {
    setup(product());
    expect(screen.getByTestId('discount-badge')).toHaveTextContent('-20%');
    expect(screen.getByTestId('product-sold')).toHaveTextContent('7 vândute');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Geacă de piele Zara');
    expect(screen.getByText('Toamnă')).toBeInTheDocument();
    expect(screen.getByText('Foarte bună')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Geci' })).toHaveAttribute('href', '/categories/geci');
  });

  it('passes the selection to Add to cart and Buy Now; the heart is an unpressed toggle', async () => {
    const onAddToCart = vi.fn();
    const onBuyNow = vi.fn();
    const onToggleFavorite = vi.fn();
    const user = setup(product(), { onAddToCart, onBuyNow, onToggleFavorite });
    await user.click(within(screen.getByTestId('size-options')).getByRole('radio', { name: /^M/ }));
    await user.click(screen.getByRole('button', { name: 'Crește cantitatea' }));
    await user.click(screen.getByTestId('add-to-cart'));
    expect(onAddToCart).toHaveBeenCalledWith({ size: { id: 2, name: 'M', price: 15 }, color: { id: 1, name: 'Negru' }, quantity: 2 });
    await user.click(screen.getByTestId('buy-now'));
    expect(onBuyNow).toHaveBeenCalledTimes(1);

    const heart = screen.getByTestId('favorite-button');
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart).toHaveAccessibleName();
    await user.click(heart);
    expect(onToggleFavorite).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('favorite-pending')).toBeNull();
  });

  it('marks the heart while its toggle waits to be sent, as the cards do', () => {
    setup(product(), { favorite: true, favoritePending: true });
    expect(screen.getByTestId('favorite-button')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('favorite-pending')).toBeInTheDocument();
  });
});
