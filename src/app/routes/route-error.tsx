/**
 * Route errors: a 404 shows page not found (bare layout, product §2); anything else — most
 * often a screen's code that could not be fetched on a dropped connection — gets a clear
 * message and a retry, never a blank screen. Errors are logged (product §8).
 */
import { useEffect } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../DocumentTitle.tsx';
import { NotFoundPage } from './not-found.tsx';
import { connectivity } from '#src/lib/connectivity.ts';

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error('[navigation]', error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <DocumentTitle title={t('routes.not_found')} />
        <NotFoundPage />
      </>
    );
  }
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" maw={420} ta="center">
        <Title order={1}>{t('errors.page_failed_title')}</Title>
        <Text c="dimmed">{connectivity.isOnline() ? t('errors.page_failed_text') : t('errors.page_failed_offline')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
      </Stack>
    </Center>
  );
}
