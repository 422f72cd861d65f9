/**
 * The report form (issue 37, DSA art. 16): a Mantine modal on @mantine/form with the contract's one
 * schema (contract/reports.ts), the same the server validates with; a 422's messages land on their
 * fields. Sent at once (never queued: the reporter must see the reference, or why it failed); offline
 * or failing, the text stays in the form. On success the modal shows the reference number; the
 * acknowledgement also goes by e-mail.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { createReportSchema, REPORT_EXPLANATION_MAX, REPORT_REASONS } from '#contract/reports.ts';
import { failureMessage, NetworkError } from '#src/lib/api-client.ts';
import { useSchemaForm } from '#src/lib/use-schema-form.ts';
import { sendReport } from '../api/reports-api.ts';
import type { ReportTarget, Reporter } from './ReportButton.tsx';

export default function ReportModal({
  opened,
  onClose,
  target,
  reporter,
}: {
  opened: boolean;
  onClose: () => void;
  target: ReportTarget;
  reporter?: Reporter;
}) {
  const { t } = useTranslation();
  const [reference, setReference] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Sent: the form (and its button with the focus) gives way to the reference; the focus goes to
  // its close button, so it stays in the dialog and the next key press means something (issue 37).
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (reference) done.current?.focus();
  }, [reference]);
  const { form, onSubmit, busy } = useSchemaForm({
    schema: createReportSchema,
    initialValues: {
      target_type: target.type,
      target_id: target.id,
      reason: '' as never,
      explanation: '',
      name: reporter?.name ?? '',
      email: reporter?.email ?? '',
      good_faith: false as never,
    },
    submit: (values) => {
      setFailure(null);
      return sendReport(values);
    },
    onSuccess: (answer) => setReference(answer.data.report.reference),
    onError: (error) => setFailure(error instanceof NetworkError ? t('voice.report_offline') : failureMessage(error, t)),
  });
  const close = () => {
    onClose();
    if (reference) {
      setReference(null);
      form.reset();
    }
  };
  const targetText = t(`voice.report_target_${target.type}`, { label: target.label });
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={reference ? t('voice.report_done_title') : t('voice.report_title')}
      size="lg"
      data-testid="report-modal"
    >
      {reference ? (
        <Stack gap="md">
          <Text role="status" data-testid="report-reference">
            {t('voice.report_done_text', { reference })}
          </Text>
          <Button ref={done} onClick={close} style={{ alignSelf: 'flex-start' }}>
            {t('voice.report_close')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('voice.report_intro', { target: targetText })}</Text>
            <Select
              label={t('voice.report_reason')}
              placeholder={t('voice.report_reason_placeholder')}
              required
              data={REPORT_REASONS.map((reason) => ({ value: reason, label: t(`voice.report_reason_${reason}`) }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="report-reason"
              {...form.getInputProps('reason')}
            />
            <Textarea
              label={t('voice.report_explanation')}
              description={t('voice.report_explanation_hint')}
              required
              autosize
              minRows={3}
              maxRows={8}
              maxLength={REPORT_EXPLANATION_MAX}
              data-testid="report-explanation"
              {...form.getInputProps('explanation')}
            />
            <TextInput
              label={t('voice.report_name')}
              required
              autoComplete="name"
              data-testid="report-name"
              {...form.getInputProps('name')}
            />
            <TextInput
              label={t('voice.report_email')}
              type="email"
              required
              autoComplete="email"
              data-testid="report-email"
              {...form.getInputProps('email')}
            />
            <Checkbox
              label={t('voice.report_good_faith')}
              data-testid="report-good-faith"
              {...form.getInputProps('good_faith', { type: 'checkbox' })}
            />
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('voice.report_cancel')}
              </Button>
              <Button type="submit" loading={busy} data-testid="report-submit">
                {t('voice.report_send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
