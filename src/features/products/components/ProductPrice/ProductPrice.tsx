/** Current price, the struck-through original when discounted (spec §2, §5). */
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../lib/format-money.ts';
import { useStorefront } from '../../../storefront/hooks/use-storefront.ts';

export function ProductPrice({ current, original, size = 'md' }: { current: number; original?: number | null; size?: 'md' | 'xl' }) {
  const { t } = useTranslation();
  const { currency } = useStorefront();
  const discounted = original != null && original > current;
  return (
    <Group gap={6} wrap="wrap" align="baseline">
      <Text component="span" fw={700} fz={size === 'xl' ? 28 : 'md'} c="var(--mantine-primary-color-filled)" data-testid="price">
        {formatMoney(current, currency)}
      </Text>
      {discounted && (
        <Text component="s" fz={size === 'xl' ? 'md' : 'xs'} c="dimmed" data-testid="original-price">
          <span className="visually-hidden">{t('product.original_price')} </span>
          {formatMoney(original, currency)}
        </Text>
      )}
    </Group>
  );
}
