/**
 * "Turn on notifications" (issue #6): explains what the shopper gets, and asks the browser for
 * permission only when tapped. Says so when the browser blocks notifications or cannot do them.
 */
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '#src/components/icons/icons.tsx';
import type { PushState } from '../../lib/push.ts';

export interface PushToggleProps {
  state: PushState | 'loading';
  busy: boolean;
  failed: boolean;
  online: boolean;
  onTurnOn(): void;
  onTurnOff(): void;
}

export function PushToggle({ state, busy, failed, online, onTurnOn, onTurnOff }: PushToggleProps) {
  const { t } = useTranslation();
  if (state === 'loading') return null;
  const text =
    state === 'on'
      ? t('push.on_text')
      : state === 'denied'
        ? t('push.denied_text')
        : state === 'unsupported'
          ? t('push.unsupported_text')
          : t('push.off_text');
  return (
    <Paper withBorder p="md" radius="md" data-testid="push-toggle" data-state={state}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 260px' }}>
          <BellIcon size={24} color="var(--mantine-primary-color-filled)" style={{ flex: 'none' }} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>{t(state === 'on' ? 'push.on_title' : 'push.title')}</Text>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
            {failed && (
              <Text size="sm" c="red.8" role="alert">
                {t('push.failed')}
              </Text>
            )}
          </Stack>
        </Group>
        {state === 'off' && (
          <Button onClick={onTurnOn} loading={busy} disabled={!online}>
            {online ? t('push.turn_on') : t('common.needs_connection')}
          </Button>
        )}
        {state === 'on' && (
          <Button variant="default" onClick={onTurnOff} loading={busy} disabled={!online}>
            {t('push.turn_off')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
