/** Home (spec §2). Issue #3 adds the flash sale, most popular, best deals, new arrivals and shops. */
import { Anchor, Container, Group, Stack, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BannerCarousel } from '../../features/content/components/BannerCarousel/BannerCarousel.tsx';
import { bannersQueryOptions } from '../../features/content/api/get-banners.ts';
import { categoriesQueryOptions } from '../../features/categories/api/get-categories.ts';
import { CategoryGrid } from '../../features/categories/components/CategoryGrid/CategoryGrid.tsx';

export const createLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(bannersQueryOptions());
  void queryClient.prefetchQuery(categoriesQueryOptions());
  return null;
};

export function Component() {
  const { t } = useTranslation();
  const categories = useQuery(categoriesQueryOptions());
  return (
    <Container size="xl" py="md">
      <Stack gap="xl">
        <Title order={1} className="visually-hidden">{t('home.title')}</Title>
        <BannerCarousel />
        <section aria-labelledby="home-categories">
          <Group justify="space-between" mb="sm">
            <Title order={2} id="home-categories" size="h3">{t('routes.categories')}</Title>
            <Anchor component={Link} to="/categories" size="sm">{t('common.see_all')}</Anchor>
          </Group>
          <CategoryGrid categories={(categories.data ?? []).slice(0, 12)} loading={categories.isPending} />
        </section>
      </Stack>
    </Container>
  );
}
