/**
 * Who sells a checkout group (issue 36, OUG 34/2014 art. 6: the trader's identity before the
 * order): the legal name, CUI and trade-register number, with the rest of the identity in a
 * disclosure.
 */
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Trader } from '#contract/trader.ts';
import { formatPhone } from '#src/lib/format-phone.ts';

export function CheckoutTrader({ trader }: { trader: Trader }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" mb="xs" data-testid="checkout-trader">
      {t('listing.checkout_trader', { legal_name: trader.legal_name, cui: trader.cui, registration: trader.registration_number })}
      {' · '}
      {trader.address}
      {' · '}
      <Anchor href={`mailto:${trader.email}`} size="xs" underline="always">
        {trader.email}
      </Anchor>
      {' · '}
      <Anchor href={`tel:${trader.phone}`} size="xs" underline="always">
        {formatPhone(trader.phone)}
      </Anchor>
    </Text>
  );
}
