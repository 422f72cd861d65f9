/** A real page for screens later issues build: their title and a short, honest "coming" text. */
import { Container, Stack, Text, Title, Button } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function ComingSoon({ title, children }: { title: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Container size="md" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{t('common.coming_soon')}</Text>
        {children}
        <Button component={Link} to="/" variant="light">
          {t('common.back_home')}
        </Button>
      </Stack>
    </Container>
  );
}
