/** /categories: every category (product §2). */
import { Alert, Container } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { categoriesQueryOptions } from '#src/features/categories/api/get-categories.ts';
import { CategoryGrid } from '#src/features/categories/components/CategoryGrid/CategoryGrid.tsx';
import { PageHeader } from '#src/components/PageHeader/PageHeader.tsx';

export const createLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(categoriesQueryOptions());
  return null;
};

export function Component() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery(categoriesQueryOptions());
  return (
    <Container size="xl" py="xl">
      <PageHeader title={t('routes.categories')} />
      {isError && !data ? (
        <Alert color="yellow">{t('errors.content_unavailable')}</Alert>
      ) : (
        <CategoryGrid categories={data ?? []} loading={isPending} />
      )}
    </Container>
  );
}
