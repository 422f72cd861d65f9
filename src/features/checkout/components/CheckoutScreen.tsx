/**
 * The checkout page's body, shared by /checkout (the cart's selection) and /buynow (one item):
 * items by shop, the delivery address (a slot: the route composes the addresses feature),
 * payment method, voucher, the amounts and "Comandă cu obligație de plată". Data comes in as props.
 * Offline the button is disabled and nothing is queued: the choices stay on screen.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '#contract/orders.ts';
import type { CurrencyFormat } from '#contract/format-money.ts';
import type { CheckoutData } from '../api/checkout-api.ts';
import type { PlaceOrderFailure } from '../hooks/use-place-order.ts';
import { CheckoutGroups } from './CheckoutGroups.tsx';
import { CheckoutSummary } from './CheckoutSummary.tsx';
import { CouponField } from './CouponField.tsx';
import { PaymentMethodPicker } from './PaymentMethodPicker.tsx';
import { CheckoutLegalNotice } from './CheckoutLegalNotice.tsx';

export interface CheckoutScreenProps {
  title: string;
  currency: CurrencyFormat;
  summary: CheckoutData | undefined;
  summaryLoading: boolean;
  /** A message when the summary could not be made (other than a coupon refusal). */
  summaryError: ReactNode;
  addressSection: ReactNode;
  hasAddress: boolean;
  paymentMethod: PaymentMethod;
  onPaymentMethod(method: PaymentMethod): void;
  coupon: string | null;
  couponError: string | null;
  onCoupon(code: string | null): void;
  online: boolean;
  busy: boolean;
  failure: PlaceOrderFailure | null;
  /** The summary shown is not the one for the current choices (re-pricing, refused coupon). */
  stale: boolean;
  onPlace(): void;
}

export function CheckoutScreen(props: CheckoutScreenProps) {
  const { t } = useTranslation();
  const { summary, currency } = props;
  const canPlace = props.online && props.hasAddress && Boolean(summary) && !props.stale && !props.couponError;
  return (
    <Stack gap="lg">
      <Title order={1}>{props.title}</Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Stack gap="sm" component="section" aria-labelledby="checkout-items">
              <Title order={2} size="h4" id="checkout-items">
                {t('checkout.items')}
              </Title>
              {summary ? (
                <CheckoutGroups groups={summary.checkout_items} currency={currency} />
              ) : props.summaryLoading ? (
                <Skeleton h={160} data-testid="checkout-items-skeleton" />
              ) : (
                props.summaryError
              )}
            </Stack>
            {props.addressSection}
            <Paper withBorder p="md" component="section" aria-label={t('checkout.payment_method')}>
              <PaymentMethodPicker value={props.paymentMethod} onChange={props.onPaymentMethod} />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" component="section" aria-labelledby="checkout-summary-title" style={{ position: 'sticky', top: 80 }}>
            <Stack gap="md">
              <Title order={2} size="h4" id="checkout-summary-title">
                {t('checkout.summary_title')}
              </Title>
              <CouponField
                applied={props.coupon}
                onApply={props.onCoupon}
                error={props.couponError}
                busy={props.summaryLoading && Boolean(props.coupon)}
              />
              {summary ? <CheckoutSummary amounts={summary.checkout} currency={currency} /> : <Skeleton h={130} />}
              {props.failure && props.failure.kind !== 'offline' && (
                <Alert color="red" role="alert" data-testid="place-order-error">
                  {props.failure.message}
                </Alert>
              )}
              {(!props.online || props.failure?.kind === 'offline') && (
                <Alert color="yellow" role="status" data-testid="checkout-offline">
                  {t('checkout.offline')}
                </Alert>
              )}
              {!props.hasAddress && summary && (
                <Text size="sm" c="dimmed">
                  {t('validation.address_required')}
                </Text>
              )}
              {summary && <CheckoutLegalNotice total={summary.checkout.payable_amount} currency={currency} />}
              <Button
                size="lg"
                fullWidth
                onClick={props.onPlace}
                disabled={!canPlace}
                loading={props.busy}
                data-testid="place-order"
                // "Comandă cu obligație de plată" wraps on a narrow phone rather than being cut (issue 36).
                h="auto"
                py="xs"
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
              >
                {t('checkout.place_order')}
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
