/**
 * /shops/{id}/categories/{slug} (product §2 Shop category products): the shop's products in one
 * category, with sort and pagination in the URL. The category id comes from the shop's own
 * categories (GET /api/shops/{id}); an unknown slug is a friendly not-found state.
 */
import { Anchor, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shopQueryOptions } from '#src/features/shops/api/get-shop.ts';
import { QueryState, parseId, queryPhase } from '#src/components/QueryState/QueryState.tsx';
import { ShopGone, listingGoneMessage } from '#src/features/voice/components/ListingGone.tsx';
import { ShopProducts, shopProductsQueryOptions } from './shop-details.tsx';
import { Photo } from '#src/components/Photo/Photo.tsx';
import classes from './shop-details.module.css';

export const createLoader =
  (queryClient: QueryClient) =>
  ({ params, request }: LoaderFunctionArgs) => {
    const id = parseId(params.id);
    if (!id) return null;
    // Never awaited: the products start as soon as the shop (and so the category id) is known.
    void queryClient
      .ensureQueryData(shopQueryOptions(id))
      .then((shop) => {
        const category = shop.categories.find((c) => c.slug === params.slug);
        if (category) return queryClient.prefetchQuery(shopProductsQueryOptions(request.url, id, category.id));
      })
      .catch(() => undefined);
    return null;
  };

export function Component() {
  const { t } = useTranslation();
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

  if (!shop.data) {
    return (
      <Container size="xl" py="md">
        <Stack gap={8} mb="lg" aria-hidden="true" data-testid="shop-category-skeleton">
          <Skeleton h={14} w={220} />
          <Skeleton h={32} w="50%" />
          <Skeleton h={14} w={180} />
        </Stack>
      </Container>
    );
  }

  const { shop: details, categories } = shop.data;
  const category = categories.find((c) => c.slug === params.slug);

  if (!category) {
    return (
      <Container size="xl" py="xl">
        <QueryState
          kind="not-found"
          title={t('shop_category.not_found_title')}
          text={t('shop_category.not_found_text', { shop: details.name })}
        >
          <Anchor component={Link} to={`/shops/${details.id}`}>
            {t('shop_category.back_to_shop', { shop: details.name })}
          </Anchor>
        </QueryState>
      </Container>
    );
  }

  return (
    <Container size="xl" py="md">
      <nav aria-label={t('shop_category.breadcrumb')}>
        <ol className={classes.crumbs}>
          <li>
            <Anchor component={Link} to="/shops" size="sm">
              {t('routes.shops')}
            </Anchor>
          </li>
          <li>
            <Anchor component={Link} to={`/shops/${details.id}`} size="sm">
              {details.name}
            </Anchor>
          </li>
          <li aria-current="page">{category.name}</li>
        </ol>
      </nav>
      <Group gap="md" wrap="nowrap" align="center" mb="md">
        <Photo
          src={details.logo}
          meta={details.logo_meta}
          alt=""
          sizes="56px"
          width={56}
          height={56}
          style={{ borderRadius: '50%', flex: '0 0 56px' }}
        />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 22, sm: 28 }} className={classes.name}>
            {category.name}
          </Title>
          <Text size="sm" c="dimmed">
            {t('shop_category.from_shop')}{' '}
            <Anchor component={Link} to={`/shops/${details.id}`} inherit>
              {details.name}
            </Anchor>
          </Text>
        </Stack>
      </Group>
      {categories.length > 1 && (
        <nav aria-label={t('shop.categories')} style={{ marginBottom: 'var(--mantine-spacing-lg)' }}>
          <ul className={classes.chips}>
            {categories.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/shops/${details.id}/categories/${c.slug}`}
                  className={classes.chip}
                  aria-current={c.id === category.id ? 'page' : undefined}
                >
                  {c.name}
                  <span className={classes.chipCount}>{c.products_count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <ShopProducts key={category.id} shopId={details.id} categoryId={category.id} />
    </Container>
  );
}
