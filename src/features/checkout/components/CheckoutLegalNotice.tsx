/**
 * Above the checkout's final button (issue 36; OUG 34/2014 art. 7(2)): what pressing it means —
 * an order with the obligation to pay the total shown — and the EU's legal guarantee notice.
 */
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, type CurrencyFormat } from '#contract/format-money.ts';
import { GuaranteeNotice } from '#src/components/GuaranteeNotice/GuaranteeNotice.tsx';

export function CheckoutLegalNotice({ total, currency }: { total: number; currency: CurrencyFormat }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="checkout-legal-notice">
      <GuaranteeNotice />
      <Text size="sm">{t('withdrawal.checkout.binding', { total: formatMoney(total, currency) })}</Text>
    </Stack>
  );
}
