/** A confirmation dialog (title, text, Cancel and Yes). Loaded on demand: not on the first load. */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  onCancel(): void;
  onConfirm(): void;
  busy?: boolean;
  /** The confirming button's words when 'Yes' would be too light (e.g. 'Log out anyway'). */
  confirmLabel?: string;
}

export default function ConfirmDialog({ opened, title, text, onCancel, onConfirm, busy, confirmLabel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        {/* red.9: white on red.6 was 3.3:1 (issue 37, axe) */}
        <Button color="red.9" onClick={onConfirm} loading={busy}>
          {confirmLabel ?? t('common.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
