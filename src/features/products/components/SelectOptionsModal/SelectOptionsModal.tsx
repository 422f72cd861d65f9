/**
 * 'Select Options' modal (product §2, §5): size buttons with their surcharge, a quantity stepper
 * that stops at 1 (and at the stock), and the live price = (unit price + surcharge) × quantity.
 * Product §2 says no control opens it in the card itself; the cart feature (issue #5) does.
 */
import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Product, SizeOption } from '#contract/catalog.ts';
import { formatMoney } from '#contract/format-money.ts';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import { linePrice, originalLinePrice, isDiscounted } from '../../lib/price.ts';
import classes from './SelectOptionsModal.module.css';

export interface SelectedOptions {
  size: SizeOption | null;
  quantity: number;
}

export function SelectOptionsModal({
  product,
  opened,
  onClose,
  onConfirm,
  confirmLabel,
}: {
  product: Product;
  opened: boolean;
  onClose: () => void;
  onConfirm: (options: SelectedOptions) => void;
  confirmLabel?: string;
}) {
  const { t } = useTranslation();
  const { currency } = useStorefront();
  const [size, setSize] = useState<SizeOption | null>(product.sizes[0] ?? null);
  const [quantity, setQuantity] = useState(1);
  const maxQuantity = Math.max(1, product.quantity);
  const surcharge = size?.price ?? 0;

  return (
    <Modal opened={opened} onClose={onClose} title={t('product.select_options')} centered>
      <Stack gap="md">
        <Text fw={600}>{product.name}</Text>
        {product.sizes.length > 0 && (
          <div role="radiogroup" aria-label={t('product.size')}>
            <Text size="sm" fw={500} mb={6}>
              {t('product.size')}
            </Text>
            <Group gap={6}>
              {product.sizes.map((option) => (
                <UnstyledButton
                  key={option.id}
                  role="radio"
                  aria-checked={size?.id === option.id}
                  className={classes.size}
                  data-selected={size?.id === option.id || undefined}
                  onClick={() => setSize(option)}
                >
                  {option.name}
                  {option.price > 0 && <span className={classes.surcharge}>+{formatMoney(option.price, currency)}</span>}
                </UnstyledButton>
              ))}
            </Group>
          </div>
        )}
        <Group justify="space-between">
          <Text size="sm" fw={500} id="quantity-label">
            {t('product.quantity')}
          </Text>
          <Group gap={6} role="group" aria-labelledby="quantity-label">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('product.decrease')}
              disabled={quantity <= 1}
              onClick={() => setQuantity((q) => Math.max(1, q - 1))}
            >
              −
            </ActionIcon>
            <Text w={32} ta="center" fw={600} aria-live="polite" data-testid="option-quantity">
              {quantity}
            </Text>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('product.increase')}
              disabled={quantity >= maxQuantity}
              onClick={() => setQuantity((q) => Math.min(maxQuantity, q + 1))}
            >
              +
            </ActionIcon>
          </Group>
        </Group>
        <Group justify="space-between" align="baseline">
          <Text size="sm">{t('product.total')}</Text>
          <Group gap={6} align="baseline">
            <Text fw={700} fz="xl" data-testid="option-price">
              {formatMoney(linePrice(product, surcharge, quantity), currency)}
            </Text>
            {isDiscounted(product) && (
              <Text component="s" size="sm" c="dimmed">
                {formatMoney(originalLinePrice(product, surcharge, quantity), currency)}
              </Text>
            )}
          </Group>
        </Group>
        <Button fullWidth onClick={() => onConfirm({ size, quantity })}>
          {confirmLabel ?? t('product.add_to_cart')}
        </Button>
      </Stack>
    </Modal>
  );
}
