/**
 * The profile's "Notifications" section (issue 37 §4): which push topics the shopper agreed to
 * and when; change them, or withdraw consent (which also turns push off on this device).
 */
import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#src/lib/format-date.ts';
import { PUSH_TOPICS, type PushTopic } from '#contract/push-consent-topics.ts';
import { pushConsentQueryOptions, useRecordPushConsent } from '../../api/push-consent.ts';
import { turnOffPush } from '../../lib/push.ts';

export function PushConsentSettings({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const consent = useQuery(pushConsentQueryOptions());
  const record = useRecordPushConsent();
  // The shopper's ticks until saved; the server's record otherwise.
  const [edited, setTopics] = useState<PushTopic[] | null>(null);
  const [status, setStatus] = useState('');
  const saved = consent.data;
  const topics = edited ?? saved?.topics ?? [];

  const decide = (choice: PushTopic[] | 'withdraw') =>
    record.mutate(choice, {
      onSuccess: async (answer) => {
        setTopics(null);
        if (answer.topics.length === 0) await turnOffPush().catch((e: unknown) => console.warn('[push]', e));
        setStatus(answer.topics.length ? t('consent.saved') : t('consent.withdrawn'));
      },
      onError: () => setStatus(t('consent.failed')),
    });

  const summary = !saved?.decided_at
    ? t('consent.never')
    : saved.withdrawn
      ? t('consent.withdrawn_on', { date: formatDateTime(saved.decided_at) })
      : t('consent.given_on', { date: formatDateTime(saved.decided_at) });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="push-consent-title" data-testid="push-consent-settings">
      <Stack gap="sm">
        <Title order={2} size="h4" id="push-consent-title">
          {t('consent.settings_title')}
        </Title>
        <Text size="sm" data-testid="push-consent-summary">
          {summary}
        </Text>
        <Checkbox.Group label={t('consent.topics_label')} value={topics} onChange={(value) => setTopics(value as PushTopic[])}>
          <Stack gap="sm" mt="xs">
            {PUSH_TOPICS.map((topic) => (
              <Checkbox key={topic} value={topic} label={t(`consent.topic_${topic}`)} description={t(`consent.topic_${topic}_text`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group gap="sm">
          <Button onClick={() => decide(topics)} loading={record.isPending} disabled={!online}>
            {online ? t('consent.save') : t('common.needs_connection')}
          </Button>
          {saved?.decided_at && !saved.withdrawn && (
            <Button variant="default" color="red" onClick={() => decide('withdraw')} disabled={!online || record.isPending}>
              {t('consent.withdraw')}
            </Button>
          )}
        </Group>
        <Text size="sm" role="status" aria-live="polite">
          {status}
        </Text>
      </Stack>
    </Paper>
  );
}
