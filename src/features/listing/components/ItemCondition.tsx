/**
 * What state the item is in (issue 36): the condition's label and, below very good, what is wrong
 * with it. The product page shows it as one of the item's attributes (ProductInfo's list, beside
 * brand, season and category), above the price's buttons, so it is read before buying.
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProductCondition } from '#contract/item-condition.ts';

/** The value of the "Stare" attribute: the condition, then its notes on a line of their own. */
export function ConditionValue({ condition, notes }: { condition: ProductCondition; notes: string | null }) {
  const { t } = useTranslation();
  return (
    <span data-testid="item-condition" data-condition={condition}>
      {t(`listing.condition.${condition}`)}
      {notes && (
        <Text component="span" display="block" size="sm" mt={2} data-testid="condition-notes" style={{ overflowWrap: 'anywhere' }}>
          <Text span size="sm" c="dimmed">
            {t('listing.condition_notes')}:{' '}
          </Text>
          {notes}
        </Text>
      )}
    </span>
  );
}
