/**
 * /categories/{slug} — and /categories/{id}, which the header's category buttons open
 * (spec §2): both resolve to the same category. The id comes from the (persisted) category
 * list when it is there, so products load without waiting for a second request.
 */
import { Container } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { categoriesQueryOptions } from '../../features/categories/api/get-categories.ts';
import { categoryQueryOptions } from '../../features/categories/api/get-category.ts';
import { ProductListing } from '../../features/products/components/ProductListing/ProductListing.tsx';
import { PageHeader } from '../../components/PageHeader/PageHeader.tsx';
import { QueryState, queryPhase } from '../../components/QueryState/QueryState.tsx';
import { ProductGridSkeleton } from '../../features/products/components/ProductGrid/ProductGrid.tsx';
import { Skeleton } from '@mantine/core';
import type { Category } from '../../contract/content.ts';
import { useProductActions } from '../use-product-actions.tsx';

const matches = (key: string) => (c: Category) => c.slug === key || String(c.id) === key;

export const createLoader = (queryClient: QueryClient) => ({ params }: LoaderFunctionArgs) => {
  const key = params.slug ?? '';
  const known = queryClient.getQueryData(categoriesQueryOptions().queryKey)?.find(matches(key));
  if (!known) void queryClient.prefetchQuery(categoryQueryOptions(key));
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
          <QueryState kind={phase} onRetry={() => single.refetch()} retrying={single.isFetching} text={phase === 'not-found' ? t('category.not_found') : undefined} />
        )}
      </Container>
    );
  }
  return (
    <Container size="xl" py="lg">
      <PageHeader title={category.name} description={t('categories.products_count', { count: category.products_count })} />
      <ProductListing params={{ category: category.id }} {...actions} />
    </Container>
  );
}
