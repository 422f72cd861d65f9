/**
 * The order page's way back (issue 36; OUG 34/2014 art. 9–16, Directive 2023/2673 art. 11a): until
 * when the shopper may withdraw, the "Retrage-te din contract aici" button and its two steps, the
 * request while it waits to be sent (never shown as done before the server has it), the server's
 * acknowledgement with its date and time, and every withdrawal with its state.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderDetails } from '#contract/orders.ts';
import type { CurrencyFormat } from '#contract/format-money.ts';
import { formatDate, formatDateTime } from '#src/lib/format-date.ts';
import { returnFocus } from '#src/lib/focus-return.ts';
import { usePendingWithdrawals, useQueueWithdrawal, useWithdrawalAck } from '../api/withdrawal-changes.ts';
import { WithdrawalCard } from './WithdrawalCard.tsx';
import { WithdrawalRequestForm, type WithdrawalChoice } from './WithdrawalRequestForm.tsx';

export function WithdrawalSection({ order, currency }: { order: OrderDetails; currency: CurrencyFormat }) {
  const { t } = useTranslation();
  const pending = usePendingWithdrawals(order.id);
  const ack = useWithdrawalAck(order.id);
  const queue = useQueueWithdrawal();
  const [asking, setAsking] = useState(false);
  const [storing, setStoring] = useState(false);
  const [storeError, setStoreError] = useState<string | null>(null);

  const info = order.withdrawal;
  // The server closed it after delivery with units left: the 14 days are over.
  const deadlinePassed = !info.open && info.deadline !== null && info.withdrawable.some((w) => w.quantity > 0);
  if (!info.open && !order.withdrawals.length && !pending.length && !deadlinePassed) return null;

  // What is left to withdraw, the requests still waiting to be sent taken off.
  const waiting = new Map<number, number>();
  for (const p of pending) for (const i of p.items) waiting.set(i.order_item_id, (waiting.get(i.order_item_id) ?? 0) + i.quantity);
  const left = order.items
    .map((item) => ({
      item,
      left: (info.withdrawable.find((w) => w.order_item_id === item.id)?.quantity ?? 0) - (waiting.get(item.id) ?? 0),
    }))
    .filter((l) => l.left > 0);
  const acknowledged = ack && order.withdrawals.find((w) => w.id === ack.withdrawalId);

  const confirm = async (choice: WithdrawalChoice) => {
    setStoring(true);
    setStoreError(null);
    const stored = await queue(
      { orderId: order.id, orderNumber: order.number, items: choice.items, reason: choice.reason },
      t('withdrawal.mail.subject', { number: order.number }),
    );
    setStoring(false);
    if (stored) {
      setAsking(false);
      // The form is gone: the section's heading, above the acknowledgement, takes the focus.
      returnFocus(null, '#withdrawal-title');
    } else setStoreError(t('withdrawal.not_stored'));
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="withdrawal-title" data-testid="withdrawal-section">
      <Stack gap="sm">
        <Title order={2} size="h4" id="withdrawal-title" tabIndex={-1}>
          {t('withdrawal.section.title')}
        </Title>
        {acknowledged && (
          <Alert color="green" role="status" data-testid="withdrawal-ack">
            {t('withdrawal.acknowledged', { at: formatDateTime(acknowledged.requested_at) })}
          </Alert>
        )}
        {pending.map((p, index) => (
          <Alert key={index} color="yellow" role="status" data-testid="withdrawal-waiting">
            <Text size="sm">{t('withdrawal.waiting')}</Text>
            <List size="sm" mt={4}>
              {p.items.map((i) => (
                <List.Item key={i.order_item_id}>
                  {i.name} × {i.quantity}
                </List.Item>
              ))}
            </List>
          </Alert>
        ))}
        <Text size="sm" data-testid="withdrawal-deadline">
          {deadlinePassed
            ? t('withdrawal.section.closed', { date: formatDate(info.deadline!) })
            : info.open && info.deadline
              ? t('withdrawal.section.until', { date: formatDateTime(info.deadline) })
              : info.open
                ? t('withdrawal.section.before_delivery')
                : t('withdrawal.section.all_withdrawn')}
        </Text>
        {info.open && left.length > 0 && !asking && (
          <Button color="red.9" variant="outline" onClick={() => setAsking(true)} data-testid="withdrawal-start">
            {t('withdrawal.start')}
          </Button>
        )}
        {asking && (
          <WithdrawalRequestForm
            items={left}
            busy={storing}
            error={storeError}
            onConfirm={(choice) => void confirm(choice)}
            onCancel={() => {
              setAsking(false);
              returnFocus(null, '[data-testid="withdrawal-start"]');
            }}
          />
        )}
        {order.withdrawals
          .slice()
          .reverse()
          .map((w) => (
            <WithdrawalCard key={w.id} withdrawal={w} currency={currency} />
          ))}
        <Anchor component={Link} to="/withdrawal-form" size="sm">
          {t('withdrawal.checkout.form_link')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
