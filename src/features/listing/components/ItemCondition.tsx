/** What state the item is in (issue 36): the condition's label and, below very good, what is wrong with it. */
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProductCondition } from '../../../../contract/item-condition.ts';

export function ItemCondition({ condition, notes }: { condition: ProductCondition; notes: string | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="item-condition" data-condition={condition}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('listing.condition_label')}:
        </Text>
        <Text size="sm">{t(`listing.condition.${condition}`)}</Text>
      </Group>
      {notes && (
        <Text size="sm" data-testid="condition-notes" style={{ overflowWrap: 'anywhere' }}>
          <Text span size="sm" c="dimmed">
            {t('listing.condition_notes')}:{' '}
          </Text>
          {notes}
        </Text>
      )}
    </Stack>
  );
}
