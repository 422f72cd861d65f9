/**
 * /manage-address (product §2): the shopper's addresses with the default marked; edit, delete
 * (after a confirmation) and make default. New addresses at /manage-address/new.
 */
import { useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Address } from '#contract/addresses.ts';
import { ADDRESSES_QUERY_KEY, addressesQueryOptions, deleteAddress, setDefaultAddress } from '#src/features/addresses/api/addresses-api.ts';
import { AddressCard } from '#src/features/addresses/components/AddressCard.tsx';
import { QueryState, queryPhase } from '#src/components/QueryState/QueryState.tsx';
import { failureMessage } from '#src/lib/api-client.ts';
import { LazyConfirmDialog } from '#src/components/ConfirmDialog/LazyConfirmDialog.tsx';

export const createLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(addressesQueryOptions());
  return null;
};

export function Component() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(addressesQueryOptions());
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const phase = queryPhase(query);

  const fail = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: failureMessage(error, t),
    });
  const run = async (address: Address, action: () => Promise<{ message: string }>) => {
    setBusy(address.id);
    try {
      const response = await action();
      await queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY });
      notifications.show({ color: 'green', message: response.message });
      return true;
    } catch (error) {
      fail(error);
      return false;
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('account.manage_address')}</Title>
        <Button component={Link} to="/manage-address/new">
          {t('address.add')}
        </Button>
      </Group>
      {phase === 'loading' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="addresses-skeleton">
          <Skeleton h={170} />
          <Skeleton h={170} />
        </SimpleGrid>
      ) : !query.data ? (
        <QueryState kind={phase === 'ready' ? 'error' : phase} order={2} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : query.data.length === 0 ? (
        <Stack align="center" py="xl" gap="xs" data-testid="addresses-empty">
          <Title order={2} size="h4">
            {t('address.none_yet')}
          </Title>
          <Button component={Link} to="/manage-address/new" variant="light">
            {t('address.add')}
          </Button>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="section" aria-label={t('address.list')}>
          {query.data.map((address) => (
            <Paper key={address.id} withBorder p="md">
              <AddressCard
                address={address}
                actions={
                  <>
                    <Button
                      size="xs"
                      variant="light"
                      component={Link}
                      to={`/manage-address/${address.id}/edit`}
                      aria-label={t('address.edit_named', { name: address.name })}
                    >
                      {t('address.edit')}
                    </Button>
                    {!address.is_default && (
                      <Button
                        size="xs"
                        variant="subtle"
                        loading={busy === address.id}
                        onClick={() => void run(address, () => setDefaultAddress(address))}
                      >
                        {t('address.set_default')}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(address)}
                      aria-label={t('address.delete_named', { name: address.name })}
                    >
                      {t('address.delete')}
                    </Button>
                  </>
                }
              />
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {query.data && query.data.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('address.default_hint')}
        </Text>
      )}
      {deleting && (
        <LazyConfirmDialog
          opened
          title={t('address.delete')}
          text={t('address.delete_confirm', { name: deleting.name })}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void run(deleting, () => deleteAddress(deleting.id)).then((ok) => ok && setDeleting(null))}
          busy={busy === deleting.id}
        />
      )}
    </Stack>
  );
}
