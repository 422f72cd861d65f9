/** /shops (product §2 Shops): every shop as a card with its banner, rating, city and product count. */
import { Container, SimpleGrid, Text } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shopsQueryOptions } from '#src/features/shops/api/get-shops.ts';
import { ShopCard, ShopCardSkeleton } from '#src/features/shops/components/ShopCard/ShopCard.tsx';
import { PageHeader } from '#src/components/PageHeader/PageHeader.tsx';
import { Pagination } from '#src/components/Pagination/Pagination.tsx';
import { QueryState, queryPhase } from '#src/components/QueryState/QueryState.tsx';

const COLS = { base: 1, xs: 2, md: 3, lg: 4 };

const pageOf = (search: URLSearchParams) => {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

export const createLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    void queryClient.prefetchQuery(shopsQueryOptions(pageOf(new URL(request.url).searchParams)));
    return null;
  };

export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const page = pageOf(search);
  const query = useQuery(shopsQueryOptions(page));
  const phase = queryPhase(query);

  return (
    <Container size="xl" py="xl">
      <PageHeader title={t('routes.shops')} description={t('shops.intro')} />
      {phase === 'loading' && (
        <SimpleGrid cols={COLS} spacing="md" data-testid="shops-skeleton">
          {Array.from({ length: 8 }, (_, i) => (
            <ShopCardSkeleton key={i} withBanner />
          ))}
        </SimpleGrid>
      )}
      {(phase === 'offline' || phase === 'error' || phase === 'not-found') && (
        <QueryState kind={phase === 'not-found' ? 'error' : phase} order={2} onRetry={() => query.refetch()} retrying={query.isFetching} />
      )}
      {phase === 'ready' && query.data && (
        <>
          {query.data.data.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('shops.empty')}
            </Text>
          ) : (
            <>
              <h2 className="visually-hidden">{t('shops.list_title')}</h2>
              <SimpleGrid cols={COLS} spacing="md" data-testid="shop-list">
                {query.data.data.map((shop, index) => (
                  <ShopCard key={shop.id} shop={shop} withBanner priority={index < 2} />
                ))}
              </SimpleGrid>
            </>
          )}
          <Pagination
            current={query.data.meta.current_page}
            last={query.data.meta.last_page}
            hrefFor={(p) => (p <= 1 ? '?' : `?page=${p}`)}
          />
        </>
      )}
    </Container>
  );
}
