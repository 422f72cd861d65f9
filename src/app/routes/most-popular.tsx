/**
 * Fixed-order product collections: /most-popular (best sellers first) and /best-deal
 * (biggest discounts first). One module, two routes (see router.tsx).
 */
import { Container } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { productListQueryOptions } from '#src/features/products/api/get-products.ts';
import { ProductListing } from '#src/features/products/components/ProductListing/ProductListing.tsx';
import { PageHeader } from '#src/components/PageHeader/PageHeader.tsx';
import { useRouteTitle } from '../DocumentTitle.tsx';
import { useProductActions } from '../use-product-actions.tsx';

export const COLLECTIONS = {
  'most-popular': { endpoint: '/most-popular', description: 'collections.most_popular_text' },
  'best-deal': { endpoint: '/best-deal', description: 'collections.best_deal_text' },
} as const;
export type CollectionName = keyof typeof COLLECTIONS;

export function collectionRoute(name: CollectionName, queryClient: QueryClient) {
  const { endpoint, description } = COLLECTIONS[name];
  return {
    loader: ({ request }: LoaderFunctionArgs) => {
      const page = Number(new URL(request.url).searchParams.get('page')) || 1;
      void queryClient.prefetchQuery(productListQueryOptions({ page }, endpoint));
      return null;
    },
    Component: function Collection() {
      const { t } = useTranslation();
      const actions = useProductActions();
      return (
        <Container size="xl" py="lg">
          <PageHeader title={useRouteTitle() ?? ''} description={t(description)} />
          <ProductListing params={{}} endpoint={endpoint} sorts={[]} {...actions} />
        </Container>
      );
    },
  };
}
