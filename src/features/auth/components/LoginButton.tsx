/** Login button of the header for anonymous visitors (spec §2). The sign-in modal itself is issue #4. */
import { Button, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

export function LoginButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button size="compact-md" onClick={open}>
        {t('auth.login')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('auth.login')} centered>
        <Text>{t('auth.login_coming')}</Text>
      </Modal>
    </>
  );
}
