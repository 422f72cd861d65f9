/**
 * operationIds from the contract's route names (issue 39): `cartApi.store` → `cartStore`, keyed
 * by `METHOD /api/path` as the OpenAPI document spells the path (`:id` → `{id}`). Stable as long
 * as the contract's names are.
 */
import type { ApiRoute } from '#contract/route.ts';
import { accountApi } from '#contract/routes/account.ts';
import { addressApi } from '#contract/routes/addresses.ts';
import { authApi } from '#contract/routes/auth.ts';
import { cartApi } from '#contract/routes/cart.ts';
import { categoryApi } from '#contract/routes/categories.ts';
import { checkoutApi } from '#contract/routes/checkout.ts';
import { contentApi } from '#contract/routes/content.ts';
import { favoriteApi } from '#contract/routes/favorites.ts';
import { masterApi } from '#contract/routes/master.ts';
import { notificationApi } from '#contract/routes/notifications.ts';
import { orderApi } from '#contract/routes/orders.ts';
import { productApi } from '#contract/routes/products.ts';
import { pushConsentApi } from '#contract/routes/push-consent.ts';
import { pushApi } from '#contract/routes/push.ts';
import { reportApi } from '#contract/routes/reports.ts';
import { reviewApi } from '#contract/routes/reviews.ts';
import { shopApi } from '#contract/routes/shops.ts';
import { supportApi } from '#contract/routes/support.ts';
import { translationApi } from '#contract/routes/translations.ts';
import { voucherApi } from '#contract/routes/vouchers.ts';

const API_GROUPS: Record<string, Record<string, ApiRoute>> = {
  accountApi,
  addressApi,
  authApi,
  cartApi,
  categoryApi,
  checkoutApi,
  contentApi,
  favoriteApi,
  masterApi,
  notificationApi,
  orderApi,
  productApi,
  pushConsentApi,
  pushApi,
  reportApi,
  reviewApi,
  shopApi,
  supportApi,
  translationApi,
  voucherApi,
};

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `GET /api/orders/{id}` → `orderDetails`, for every contract route. */
export function contractRoutes(): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [group, routes] of Object.entries(API_GROUPS)) {
    for (const [name, route] of Object.entries(routes)) {
      const path = `/api${route.path.replace(/:(\w+)/g, '{$1}')}`;
      ids.set(`${route.method} ${path}`, `${group.replace(/Api$/, '')}${capitalised(name)}`);
    }
  }
  return ids;
}
