/**
 * Every route of spec §2, code-split per screen. Loaders prefetch with the same queryOptions
 * the screens read (they never block on the network: offline, the persisted cache answers).
 * Screens that later issues build (#3 catalog, #4 accounts, #5 cart, #6 engagement) are
 * real pages with their title and a short "coming" text for now.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { AccountLayout } from './layouts/AccountLayout.tsx';
import { BareLayout } from './layouts/BareLayout.tsx';
import { RootShell } from './RootShell.tsx';
import { RouteError } from './routes/route-error.tsx';
import type { RouteHandle } from './route-handle.ts';
import { subpageRoute } from './routes/subpage-route.ts';

const comingSoon = () => import('./routes/coming-soon.tsx');

/** A screen that is a titled "coming" page until its issue lands. */
const coming = (path: string, title: string, extra: RouteHandle = {}): RouteObject => ({
  path,
  lazy: comingSoon,
  handle: { title, ...extra } satisfies RouteHandle,
});

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <RootShell />,
      errorElement: <RouteError />,
      children: [
        {
          element: <PublicLayout />,
          children: [
            { index: true, lazy: () => import('./routes/home.tsx').then((m) => ({ Component: m.Component, loader: m.createLoader(queryClient) })) },
            subpageRoute(queryClient, { path: 'deletion-policy', slug: 'deletion-policy', title: 'routes.deletion_policy' }),
            coming('shops', 'routes.shops'),
            coming('shops/:id', 'routes.shop_details'),
            coming('shops/:id/categories/:slug', 'routes.shop_category_products'),
            coming('products', 'routes.products'),
            coming('products/:id/details', 'routes.product_details'),
            { path: 'categories', handle: { title: 'routes.categories' } satisfies RouteHandle, lazy: () => import('./routes/categories.tsx').then((m) => ({ Component: m.Component, loader: m.createLoader(queryClient) })) },
            coming('categories/:slug', 'routes.category_products'),
            coming('most-popular', 'routes.most_popular'),
            coming('best-deal', 'routes.best_deal'),
            coming('flash-sale/:id', 'routes.flash_sale'),
            coming('checkout', 'routes.checkout'),
            coming('buynow', 'routes.buy_now'),
            coming('filtered-products', 'routes.filtered_products'),
            { path: 'support', handle: { title: 'routes.support' } satisfies RouteHandle, lazy: () => import('./routes/support.tsx') },
            subpageRoute(queryClient, { path: 'terms-and-conditions', slug: 'terms-and-conditions', title: 'routes.terms' }),
            subpageRoute(queryClient, { path: 'privacy-policy', slug: 'privacy-policy', title: 'routes.privacy' }),
            subpageRoute(queryClient, { path: 'about-us', slug: 'about-us', title: 'routes.about_us' }),
            coming('contact-us', 'routes.contact_us'),
            coming('payment-success', 'routes.payment_success'),
            coming('payment-failure', 'routes.payment_failure'),
            coming('shop/register', 'routes.shop_register'),
            subpageRoute(queryClient, { path: ':slug' }),
          ],
        },
        {
          element: <AccountLayout />,
          children: [
            coming('dashboard', 'account.dashboard'),
            coming('notifications', 'account.notifications'),
            coming('order-history', 'account.order_history'),
            coming('order-history/:id', 'routes.order_details', { accountNav: '/order-history' }),
            coming('wishlist', 'account.wishlist'),
            coming('profile', 'account.my_profile'),
            coming('manage-address', 'account.manage_address'),
            coming('manage-address/new', 'routes.add_address', { accountNav: '/manage-address' }),
            coming('manage-address/:id/edit', 'routes.edit_address', { accountNav: '/manage-address' }),
            coming('change-password', 'account.change_password'),
            coming('support-tickets', 'account.support_ticket'),
            coming('support-ticket/:ticketNumber', 'routes.support_ticket_details', { accountNav: '/support-tickets' }),
          ],
        },
        {
          element: <BareLayout />,
          children: [{ path: '*', handle: { title: 'routes.not_found' } satisfies RouteHandle, lazy: () => import('./routes/not-found.tsx') }],
        },
      ],
    },
  ];
}

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(createRoutes(queryClient));
