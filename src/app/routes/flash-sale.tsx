/**
 * /flash-sale/{id} (product §2 Flash sale): the sale's name and description, a live countdown to
 * its end (or to its start when upcoming), and its products at sale prices with pagination
 * (?page=). An ended sale says so clearly and still lists its products, dimmed.
 * The phase follows the clock on this device, so a sale ends on screen without a reload.
 */
import { useReducer } from 'react';
import { Alert, Container, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FlashSale } from '#contract/catalog.ts';
import { flashSaleQueryOptions } from '#src/features/products/api/get-flash-sale.ts';
import { Countdown } from '#src/features/products/components/Countdown/Countdown.tsx';
import { formatReductionDate } from '#src/features/products/lib/reduction-date.ts';
import { ProductGrid, ProductGridSkeleton } from '#src/features/products/components/ProductGrid/ProductGrid.tsx';
import { Pagination } from '#src/components/Pagination/Pagination.tsx';
import { QueryState, parseId, queryPhase } from '#src/components/QueryState/QueryState.tsx';
import { useProductActions } from '../use-product-actions.tsx';

const pageOf = (search: URLSearchParams) => {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

export const createLoader =
  (queryClient: QueryClient) =>
  ({ params, request }: LoaderFunctionArgs) => {
    const id = parseId(params.id);
    if (id) void queryClient.prefetchQuery(flashSaleQueryOptions(id, pageOf(new URL(request.url).searchParams)));
    return null;
  };

export type SalePhase = FlashSale['status'];

/** Upcoming, running or ended by this device's clock; the server's status when dates are unreadable. */
export function salePhase(sale: Pick<FlashSale, 'starts_at' | 'ends_at' | 'status'>, now = Date.now()): SalePhase {
  const starts = Date.parse(sale.starts_at);
  const ends = Date.parse(sale.ends_at);
  if (Number.isNaN(starts) || Number.isNaN(ends)) return sale.status;
  if (now < starts) return 'upcoming';
  if (now >= ends) return 'ended';
  return 'running';
}

function formatDateTime(iso: string, language: string) {
  return new Intl.DateTimeFormat(language.startsWith('ro') ? 'ro-RO' : 'en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

function SaleHeaderSkeleton() {
  return (
    <Grid gap="lg" aria-hidden="true" data-testid="flash-sale-skeleton" mb="xl">
      <Grid.Col span={{ base: 12, sm: 5, md: 4 }}>
        <Skeleton h="auto" style={{ aspectRatio: '2 / 1' }} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 7, md: 8 }}>
        <Stack gap="sm">
          <Skeleton h={30} w="60%" />
          <Skeleton h={14} w="90%" />
          <Skeleton h={44} w={260} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

export function Component() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const id = parseId(params.id);
  const page = pageOf(search);
  const query = useQuery({ ...flashSaleQueryOptions(id ?? 0, page), enabled: id !== null });
  // The countdown calls this when it reaches 0, so the phase is read again.
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const state = id === null ? 'not-found' : queryPhase(query);
  const language = i18n.language || 'ro';
  const actions = useProductActions();

  if (state === 'not-found' || state === 'offline' || state === 'error') {
    return (
      <Container size="xl" py="xl">
        <QueryState
          kind={state}
          title={state === 'not-found' ? t('flash_sale.not_found_title') : undefined}
          text={state === 'not-found' ? t('flash_sale.not_found_text') : undefined}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      </Container>
    );
  }

  if (!query.data) {
    return (
      <Container size="xl" py="md">
        <SaleHeaderSkeleton />
        <ProductGridSkeleton />
      </Container>
    );
  }

  const { flash_sale: sale, data: products, meta } = query.data;
  const phase = salePhase(sale);

  return (
    <Container size="xl" py="md">
      <Grid gap="lg" mb="xl" align="center">
        <Grid.Col span={{ base: 12, sm: 5, md: 4 }}>
          <img
            src={sale.thumbnail}
            alt=""
            width={600}
            height={300}
            style={{
              display: 'block',
              width: '100%',
              height: 'auto',
              aspectRatio: '2 / 1',
              borderRadius: 'var(--mantine-radius-md)',
              filter: phase === 'ended' ? 'grayscale(0.7)' : undefined,
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7, md: 8 }}>
          <Stack gap="sm" data-testid="flash-sale-header" data-phase={phase}>
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
              {sale.name}
            </Title>
            {sale.description && (
              <Text c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {sale.description}
              </Text>
            )}
            {phase === 'running' && (
              <>
                {/* Issue 36: a sale's reductions are announced from its start (ANPC asks for the date). */}
                <Text size="sm" fw={600} data-testid="flash-sale-since">
                  {t('pricing.reduction_since', { date: formatReductionDate(sale.starts_at) })}
                </Text>
                <Countdown to={sale.ends_at} label={t('flash_sale.ends_in')} onComplete={rerender} />
                <Text size="sm" c="dimmed" data-testid="flash-sale-ends">
                  {t('flash_sale.ends_on', { date: formatDateTime(sale.ends_at, language) })}
                </Text>
              </>
            )}
            {phase === 'upcoming' && (
              <>
                <Text fw={600} data-testid="flash-sale-starts">
                  {t('flash_sale.starts_on', { date: formatDateTime(sale.starts_at, language) })}
                </Text>
                <Countdown to={sale.starts_at} label={t('flash_sale.starts_in')} onComplete={rerender} />
              </>
            )}
          </Stack>
        </Grid.Col>
      </Grid>

      {phase === 'ended' && (
        <Alert color="gray" variant="light" mb="lg" title={t('flash_sale.ended_title')} data-testid="flash-sale-ended">
          {t('flash_sale.ended_text', { date: formatDateTime(sale.ends_at, language) })}
        </Alert>
      )}
      {phase === 'upcoming' && (
        <Alert color="blue" variant="light" mb="lg" data-testid="flash-sale-upcoming-note">
          {t('flash_sale.upcoming_text')}
        </Alert>
      )}

      <section aria-labelledby="flash-sale-products">
        <Title order={2} size="h3" id="flash-sale-products" mb="sm">
          {t('flash_sale.products')}
        </Title>
        {products.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('flash_sale.no_products')}
          </Text>
        ) : (
          <div
            style={{ opacity: phase === 'ended' || query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            data-testid="flash-sale-products"
          >
            <ProductGrid products={products} {...actions} />
          </div>
        )}
        <Pagination current={meta.current_page} last={meta.last_page} hrefFor={(p) => (p <= 1 ? '?' : `?page=${p}`)} />
      </section>
    </Container>
  );
}
