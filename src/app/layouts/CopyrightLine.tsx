/** '© {year} {footer text}', or the generic rights-reserved text when none is set (product §2). */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function CopyrightLine({ footerText, appName }: { footerText: string | null; appName: string }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Text size="sm" c="dimmed" ta="center" data-testid="copyright">
      © {year} {footerText?.trim() ? footerText : `${appName}. ${t('footer.all_rights_reserved')}`}
    </Text>
  );
}
