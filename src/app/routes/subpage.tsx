import { Alert, Container, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import { subpagesQueryOptions } from '#src/features/content/api/get-subpages.ts';
import { SubpageContent } from '#src/features/content/components/SubpageContent.tsx';
import { PageHeader } from '#src/components/PageHeader/PageHeader.tsx';
import { useRouteTitle } from '../DocumentTitle.tsx';
import type { SubpageLoaderData } from './subpage-route.ts';

export function Component() {
  const { t } = useTranslation();
  const { slug } = useLoaderData() as SubpageLoaderData;
  const title = useRouteTitle();
  // Same options as the loader: shows the persisted copy and refreshes it in the background.
  const { data: pages } = useQuery(subpagesQueryOptions());
  const page = pages?.find((p) => p.slug === slug);
  return (
    <Container size="md" py="xl">
      <PageHeader title={page?.title ?? title ?? ''} />
      {page ? (
        <Typography>
          <SubpageContent html={page.content} />
        </Typography>
      ) : (
        <Alert color="yellow">{t('errors.content_unavailable')}</Alert>
      )}
    </Container>
  );
}
