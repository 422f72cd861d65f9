/**
 * What the product buttons do (product §2, §4, §5): add to cart needs a signed-in shopper ('Please
 * login first!' and the login modal otherwise); the change shows at once and queues offline;
 * a cart notice offers 'View In Cart'. Buy Now from a card adds, then after 500 ms loads
 * /checkout; from the product page it becomes the buy-now item and opens /buynow.
 */
import { useCallback } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Product, ProductDetails } from '#contract/catalog.ts';
import type { CartProduct } from '#contract/cart.ts';
import type { ImageMeta } from '#contract/images.ts';
import { Photo } from '#src/components/Photo/Photo.tsx';
import { newTempLineId, useQueueCartChange } from '#src/features/cart/api/cart-changes.ts';
import { basketStore } from '#src/features/cart/lib/basket-store.ts';
import type { AddPreview } from '#src/features/cart/lib/optimistic-cart.ts';
import { openLogin } from '#src/features/auth/lib/auth-dialog-store.ts';
import { isLoggedIn, sessionStore } from '#src/features/auth/lib/session-store.ts';
import type { ProductSelection } from '#src/features/products/components/ProductInfo/ProductInfo.tsx';

/** Product §9: 3000 ms, bottom-left, no progress bar. */
const NOTICE = { position: 'bottom-left' as const, autoClose: 3000 };
export const BUY_NOW_DELAY_MS = 500;

function preview(product: Product | ProductDetails, selection?: ProductSelection): AddPreview {
  const details = 'shop' in product ? product.shop : null;
  return {
    product_id: product.id,
    name: product.name,
    brand: product.brand,
    thumbnail: product.thumbnail,
    thumbnail_meta: product.thumbnail_meta ?? null,
    price: product.price,
    discount_price: product.discount_price,
    discount_percentage: product.discount_percentage,
    stock: product.quantity,
    shop: { id: product.shop_id, name: details?.name ?? product.shop_name, rating: details?.rating ?? 0 },
    size: selection?.size ?? null,
    color: selection?.color ?? null,
  };
}

export function useProductActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useQueueCartChange();

  const requireLogin = useCallback(() => {
    if (isLoggedIn(sessionStore.get())) return true;
    notifications.show({ color: 'red', message: t('cart.login_first'), ...NOTICE });
    openLogin();
    return false;
  }, [t]);

  const notice = useCallback(
    (title: string, name: string, thumbnail: string, meta: ImageMeta | null | undefined, action: { label: string; run: () => void }) => {
      const id = `cart-notice-${Date.now()}`;
      notifications.show({
        id,
        ...NOTICE,
        // What happened, in words: the notice is an alert, and a screen reader says it (issue 37).
        title,
        message: (
          <Group gap="sm" wrap="nowrap">
            <Photo src={thumbnail} meta={meta} alt="" sizes="40px" width={40} height={40} style={{ borderRadius: 6, objectFit: 'cover' }} />
            <Text size="sm" lineClamp={2} style={{ flex: 1 }}>
              {name}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => {
                notifications.hide(id);
                action.run();
              }}
            >
              {action.label}
            </Button>
          </Group>
        ),
      });
    },
    [],
  );

  const add = useCallback(
    (product: Product | ProductDetails, selection?: ProductSelection, then?: () => void) => {
      if (!requireLogin()) return;
      void change({
        kind: 'store',
        body: {
          product_id: product.id,
          quantity: selection?.quantity ?? 1,
          size: selection?.size?.id ?? null,
          color: selection?.color?.id ?? null,
          unit: null,
        },
        preview: preview(product, selection),
        tempId: newTempLineId(),
      }).then((stored) => {
        if (!stored) return;
        notice(t('cart.added'), product.name, product.thumbnail, product.thumbnail_meta, {
          label: t('cart.view_in_cart'),
          run: basketStore.openPanel,
        });
        // Buy now from a card goes on only once the add is safely on the phone.
        then?.();
      });
    },
    [change, notice, requireLogin, t],
  );

  /** Product §2 cart notice after a removal: 'Again Add to Cart' re-adds quantity 1, no colour, size or unit. */
  const noticeRemoved = useCallback(
    (line: CartProduct) =>
      notice(t('a11yKeyboard.removed_from_cart'), line.name, line.thumbnail, line.thumbnail_meta, {
        label: t('cart.add_again'),
        run: () =>
          void change({
            kind: 'store',
            body: { product_id: line.product_id, quantity: 1, size: null, color: null, unit: null },
            preview: {
              ...preview({
                id: line.product_id,
                name: line.name,
                brand: line.brand,
                thumbnail: line.thumbnail,
                thumbnail_meta: line.thumbnail_meta,
                price: line.price,
                discount_price: line.discount_price,
                discount_percentage: line.discount_percentage,
                quantity: line.stock,
                shop_id: line.shop.id,
                shop_name: '',
              } as Product),
              size: null,
              color: null,
            },
            tempId: newTempLineId(),
          }),
      }),
    [change, notice, t],
  );

  return {
    onAddToCart: (product: Product) => add(product),
    /** From a card (product §4): add to cart, then after 500 ms a full page load of /checkout. */
    onBuyNow: (product: Product) => add(product, undefined, () => setTimeout(() => window.location.assign('/checkout'), BUY_NOW_DELAY_MS)),
    addWithOptions: (product: ProductDetails, selection: ProductSelection) => add(product, selection),
    /** From the product page (product §4 buy now): the cart stays as it is. */
    buyNowWithOptions: (product: ProductDetails, selection: ProductSelection) => {
      if (!requireLogin()) return;
      basketStore.set({
        buyNow: {
          item: {
            product_id: product.id,
            quantity: selection.quantity || 1,
            size: selection.size?.id ?? null,
            color: selection.color?.id ?? null,
            unit: null,
          },
          shop_id: product.shop_id,
          preview: { name: product.name, thumbnail: product.thumbnail, shop_name: product.shop.name },
        },
      });
      void navigate('/buynow');
    },
    noticeRemoved,
  };
}
