/**
 * What a screen shows when its data is not there: offline (a NetworkError, or a query paused
 * because the device is offline — product §8 "never a blank screen"), not found (a 404 or an id
 * that cannot exist) or any other error, each with a retry (`refetch`) or a way home.
 * Pages seen before open from the persisted cache, so this only shows with no data at all.
 */
import type { ReactNode } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '#src/lib/api-client.ts';
import { OfflineIcon } from '../icons/icons.tsx';
import { connectivity } from '#src/lib/connectivity.ts';

export type QueryStateKind = 'offline' | 'not-found' | 'error';
export type QueryPhase = 'ready' | 'loading' | QueryStateKind;

/** The query fields the phase depends on (any useQuery result has them). */
export interface QueryLike {
  data: unknown;
  error: unknown;
  failureReason?: unknown;
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/** Judged by real requests (lib/connectivity.ts), never by navigator.onLine alone. */
const isOffline = () => connectivity.state() !== 'online';

/** A positive whole id from a path parameter, or null for one that cannot exist ("abc", "0", "1.5"): a not-found state without a request. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}

/** A 404, or a 422 on a path parameter (an id such as "abc" the server refuses). */
export function isNotFoundError(error: unknown): boolean {
  // 410: a shop without its trader identity and its products (issue 36) are gone from the catalog.
  return error instanceof ApiError && (error.status === 404 || error.status === 410 || error.status === 422);
}

export function errorKind(error: unknown): QueryStateKind {
  if (error instanceof NetworkError) return 'offline';
  if (isNotFoundError(error)) return 'not-found';
  return 'error';
}

/**
 * 'ready' whenever there is data (fresh or from the persisted cache); otherwise what to show.
 * A query paused by TanStack's offlineFirst mode has no error yet: it is offline all the same.
 */
export function queryPhase(query: QueryLike): QueryPhase {
  if (query.data !== undefined) return 'ready';
  if (query.error) return errorKind(query.error);
  if (query.fetchStatus === 'paused') return 'offline';
  if (query.failureReason instanceof NetworkError && isOffline()) return 'offline';
  if (query.fetchStatus === 'idle' && query.failureReason) return errorKind(query.failureReason);
  return 'loading';
}

export interface QueryStateProps {
  kind: QueryStateKind;
  /** Refetch; the retry button is shown for offline and error (not for not found). */
  onRetry?: () => unknown;
  retrying?: boolean;
  /** Heading level: 1 when the page has no other h1 (details pages), else 2. */
  order?: 1 | 2;
  /** Override the default title/text (e.g. "this shop has no such category"). */
  title?: string;
  text?: string;
  children?: ReactNode;
}

export function QueryState({ kind, onRetry, retrying = false, order = 1, title, text, children }: QueryStateProps) {
  const { t } = useTranslation();
  const defaults: Record<QueryStateKind, { title: string; text: string }> = {
    offline: { title: t('query_state.offline_title'), text: t('query_state.offline_text') },
    'not-found': { title: t('query_state.not_found_title'), text: t('errors.not_found_text') },
    error: { title: t('errors.page_failed_title'), text: t('errors.page_failed_text') },
  };
  return (
    <Stack
      align="center"
      ta="center"
      gap="sm"
      py="xl"
      px="md"
      mx="auto"
      maw={480}
      data-testid="query-state"
      data-kind={kind}
      role={kind === 'not-found' ? undefined : 'alert'}
    >
      {kind === 'offline' && <OfflineIcon size={40} color="var(--mantine-color-dimmed)" />}
      {kind === 'not-found' && (
        <Text fz={48} fw={800} lh={1} c="var(--mantine-primary-color-filled)" aria-hidden="true">
          404
        </Text>
      )}
      <Title order={order} size="h2">
        {title ?? defaults[kind].title}
      </Title>
      <Text c="dimmed">{text ?? defaults[kind].text}</Text>
      {children}
      <Group justify="center" gap="sm" mt="xs">
        {kind !== 'not-found' && onRetry && (
          <Button onClick={() => void onRetry()} loading={retrying}>
            {t('common.retry')}
          </Button>
        )}
        <Button component={Link} to="/" variant={kind === 'not-found' ? 'filled' : 'default'}>
          {t('common.back_home')}
        </Button>
      </Group>
    </Stack>
  );
}
