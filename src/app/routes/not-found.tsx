import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" maw={440} ta="center" gap="sm">
        <Text fz={64} fw={800} c="var(--mantine-primary-color-filled)" lh={1}>
          404
        </Text>
        <Title order={1}>{t('routes.not_found')}</Title>
        <Text c="dimmed">{t('errors.not_found_text')}</Text>
        <Button component={Link} to="/">
          {t('common.back_home')}
        </Button>
      </Stack>
    </Center>
  );
}

export const Component = NotFoundPage;
