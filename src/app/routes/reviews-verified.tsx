/** /reviews-verified (issue 37, OUG 58/2022): how Talcioc checks that reviews come from buyers. */
import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function Component() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('voice.how_verified_title')}
        </Title>
        <Text>{t('voice.how_verified_1')}</Text>
        <Text>{t('voice.how_verified_2')}</Text>
        <Text>{t('voice.how_verified_3')}</Text>
      </Stack>
    </Container>
  );
}
