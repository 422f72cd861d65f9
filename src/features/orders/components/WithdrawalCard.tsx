/**
 * One withdrawal as the shopper follows it (issue 36): when it was asked (date and time), its
 * steps — requested → return in transit (AWB) → received → refunded, or requested → refunded when
 * nothing had shipped — the items, and the money: how much, by when, or that nothing was paid.
 */
import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Withdrawal, WithdrawalStatus } from '#contract/withdrawals.ts';
import { formatMoney, type CurrencyFormat } from '#contract/format-money.ts';
import { formatDate, formatDateTime } from '#src/lib/format-date.ts';

const AFTER_SHIPPING: WithdrawalStatus[] = ['requested', 'return_in_transit', 'received', 'refunded'];
const BEFORE_SHIPPING: WithdrawalStatus[] = ['requested', 'refunded'];

export function WithdrawalCard({ withdrawal: w, currency }: { withdrawal: Withdrawal; currency: CurrencyFormat }) {
  const { t } = useTranslation();
  const steps = w.before_shipping ? BEFORE_SHIPPING : AFTER_SHIPPING;
  const reached = steps.indexOf(w.status);
  const when: Partial<Record<WithdrawalStatus, string | null>> = {
    requested: w.requested_at,
    return_in_transit: w.return_shipped_at,
    received: w.received_at,
    refunded: w.refunded_at,
  };
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <Paper withBorder p="sm" data-testid="withdrawal" data-status={w.status}>
      <Stack gap={6}>
        <Title order={3} size="h6">
          {t('withdrawal.item_title', { date: formatDate(w.requested_at) })}
        </Title>
        <Text size="sm" data-testid="withdrawal-requested-at">
          {t('withdrawal.requested_at', { at: formatDateTime(w.requested_at) })}
        </Text>
        <List size="sm" spacing={2}>
          {w.items.map((i) => (
            <List.Item key={i.order_item_id}>
              {i.name} × {i.quantity}: {money(i.amount)}
            </List.Item>
          ))}
        </List>
        <Text size="xs" fw={600} id={`withdrawal-steps-${w.id}`}>
          {t('withdrawal.status_label')}
        </Text>
        <ol aria-labelledby={`withdrawal-steps-${w.id}`} style={{ margin: 0, paddingInlineStart: 20 }}>
          {steps.map((step, index) => {
            const at = when[step];
            const current = index === reached;
            return (
              <li key={step} aria-current={current ? 'step' : undefined}>
                <Text size="sm" fw={current ? 700 : 400} c={index <= reached ? undefined : 'gray.7'} span>
                  {t(`withdrawal.status.${step}`)}
                  {index <= reached && at ? ` — ${formatDateTime(at)}` : ''}
                </Text>
              </li>
            );
          })}
        </ol>
        {w.return_tracking && <Text size="sm">{t('withdrawal.awb', { awb: w.return_tracking })}</Text>}
        {w.before_shipping ? (
          <Text size="sm">{t('withdrawal.cancelled_items')}</Text>
        ) : (
          w.status === 'requested' && <Text size="sm">{t('withdrawal.send_back')}</Text>
        )}
        <Text size="sm" fw={600} data-testid="withdrawal-refund">
          {w.refund_amount <= 0
            ? t('withdrawal.nothing_to_refund')
            : w.status === 'refunded' && w.refunded_at
              ? t('withdrawal.refunded', { amount: money(w.refund_amount), date: formatDate(w.refunded_at) })
              : t('withdrawal.refund', { amount: money(w.refund_amount), date: formatDate(w.refund_due_at) })}
          {w.refund_amount > 0 && w.delivery_refund > 0
            ? ` (${t('withdrawal.refund_delivery', { amount: money(w.delivery_refund) })})`
            : ''}
        </Text>
        {w.reason && <Text size="sm">{t('withdrawal.your_reason', { reason: w.reason })}</Text>}
      </Stack>
    </Paper>
  );
}
