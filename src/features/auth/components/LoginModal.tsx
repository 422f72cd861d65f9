/** Placeholder of the login modal until issue #4 builds phone sign-in. Loaded on demand. */
import { Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function LoginModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('auth.login')} centered>
      <Text>{t('auth.login_coming')}</Text>
    </Modal>
  );
}
