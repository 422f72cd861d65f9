/**
 * Home (product §2, issue #3): banners, categories, the running flash sale with its countdown,
 * most popular, best deals, new arrivals and popular shops — every section links to its full
 * page. One /api/home call brings all product sections (one round trip on weak data).
 * Placeholders hold the banners' and every section's place while they load (no layout shift);
 * the product rows and shops, below the fold, render after the first paint (app/Deferred.tsx).
 */
import type { ReactNode } from 'react';
import { Anchor, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BANNER_SIZES, BannerCarousel } from '#src/features/content/components/BannerCarousel/BannerCarousel.tsx';
import { bannersQueryOptions } from '#src/features/content/api/get-banners.ts';
import { categoriesQueryOptions } from '#src/features/categories/api/get-categories.ts';
import { CategoryGrid } from '#src/features/categories/components/CategoryGrid/CategoryGrid.tsx';
import { homeSectionsQueryOptions } from '#src/features/products/api/get-home-sections.ts';
import type { HomeSections } from '#contract/catalog.ts';
import { prefetchScreen, preloadImage } from '../first-load.ts';
import { Deferred } from '../Deferred.tsx';
import { lazyPart } from '#src/lib/lazy-part.tsx';
import { RowPlaceholder, ShopsPlaceholder } from './home-placeholders.tsx';
import classes from './home.module.css';

export const createLoader = (queryClient: QueryClient) => async () => {
  const ready = prefetchScreen(queryClient, [bannersQueryOptions(), categoriesQueryOptions(), homeSectionsQueryOptions()]);
  // The first banner is the screen's largest picture: it starts loading with its address.
  void queryClient.ensureQueryData(bannersQueryOptions()).then(
    (banners) => preloadImage(banners[0]?.image, { meta: banners[0]?.image_meta, sizes: BANNER_SIZES }),
    () => undefined,
  );
  await ready;
  return null;
};

function Section({
  id,
  title,
  to,
  children,
  extra,
  below,
}: {
  id: string;
  title: string;
  to: string;
  children: ReactNode;
  extra?: ReactNode;
  below?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} data-testid={id} className={below ? 'below-fold' : undefined}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="sm">
          <Title order={2} id={id} size="h3">
            {title}
          </Title>
          {extra}
        </Group>
        <Anchor component={Link} to={to} size="sm" aria-label={`${t('common.see_all')}: ${title}`}>
          {t('common.see_all')}
        </Anchor>
      </Group>
      {children}
    </section>
  );
}

const HomeProducts = lazyPart(() => import('./home-rows.tsx'), 'HomeProducts');
const HomeShops = lazyPart(() => import('./home-rows.tsx'), 'HomeShops');
const Countdown = lazyPart(() => import('#src/features/products/components/Countdown/Countdown.tsx'), 'Countdown');

/** The product rows below the fold, in order: rendered after the first paint (Deferred), their code loaded then (home-rows.tsx). */
const PRODUCT_ROWS = [
  { id: 'home-most-popular', title: 'routes.most_popular', to: '/most-popular', pick: (s: HomeSections) => s.most_popular },
  { id: 'home-best-deals', title: 'routes.best_deal', to: '/best-deal', pick: (s: HomeSections) => s.best_deals },
  { id: 'home-new-arrivals', title: 'home.new_arrivals', to: '/filtered-products?sort=newest', pick: (s: HomeSections) => s.new_arrivals },
] as const;

export function Component() {
  const { t } = useTranslation();
  const banners = useQuery(bannersQueryOptions());
  const categories = useQuery(categoriesQueryOptions());
  const home = useQuery(homeSectionsQueryOptions());
  const sections = home.data;
  const sale = sections?.flash_sale;

  return (
    <Container size="xl" py="md">
      <Stack gap="xl">
        <Title order={1} className="visually-hidden">
          {t('home.title')}
        </Title>
        {banners.isPending ? (
          <Skeleton className={classes.bannerPlaceholder} h="auto" radius="lg" aria-hidden="true" />
        ) : (
          <BannerCarousel />
        )}
        <Section id="home-categories" title={t('routes.categories')} to="/categories">
          <CategoryGrid categories={(categories.data ?? []).slice(0, 12)} loading={categories.isPending} />
        </Section>
        {sale && sale.products.length > 0 && (
          <Section
            id="home-flash-sale"
            title={sale.name}
            to={`/flash-sale/${sale.id}`}
            extra={
              <Deferred placeholder={null}>
                <Countdown to={sale.ends_at} size="sm" />
              </Deferred>
            }
          >
            <Deferred placeholder={<RowPlaceholder />}>
              <HomeProducts fallback={<RowPlaceholder />} products={sale.products} />
            </Deferred>
          </Section>
        )}
        {PRODUCT_ROWS.map((row) => (
          <Section below key={row.id} id={row.id} title={t(row.title)} to={row.to}>
            <Deferred placeholder={<RowPlaceholder />}>
              {sections ? (
                <HomeProducts fallback={<RowPlaceholder />} products={row.pick(sections)} />
              ) : (
                !home.isError && <RowPlaceholder />
              )}
            </Deferred>
          </Section>
        ))}
        <Section below id="home-shops" title={t('home.popular_shops')} to="/shops">
          <Deferred placeholder={<ShopsPlaceholder />}>
            {sections ? (
              <HomeShops fallback={<ShopsPlaceholder />} shops={sections.popular_shops} />
            ) : (
              !home.isError && <ShopsPlaceholder />
            )}
          </Deferred>
        </Section>
        {home.isError && !sections && (
          <Text c="dimmed" ta="center">
            {t('errors.content_unavailable')}
          </Text>
        )}
      </Stack>
    </Container>
  );
}
