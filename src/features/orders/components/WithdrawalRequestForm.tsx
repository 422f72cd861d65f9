/**
 * "Retrage-te din contract aici" in two steps (issue 36; Directive 2023/2673 art. 11a): step 1,
 * the items and how many units of each (at most what is left) and an optional reason; step 2, a
 * summary to confirm. Confirming hands the request to `onConfirm` (the outbox); nothing is shown as
 * done here — the section shows it waiting, then acknowledged.
 */
import { useEffect, useId, useState } from 'react';
import { Button, Checkbox, Group, List, NumberInput, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderDetails } from '#contract/orders.ts';

export interface WithdrawalChoice {
  items: { order_item_id: number; quantity: number; name: string }[];
  reason: string | null;
}

interface Props {
  /** The items with the units still withdrawable (after earlier and waiting withdrawals). */
  items: { item: OrderDetails['items'][number]; left: number }[];
  busy: boolean;
  error: string | null;
  onConfirm(choice: WithdrawalChoice): void;
  onCancel(): void;
}

export function WithdrawalRequestForm({ items, busy, error, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const [step, setStep] = useState<1 | 2>(1);
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [nothing, setNothing] = useState(false);
  // The button that opened a step is gone with the step before: the new step's heading takes the
  // focus, so a keyboard goes on from there and a screen reader says where it is (issue 37).
  useEffect(() => document.getElementById(headingId)?.focus(), [headingId, step]);
  const picked = items
    .filter(({ item }) => chosen[item.id])
    .map(({ item }) => ({ order_item_id: item.id, quantity: chosen[item.id]!, name: item.name }));

  if (step === 2) {
    return (
      <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-testid="withdrawal-step-2">
        <Stack gap="sm">
          <Title order={3} size="h5" id={headingId} tabIndex={-1}>
            {t('withdrawal.step2')}
          </Title>
          <Text size="sm">{t('withdrawal.confirm_text')}</Text>
          <List size="sm" data-testid="withdrawal-summary">
            {picked.map((p) => (
              <List.Item key={p.order_item_id}>
                {p.name} × {p.quantity}
              </List.Item>
            ))}
          </List>
          {reason.trim() && <Text size="sm">{t('withdrawal.your_reason', { reason: reason.trim() })}</Text>}
          {error && (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          )}
          <Group gap="sm">
            <Button
              color="red.9"
              loading={busy}
              onClick={() => onConfirm({ items: picked, reason: reason.trim() || null })}
              data-testid="withdrawal-confirm"
            >
              {t('withdrawal.confirm')}
            </Button>
            <Button variant="default" onClick={() => setStep(1)} disabled={busy}>
              {t('withdrawal.back')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper
      withBorder
      p="md"
      component="form"
      aria-labelledby={headingId}
      data-testid="withdrawal-step-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (!picked.length) return setNothing(true);
        setNothing(false);
        setStep(2);
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id={headingId} tabIndex={-1}>
          {t('withdrawal.step1')}
        </Title>
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" size="sm" fw={600} mb={4}>
            {t('withdrawal.choose_items')}
          </Text>
          {items.map(({ item, left }) => (
            <Group key={item.id} justify="space-between" wrap="nowrap" gap="sm" data-testid="withdrawal-item">
              <Checkbox
                label={item.name}
                description={t('withdrawal.available', { count: left })}
                checked={Boolean(chosen[item.id])}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setChosen((c) => ({ ...c, [item.id]: on ? left : 0 }));
                }}
              />
              {left > 1 && Boolean(chosen[item.id]) && (
                <NumberInput
                  aria-label={t('withdrawal.quantity', { name: item.name })}
                  min={1}
                  max={left}
                  clampBehavior="strict"
                  allowDecimal={false}
                  w={90}
                  value={chosen[item.id]}
                  onChange={(value) => setChosen((c) => ({ ...c, [item.id]: Math.min(Math.max(Number(value) || 1, 1), left) }))}
                />
              )}
            </Group>
          ))}
        </Stack>
        <Textarea
          label={t('withdrawal.reason')}
          description={t('withdrawal.reason_hint')}
          maxLength={1000}
          autosize
          minRows={2}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        {nothing && (
          <Text size="sm" c="red.8" role="alert">
            {t('withdrawal.nothing_chosen')}
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" data-testid="withdrawal-continue">
            {t('withdrawal.continue')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('withdrawal.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
