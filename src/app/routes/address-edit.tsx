/**
 * /manage-address/new and /manage-address/:id/edit (product §2): the address form; after saving,
 * back to /manage-address.
 */
import { Paper, Skeleton, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AddressInput } from '#contract/addresses.ts';
import {
  ADDRESSES_QUERY_KEY,
  addressesQueryOptions,
  createAddress,
  toAddressInput,
  updateAddress,
} from '#src/features/addresses/api/addresses-api.ts';
import { AddressForm } from '#src/features/addresses/components/AddressForm.tsx';
import { QueryState, parseId, queryPhase } from '#src/components/QueryState/QueryState.tsx';

export const createLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(addressesQueryOptions());
  return null;
};

export function Component() {
  const { t } = useTranslation();
  const { id: rawId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = rawId !== undefined;
  const id = editing ? parseId(rawId) : null;
  const query = useQuery({ ...addressesQueryOptions(), enabled: editing && id !== null });

  const title = t(editing ? 'routes.edit_address' : 'routes.add_address');
  const save = async (input: AddressInput) => {
    const response = id ? await updateAddress(id, input) : await createAddress(input);
    await queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY });
    notifications.show({ color: 'green', message: response.message });
    void navigate('/manage-address');
  };
  const cancel = () => void navigate('/manage-address');

  if (editing) {
    if (id === null) return <QueryState kind="not-found" />;
    const phase = queryPhase(query);
    if (phase === 'loading') {
      return (
        <Stack gap="lg" data-testid="address-skeleton">
          <Title order={1}>{title}</Title>
          <Skeleton h={520} radius="md" />
        </Stack>
      );
    }
    if (!query.data)
      return <QueryState kind={phase === 'ready' ? 'error' : phase} onRetry={() => query.refetch()} retrying={query.isFetching} />;
    const address = query.data.find((a) => a.id === id);
    if (!address) return <QueryState kind="not-found" text={t('address.not_found')} />;
    return (
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <Paper withBorder p="md" maw={640}>
          <AddressForm key={address.id} initial={toAddressInput(address)} onSubmit={save} onCancel={cancel} />
        </Paper>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="md" maw={640}>
        <AddressForm onSubmit={save} onCancel={cancel} />
      </Paper>
    </Stack>
  );
}
