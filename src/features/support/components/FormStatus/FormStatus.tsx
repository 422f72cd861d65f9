/**
 * Above a support form's button: offline, that what is typed stays as a draft (nothing is sent
 * or queued); after a failed send, why.
 */
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function FormStatus({ online, error }: { online: boolean; error: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      {!online && (
        <Alert color="yellow" role="status" data-testid="form-offline">
          {t('support_forms.offline_draft')}
        </Alert>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert" data-testid="form-error">
          {error}
        </Text>
      )}
    </>
  );
}
