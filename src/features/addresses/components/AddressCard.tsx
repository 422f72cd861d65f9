/** One address: name, phone, street, locality, county, postal code, type and the default badge. */
import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Address } from '#contract/addresses.ts';

export function AddressLines({ address }: { address: Omit<Address, 'id' | 'is_default'> }) {
  return (
    <Stack gap={0}>
      <Text fw={600}>{address.name}</Text>
      <Text size="sm">{address.phone}</Text>
      <Text size="sm">{address.street}</Text>
      <Text size="sm">
        {address.locality}, {address.county} {address.postal_code}
      </Text>
      <Text size="sm" c="dimmed">
        {address.country}
      </Text>
    </Stack>
  );
}

export function AddressCard({ address, actions }: { address: Address; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="address-card">
      <Group gap="xs">
        <Badge variant="light" color="gray">
          {t(`address.type_${address.type}`)}
        </Badge>
        {address.is_default && <Badge data-testid="default-badge">{t('address.default')}</Badge>}
      </Group>
      <AddressLines address={address} />
      {actions && <Group gap="xs">{actions}</Group>}
    </Stack>
  );
}
