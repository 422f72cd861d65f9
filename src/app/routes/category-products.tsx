/**
 * /categories/{slug} — and /categories/{id}, which the header's category buttons open
 * (product §2): both resolve to the same category. The id comes from the (persisted) category
 * list when it is there, so products load without waiting for a second request; the loader
 * prefetches the first page of products as soon as the id is known.
 */
import { Container } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { categoriesQueryOptions } from '#src/features/categories/api/get-categories.ts';
import { categoryQueryOptions } from '#src/features/categories/api/get-category.ts';
import { ProductListing } from '#src/features/products/components/ProductListing/ProductListing.tsx';
import { PageHeader } from '#src/components/PageHeader/PageHeader.tsx';
import { QueryState, queryPhase } from '#src/components/QueryState/QueryState.tsx';
import { ProductGridSkeleton } from '#src/features/products/components/ProductGrid/ProductGrid.tsx';
import { Skeleton } from '@mantine/core';
import type { Category } from '#contract/content.ts';
import { useProductActions } from '../use-product-actions.tsx';
import { productListQueryOptions } from '#src/features/products/api/get-products.ts';
import { cardImage } from '#src/features/products/lib/media.ts';
import { CARD_SIZES } from '#src/features/products/components/ProductCard/ProductCard.tsx';
import { readListParams } from '#src/features/products/lib/list-params.ts';
import { firstLoadBudget, preloadImage } from '../first-load.ts';

const matches = (key: string) => (c: Category) => c.slug === key || String(c.id) === key;

export const createLoader =
  (queryClient: QueryClient) =>
  async ({ params, request }: LoaderFunctionArgs) => {
    const key = params.slug ?? '';
    const budget = firstLoadBudget();
    const list = queryClient.getQueryData(categoriesQueryOptions().queryKey);
    // The header's category strip shows the whole list: on a first visit it arrives with the screen.
    const header = list ? null : queryClient.prefetchQuery(categoriesQueryOptions());
    const known = list?.find(matches(key));
    const single = known ? null : queryClient.fetchQuery(categoryQueryOptions(key));
    single?.catch(() => undefined);
    const category = known ?? (single ? await budget.within(single) : undefined);
    if (category) {
      // The query ProductListing makes for this URL: the prefetched page is the one it shows.
      const listing = productListQueryOptions({ category: category.id, ...readListParams(new URL(request.url).searchParams) });
      const cached = queryClient.getQueryData(listing.queryKey) !== undefined;
      const fetching = queryClient.prefetchQuery(listing);
      if (!cached) await budget.within(fetching);
      // The first card's picture is the screen's largest: it starts loading with its address.
      const first = queryClient.getQueryData(listing.queryKey)?.data[0];
      if (budget.waiting && first)
        preloadImage(cardImage(first), { meta: first.thumbnail === cardImage(first) ? first.thumbnail_meta : null, sizes: CARD_SIZES });
    }
    if (header) await budget.within(header);
    budget.done();
    return null;
  };

export function Component() {
  const { t } = useTranslation();
  const key = useParams().slug ?? '';
  const actions = useProductActions();
  const list = useQuery(categoriesQueryOptions());
  const known = list.data?.find(matches(key));
  const single = useQuery({ ...categoryQueryOptions(key), enabled: !known });
  const category = known ?? single.data;

  if (!category) {
    const phase = list.isPending ? 'loading' : queryPhase(single);
    return (
      <Container size="xl" py="lg">
        {phase === 'loading' || phase === 'ready' ? (
          <>
            <Skeleton h={36} w={260} mb="lg" />
            <ProductGridSkeleton />
          </>
        ) : (
          <QueryState
            kind={phase}
            onRetry={() => single.refetch()}
            retrying={single.isFetching}
            text={phase === 'not-found' ? t('category.not_found') : undefined}
          />
        )}
      </Container>
    );
  }
  return (
    <Container size="xl" py="lg">
      {/* No count here: the listing says how many products the current filters find (one number, not two). */}
      <PageHeader title={category.name} />
      <ProductListing params={{ category: category.id }} {...actions} />
    </Container>
  );
}
