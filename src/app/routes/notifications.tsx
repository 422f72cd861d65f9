/**
 * /notifications (issue #6): the "turn on notifications" control (permission asked only on a
 * tap), "mark all as read", and the list — newest first, paged (`?page=`), unread ones marked;
 * opening one marks it read and follows its link (an order, a ticket, a product).
 */
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useOnline } from '#src/lib/connectivity.ts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notificationsQueryOptions } from '#src/features/notifications/api/get-notifications.ts';
import { useMarkRead } from '#src/features/notifications/api/mark-read.ts';
import { usePush } from '#src/features/notifications/hooks/use-push.ts';
import { NotificationList } from '#src/features/notifications/components/NotificationList/NotificationList.tsx';
import { PushToggle } from '#src/features/notifications/components/PushToggle/PushToggle.tsx';
import { PushConsentPrompt } from '#src/features/notifications/components/PushConsentDialog/PushConsentPrompt.tsx';
import { Pagination } from '#src/components/Pagination/Pagination.tsx';
import { QueryState, queryPhase } from '#src/components/QueryState/QueryState.tsx';
import { BellIcon } from '#src/components/icons/icons.tsx';

const pageFrom = (search: URLSearchParams) => {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
};

export const createLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    void queryClient.prefetchQuery(notificationsQueryOptions(pageFrom(new URL(request.url).searchParams)));
    return null;
  };

export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { online } = useOnline();
  const page = pageFrom(search);
  const query = useQuery(notificationsQueryOptions(page));
  const markRead = useMarkRead();
  const push = usePush();
  const phase = queryPhase(query);
  const unread = query.data?.unread_count ?? 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>{t('account.notifications')}</Title>
        {unread > 0 && (
          <Button variant="light" size="xs" onClick={() => markRead.mutate('all')} data-testid="mark-all-read">
            {t('notifications.mark_all')}
          </Button>
        )}
      </Group>
      <PushConsentPrompt push={push}>
        {(askConsent) => (
          <PushToggle
            state={push.state}
            busy={push.busy}
            failed={Boolean(push.error)}
            online={online}
            onTurnOn={askConsent}
            onTurnOff={() => void push.turnOff()}
          />
        )}
      </PushConsentPrompt>
      {phase === 'loading' ? (
        <Stack gap="xs" data-testid="notifications-skeleton">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} h={76} radius="md" />
          ))}
        </Stack>
      ) : !query.data ? (
        <QueryState kind={phase === 'ready' ? 'error' : phase} order={2} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : query.data.data.length === 0 ? (
        <Stack align="center" ta="center" py="xl" gap="xs" data-testid="notifications-empty">
          <BellIcon size={40} color="var(--mantine-color-dimmed)" />
          <Title order={2} size="h4">
            {t('notifications.none_title')}
          </Title>
          <Text c="dimmed" maw={420}>
            {t('notifications.none_text')}
          </Text>
        </Stack>
      ) : (
        <>
          {unread > 0 && (
            <Text size="sm" c="dimmed" data-testid="unread-summary">
              {t('notifications.unread_count', { count: unread })}
            </Text>
          )}
          <NotificationList notifications={query.data.data} onOpen={(n) => !n.read_at && markRead.mutate({ id: n.id })} />
          <Pagination
            current={query.data.meta.current_page}
            last={query.data.meta.last_page}
            hrefFor={(p) => (p > 1 ? `/notifications?page=${p}` : '/notifications')}
          />
        </>
      )}
    </Stack>
  );
}
