/** Cash on delivery ("Plata ramburs") or card. */
import { Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, type PaymentMethod } from '#contract/orders.ts';

export function PaymentMethodPicker({ value, onChange }: { value: PaymentMethod; onChange(method: PaymentMethod): void }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={value}
      onChange={(v) => onChange(v as PaymentMethod)}
      label={t('checkout.payment_method')}
      data-testid="payment-method"
    >
      <Stack gap="xs" mt="xs">
        {PAYMENT_METHODS.map((method) => (
          <Radio.Card key={method} value={method} p="sm" radius="md" withBorder data-testid={`payment-${method}`}>
            <Stack gap={0} style={{ flexDirection: 'row', alignItems: 'center', gap: 12 }}>
              <Radio.Indicator />
              <div>
                <Text fw={600}>{t(`checkout.payment_${method}`)}</Text>
                <Text size="xs" c="dimmed">
                  {t(`checkout.payment_${method}_hint`)}
                </Text>
              </div>
            </Stack>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
