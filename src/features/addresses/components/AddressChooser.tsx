/**
 * The delivery address at checkout and buy now: the shopper's addresses as radio cards (the
 * default preselected), "Add address" opening the form as a modal; with no address at all the
 * form shows inline. An address that could not be saved for lack of a connection is handed to
 * `onDraft` (the route keeps it on the device as the basket's pending address, product §4) and
 * comes back as `draft` to fill the form after a reload.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Paper, Radio, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Address, AddressInput } from '#contract/addresses.ts';
import { ADDRESSES_QUERY_KEY, addressesQueryOptions, createAddress } from '../api/addresses-api.ts';
import { AddressCard } from './AddressCard.tsx';
import { AddressForm } from './AddressForm.tsx';
import { AddressModal } from './AddressModal.tsx';
import { QueryState, queryPhase } from '#src/components/QueryState/QueryState.tsx';
import { NetworkError } from '#src/lib/api-client.ts';

export interface AddressChooserProps {
  value: number | null;
  onChange(id: number | null): void;
  /** The address typed earlier and not saved yet. */
  draft?: AddressInput | null;
  onDraft?(input: AddressInput | null): void;
}

export function AddressChooser({ value, onChange, draft, onDraft }: AddressChooserProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(addressesQueryOptions());
  const [modal, setModal] = useState(false);
  const addresses = query.data;

  // Preselect the default (or the first) address; drop a choice that no longer exists.
  useEffect(() => {
    if (!addresses) return;
    if (value !== null && addresses.some((a) => a.id === value)) return;
    const preferred = addresses.find((a) => a.is_default) ?? addresses[0];
    onChange(preferred?.id ?? null);
  }, [addresses, value, onChange]);

  const save = async (input: AddressInput) => {
    const response = await createAddress({ ...input, is_default: input.is_default || !addresses?.length }).catch((error: unknown) => {
      if (error instanceof NetworkError) onDraft?.(input);
      throw error;
    });
    onDraft?.(null);
    await queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY });
    onChange(response.data.address.id);
    return response;
  };
  const saved = (address: Address) => onChange(address.id);

  const phase = queryPhase(query);
  return (
    <Stack gap="sm" component="section" aria-labelledby="checkout-address">
      <Group justify="space-between">
        <Title order={2} size="h4" id="checkout-address">
          {t('checkout.address')}
        </Title>
        {addresses && addresses.length > 0 && (
          <Button variant="light" size="xs" onClick={() => setModal(true)}>
            {t('address.add')}
          </Button>
        )}
      </Group>
      {phase === 'loading' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton h={140} />
          <Skeleton h={140} />
        </SimpleGrid>
      ) : !addresses ? (
        <QueryState kind={phase === 'ready' ? 'error' : phase} order={2} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : addresses.length === 0 ? (
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed" mb="sm">
            {t('address.none_yet')}
          </Text>
          {draft && (
            <Text size="sm" mb="sm" data-testid="address-draft">
              {t('address.draft_kept')}
            </Text>
          )}
          <AddressForm onSubmit={save} initial={draft ?? undefined} />
        </Paper>
      ) : (
        <Radio.Group value={value === null ? null : String(value)} onChange={(v) => onChange(Number(v))} aria-labelledby="checkout-address">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {addresses.map((address) => (
              <Radio.Card
                key={address.id}
                value={String(address.id)}
                p="md"
                radius="md"
                withBorder
                data-testid="address-option"
                aria-label={`${address.name}, ${address.street}, ${address.locality}`}
              >
                <Group align="flex-start" wrap="nowrap">
                  <Radio.Indicator />
                  <AddressCard address={address} />
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
      )}
      <AddressModal opened={modal} onClose={() => setModal(false)} onSubmit={save} onSaved={saved} />
    </Stack>
  );
}
