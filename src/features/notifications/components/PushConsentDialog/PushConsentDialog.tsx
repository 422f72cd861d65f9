/**
 * The pre-prompt (issue 37 §4): before the browser's own permission prompt, says what Talcioc
 * will send and lets the shopper choose the topics. Nothing is chosen for her: "Allow" with no
 * topic says to choose one. The browser's prompt comes only from the "Allow" tap (onAllow).
 */
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PUSH_TOPICS, type PushTopic } from '#contract/push-consent-topics.ts';

export interface PushConsentDialogProps {
  opened: boolean;
  /** Topics already agreed to (pre-ticked only when the shopper chose them before). */
  initialTopics: readonly PushTopic[];
  busy: boolean;
  onAllow(topics: PushTopic[]): void;
  onClose(): void;
}

export function PushConsentDialog({ opened, initialTopics, busy, onAllow, onClose }: PushConsentDialogProps) {
  const { t } = useTranslation();
  const [topics, setTopics] = useState<PushTopic[]>([...initialTopics]);
  const [missing, setMissing] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title={t('consent.dialog_title')} centered data-testid="push-consent-dialog">
      <Stack gap="md">
        <Text size="sm">{t('consent.dialog_text')}</Text>
        <Checkbox.Group
          label={t('consent.topics_label')}
          value={topics}
          onChange={(value) => {
            setTopics(value as PushTopic[]);
            setMissing(false);
          }}
          error={missing ? t('consent.choose_one') : undefined}
        >
          <Stack gap="sm" mt="xs">
            {PUSH_TOPICS.map((topic) => (
              <Checkbox key={topic} value={topic} label={t(`consent.topic_${topic}`)} description={t(`consent.topic_${topic}_text`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Text size="xs" c="dimmed">
          {t('consent.change_later')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('consent.not_now')}
          </Button>
          <Button
            loading={busy}
            onClick={() => {
              if (topics.length === 0) setMissing(true);
              else onAllow(topics);
            }}
          >
            {t('consent.allow')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
