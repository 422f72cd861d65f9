/**
 * The submit button of the support forms: offline it is disabled and says it needs a connection
 * (nothing is queued; what was typed stays as a draft on the device).
 */
import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function SendButton({ online, busy, label, ...props }: { online: boolean; busy: boolean; label: string } & ButtonProps) {
  const { t } = useTranslation();
  return (
    <Button type="submit" loading={busy} disabled={!online} data-testid="send-button" data-offline={!online || undefined} {...props}>
      {online ? label : t('support_forms.needs_connection')}
    </Button>
  );
}
