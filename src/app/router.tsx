/**
 * Every route of product §2, code-split per screen. Loaders prefetch with the same queryOptions
 * the screens read (they never block on the network: offline, the persisted cache answers).
 * Account screens sit in the AccountLayout (sidebar, signed-in only); `accountNav` keeps a
 * sidebar link highlighted on its sub-pages (product §2).
 */
import type { ComponentType } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createDataRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { BareLayout } from './layouts/BareLayout.tsx';
import { RootShell } from './RootShell.tsx';
import { RouteError } from './routes/route-error.tsx';
import type { RouteHandle } from './route-handle.ts';
import { subpageRoute } from './routes/subpage-route.ts';

/** A route module exports `Component` and, when it loads data, `createLoader(queryClient)`. */
interface RouteModule {
  Component: ComponentType;
  createLoader?: (queryClient: QueryClient) => LoaderFunction;
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  /** A code-split screen with its title; its loader prefetches with the screen's own queryOptions. */
  const page = (path: string, title: string, load: () => Promise<RouteModule>): RouteObject => ({
    path,
    handle: { title } satisfies RouteHandle,
    lazy: () => load().then((m) => ({ Component: m.Component, ...(m.createLoader && { loader: m.createLoader(queryClient) }) })),
  });

  return [
    {
      element: <RootShell />,
      errorElement: <RouteError />,
      children: [
        {
          element: <PublicLayout />,
          children: [
            {
              index: true,
              lazy: () => import('./routes/home.tsx').then((m) => ({ Component: m.Component, loader: m.createLoader(queryClient) })),
            },
            subpageRoute(queryClient, { path: 'deletion-policy', slug: 'deletion-policy', title: 'routes.deletion_policy' }),
            page('shops', 'routes.shops', () => import('./routes/shops.tsx')),
            page('shops/:id', 'routes.shop_details', () => import('./routes/shop-details.tsx')),
            page('shops/:id/categories/:slug', 'routes.shop_category_products', () => import('./routes/shop-category-products.tsx')),
            page('products', 'routes.products', () => import('./routes/products.tsx')),
            page('products/:id/details', 'routes.product_details', () => import('./routes/product-details.tsx')),
            {
              path: 'categories',
              handle: { title: 'routes.categories' } satisfies RouteHandle,
              lazy: () => import('./routes/categories.tsx').then((m) => ({ Component: m.Component, loader: m.createLoader(queryClient) })),
            },
            page('categories/:slug', 'routes.category_products', () => import('./routes/category-products.tsx')),
            {
              path: 'most-popular',
              handle: { title: 'routes.most_popular' } satisfies RouteHandle,
              lazy: () => import('./routes/most-popular.tsx').then((m) => m.collectionRoute('most-popular', queryClient)),
            },
            {
              path: 'best-deal',
              handle: { title: 'routes.best_deal' } satisfies RouteHandle,
              lazy: () => import('./routes/most-popular.tsx').then((m) => m.collectionRoute('best-deal', queryClient)),
            },
            page('flash-sale/:id', 'routes.flash_sale', () => import('./routes/flash-sale.tsx')),
            page('checkout', 'routes.checkout', () => import('./routes/checkout.tsx')),
            page('buynow', 'routes.buy_now', () => import('./routes/buy-now.tsx')),
            page('filtered-products', 'routes.filtered_products', () => import('./routes/filtered-products.tsx')),
            { path: 'support', handle: { title: 'routes.support' } satisfies RouteHandle, lazy: () => import('./routes/support.tsx') },
            subpageRoute(queryClient, { path: 'terms-and-conditions', slug: 'terms-and-conditions', title: 'routes.terms' }),
            subpageRoute(queryClient, { path: 'privacy-policy', slug: 'privacy-policy', title: 'routes.privacy' }),
            subpageRoute(queryClient, { path: 'about-us', slug: 'about-us', title: 'routes.about_us' }),
            page('contact-us', 'routes.contact_us', () => import('./routes/contact-us.tsx')),
            page('payment-success', 'routes.payment_success', () => import('./routes/payment-result.tsx')),
            page('payment-failure', 'routes.payment_failure', () => import('./routes/payment-result.tsx')),
            page('shop/register', 'routes.shop_register', () => import('./routes/shop-register.tsx')),
            page('accessibility', 'a11y.title', () => import('./routes/accessibility.tsx')),
            page('reviews-verified', 'voice.how_verified_title', () => import('./routes/reviews-verified.tsx')),
            page('ranking', 'listing.ranking_title', () => import('./routes/ranking.tsx')),
            page('withdrawal-form', 'withdrawal.form.title', () => import('./routes/withdrawal-form.tsx')),
            subpageRoute(queryClient, { path: ':slug' }),
          ],
        },
        {
          // Signed-in screens only: the sidebar's code is not part of the first load.
          lazy: () => import('./layouts/AccountLayout.tsx').then((m) => ({ Component: m.AccountLayout })),
          children: [
            page('dashboard', 'account.dashboard', () => import('./routes/dashboard.tsx')),
            page('notifications', 'account.notifications', () => import('./routes/notifications.tsx')),
            page('order-history', 'account.order_history', () => import('./routes/order-history.tsx')),
            {
              ...page('order-history/:id', 'routes.order_details', () => import('./routes/order-details.tsx')),
              handle: { title: 'routes.order_details', accountNav: '/order-history' } satisfies RouteHandle,
            },
            page('wishlist', 'account.wishlist', () => import('./routes/wishlist.tsx')),
            page('profile', 'account.my_profile', () => import('./routes/profile.tsx')),
            page('manage-address', 'account.manage_address', () => import('./routes/manage-address.tsx')),
            {
              ...page('manage-address/new', 'routes.add_address', () => import('./routes/address-edit.tsx')),
              handle: { title: 'routes.add_address', accountNav: '/manage-address' } satisfies RouteHandle,
            },
            {
              ...page('manage-address/:id/edit', 'routes.edit_address', () => import('./routes/address-edit.tsx')),
              handle: { title: 'routes.edit_address', accountNav: '/manage-address' } satisfies RouteHandle,
            },
            page('change-password', 'account.change_password', () => import('./routes/change-password.tsx')),
            page('support-tickets', 'account.support_ticket', () => import('./routes/support-tickets.tsx')),
            {
              ...page('support-ticket/:ticketNumber', 'routes.support_ticket_details', () => import('./routes/support-ticket.tsx')),
              handle: { title: 'routes.support_ticket_details', accountNav: '/support-tickets' } satisfies RouteHandle,
            },
          ],
        },
        {
          element: <BareLayout />,
          children: [
            { path: '*', handle: { title: 'routes.not_found' } satisfies RouteHandle, lazy: () => import('./routes/not-found.tsx') },
          ],
        },
      ],
    },
  ];
}

/**
 * What `createBrowserRouter` does, minus its last step: the caller starts the first navigation
 * with `router.initialize()`, in a task of its own (main.tsx). Together they were one of the
 * start-up's longest tasks (10–30 ms at full speed: ranking ~45 routes, then matching and loading
 * the first screen), over 50 ms on a slow phone (issue 15, TBT). The same parts as
 * createBrowserRouter's (react-router 7, `lib/dom/lib.tsx`), through the exports React Router
 * names UNSAFE_ for this use (not covered by semver): an upgrade that breaks them fails every
 * browser test at the first page.
 */
export const createRouter = (queryClient: QueryClient) =>
  createDataRouter({
    history: createBrowserHistory({ window }),
    routes: createRoutes(queryClient),
    mapRouteProperties,
    hydrationRouteProperties,
  });

/** For main.tsx, which loads this module with `import()`: react-router's code comes with it, not with the entry. */
export { RouterProvider } from 'react-router';
