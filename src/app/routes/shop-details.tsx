/**
 * /shops/{id} (product §2 Shop details): banner, logo, name, rating, city, description, the
 * shop's categories (links to /shops/{id}/categories/{slug}) and its products with sort and
 * pagination kept in the URL (?sort=&page=, the shared ProductListing).
 */
import { Anchor, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shopQueryOptions } from '#src/features/shops/api/get-shop.ts';
import { productListQueryOptions } from '#src/features/products/api/get-products.ts';
import { readListParams } from '#src/features/products/lib/list-params.ts';
import { ProductListing } from '#src/features/products/components/ProductListing/ProductListing.tsx';
import { ShopRating } from '#src/features/shops/components/ShopCard/ShopCard.tsx';
import { QueryState, parseId, queryPhase } from '#src/components/QueryState/QueryState.tsx';
import { ShopGone, listingGoneMessage } from '#src/features/voice/components/ListingGone.tsx';
import { SoldByTrader } from '#src/features/listing/components/TraderIdentity.tsx';
import { useProductActions } from '../use-product-actions.tsx';
import { Photo } from '#src/components/Photo/Photo.tsx';
import classes from './shop-details.module.css';
import { ReportButton } from '#src/features/voice/components/ReportButton.tsx';
import { ShopReviews } from '#src/features/voice/components/ShopReviews.tsx';
import { useReporter } from '../use-reporter.ts';

/** The list query ProductListing will read for this URL, so the loader warms exactly that cache entry. */
export function shopProductsQueryOptions(url: string, shop: number, category?: number) {
  return productListQueryOptions({ shop, category, ...readListParams(new URL(url).searchParams) });
}

export const createLoader =
  (queryClient: QueryClient) =>
  ({ params, request }: LoaderFunctionArgs) => {
    const id = parseId(params.id);
    if (id) {
      void queryClient.prefetchQuery(shopQueryOptions(id));
      void queryClient.prefetchQuery(shopProductsQueryOptions(request.url, id));
    }
    return null;
  };

/** The shop's products: a heading, then the shared sortable, paginated list. */
export function ShopProducts({ shopId, categoryId }: { shopId: number; categoryId?: number }) {
  const { t } = useTranslation();
  const actions = useProductActions();
  return (
    <section aria-labelledby="shop-products-title" style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
      <Title order={2} size="h3" id="shop-products-title" mb="xs">
        {t('shop.products')}
      </Title>
      <ProductListing params={{ shop: shopId, category: categoryId }} {...actions} />
    </section>
  );
}

function formatJoined(iso: string, language: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(language.startsWith('ro') ? 'ro-RO' : 'en-GB', { month: 'long', year: 'numeric' }).format(date);
}

function ShopHeaderSkeleton() {
  return (
    <Stack gap="md" aria-hidden="true" data-testid="shop-skeleton">
      <Skeleton className={classes.banner} h="auto" />
      <Group gap="md" wrap="nowrap" className={classes.identity}>
        <Skeleton circle height={88} className={classes.logo} />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton h={28} w="60%" />
          <Skeleton h={14} w="40%" />
        </Stack>
      </Group>
      <Skeleton h={14} w="90%" />
      <Skeleton h={14} w="75%" />
    </Stack>
  );
}

export function Component() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const id = parseId(params.id);
  const shop = useQuery({ ...shopQueryOptions(id ?? 0), enabled: id !== null });
  const phase = id === null ? 'not-found' : queryPhase(shop);
  // A shop without its trader identity (issue 36) answers 410: gone from the catalogue, said so.
  const gone = listingGoneMessage(shop.error);
  if (gone) return <ShopGone message={gone} />;

  if (phase === 'not-found' || phase === 'offline' || phase === 'error') {
    return (
      <Container size="xl" py="xl">
        <QueryState
          kind={phase}
          title={phase === 'not-found' ? t('shop.not_found_title') : undefined}
          text={phase === 'not-found' ? t('shop.not_found_text') : undefined}
          onRetry={() => shop.refetch()}
          retrying={shop.isFetching}
        >
          {phase === 'not-found' && (
            <Anchor component={Link} to="/shops">
              {t('shop.all_shops')}
            </Anchor>
          )}
        </QueryState>
      </Container>
    );
  }

  const details = shop.data;
  const joined = details ? formatJoined(details.shop.joined_at, i18n.language || 'ro') : null;
  return (
    <Container size="xl" py="md">
      {!details ? (
        <ShopHeaderSkeleton />
      ) : (
        <Stack gap="md" data-testid="shop-header">
          <div className={classes.banner}>
            <Photo
              src={details.shop.banner}
              meta={details.shop.banner_meta}
              alt=""
              sizes="(min-width: 88em) 1320px, 100vw"
              width={1200}
              height={300}
              priority
            />
          </div>
          <Group gap="md" wrap="nowrap" align="flex-start" className={classes.identity}>
            <Photo
              src={details.shop.logo}
              meta={details.shop.logo_meta}
              alt={t('shop.logo_alt', { name: details.shop.name })}
              sizes="88px"
              width={88}
              height={88}
              className={classes.logo}
            />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={1} fz={{ base: 22, sm: 28 }} className={classes.name}>
                {details.shop.name}
              </Title>
              <ShopRating rating={details.shop.rating} reviews={details.shop.reviews_count} />
              <ShopReportButton shop={details.shop} />
              <Text size="sm" c="dimmed">
                {details.shop.city}
                {joined && <> · {t('shop.joined', { date: joined })}</>}
              </Text>
            </Stack>
          </Group>
          {details.shop.description && <Text className={classes.description}>{details.shop.description}</Text>}
          <SoldByTrader shopName={details.shop.name} trader={details.shop.trader} />
          {details.categories.length > 0 && (
            <section aria-labelledby="shop-categories-title">
              <Title order={2} size="h4" id="shop-categories-title" mb="xs">
                {t('shop.categories')}
              </Title>
              <ul className={classes.chips}>
                {details.categories.map((category) => (
                  <li key={category.id}>
                    <Link to={`/shops/${details.shop.id}/categories/${category.slug}`} className={classes.chip}>
                      {category.name}
                      <span className={classes.chipCount}>{category.products_count}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </Stack>
      )}
      {id !== null && <ShopProducts shopId={id} />}
      {id !== null && <ShopReviewsSection shopId={id} />}
    </Container>
  );
}

/** Issue 37: "Raportează" for the shop, and its verified reviews (features/voice). */
function ShopReportButton({ shop }: { shop: { id: number; name: string } }) {
  const { t } = useTranslation();
  const reporter = useReporter();
  return (
    <div>
      <ReportButton
        target={{ type: 'shop', id: shop.id, label: shop.name }}
        reporter={reporter}
        ariaLabel={t('voice.report_shop_aria', { name: shop.name })}
      />
    </div>
  );
}

function ShopReviewsSection({ shopId }: { shopId: number }) {
  const reporter = useReporter();
  return (
    <div style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
      <ShopReviews shopId={shopId} reporter={reporter} />
    </div>
  );
}
