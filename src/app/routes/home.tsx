/**
 * Home (spec §2, issue #3): banners, categories, the running flash sale with its countdown,
 * most popular, best deals, new arrivals and popular shops — every section links to its full
 * page. One /api/home call brings all product sections (one round trip on weak data).
 */
import type { ReactNode } from 'react';
import { Anchor, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BannerCarousel } from '../../features/content/components/BannerCarousel/BannerCarousel.tsx';
import { bannersQueryOptions } from '../../features/content/api/get-banners.ts';
import { categoriesQueryOptions } from '../../features/categories/api/get-categories.ts';
import { CategoryGrid } from '../../features/categories/components/CategoryGrid/CategoryGrid.tsx';
import { homeSectionsQueryOptions } from '../../features/products/api/get-home-sections.ts';
import { ProductRow } from '../../features/products/components/ProductRow/ProductRow.tsx';
import { Countdown } from '../../features/products/components/Countdown/Countdown.tsx';
import { ShopCard, ShopCardSkeleton } from '../../features/shops/components/ShopCard/ShopCard.tsx';
import { useProductActions } from '../use-product-actions.tsx';

export const createLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(bannersQueryOptions());
  void queryClient.prefetchQuery(categoriesQueryOptions());
  void queryClient.prefetchQuery(homeSectionsQueryOptions());
  return null;
};

function Section({ id, title, to, children, extra }: { id: string; title: string; to: string; children: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} data-testid={id}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="sm">
          <Title order={2} id={id} size="h3">{title}</Title>
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

export function Component() {
  const { t } = useTranslation();
  const actions = useProductActions();
  const categories = useQuery(categoriesQueryOptions());
  const home = useQuery(homeSectionsQueryOptions());
  const sections = home.data;
  const loading = home.isPending;
  const sale = sections?.flash_sale;

  return (
    <Container size="xl" py="md">
      <Stack gap="xl">
        <Title order={1} className="visually-hidden">{t('home.title')}</Title>
        <BannerCarousel />
        <Section id="home-categories" title={t('routes.categories')} to="/categories">
          <CategoryGrid categories={(categories.data ?? []).slice(0, 12)} loading={categories.isPending} />
        </Section>
        {sale && sale.products.length > 0 && (
          <Section
            id="home-flash-sale"
            title={sale.name}
            to={`/flash-sale/${sale.id}`}
            extra={<Countdown to={sale.ends_at} size="sm" />}
          >
            <ProductRow products={sale.products} {...actions} />
          </Section>
        )}
        <Section id="home-most-popular" title={t('routes.most_popular')} to="/most-popular">
          <ProductRow products={sections?.most_popular ?? []} loading={loading} {...actions} />
        </Section>
        <Section id="home-best-deals" title={t('routes.best_deal')} to="/best-deal">
          <ProductRow products={sections?.best_deals ?? []} loading={loading} {...actions} />
        </Section>
        <Section id="home-new-arrivals" title={t('home.new_arrivals')} to="/filtered-products?sort=newest">
          <ProductRow products={sections?.new_arrivals ?? []} loading={loading} {...actions} />
        </Section>
        <Section id="home-shops" title={t('home.popular_shops')} to="/shops">
          {loading ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              {Array.from({ length: 4 }, (_, i) => <ShopCardSkeleton key={i} />)}
            </SimpleGrid>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
              {(sections?.popular_shops ?? []).slice(0, 8).map((shop) => <ShopCard key={shop.id} shop={shop} />)}
            </SimpleGrid>
          )}
        </Section>
        {home.isError && !sections && <Text c="dimmed" ta="center">{t('errors.content_unavailable')}</Text>}
      </Stack>
    </Container>
  );
}
