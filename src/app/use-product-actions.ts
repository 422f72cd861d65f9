/**
 * What a product card's cart-add and 'Buy Now' buttons do. The cart arrives with issue #5;
 * until then they say so honestly instead of pretending to add anything.
 */
import { useCallback } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';

export function useProductActions() {
  const { t } = useTranslation();
  const comingSoon = useCallback(() => {
    notifications.show({ id: 'cart-coming', message: t('product.cart_coming'), position: 'bottom-left', autoClose: 3000 });
  }, [t]);
  return { onAddToCart: comingSoon, onBuyNow: comingSoon };
}
