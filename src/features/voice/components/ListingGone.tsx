/**
 * A listing an operator took out after a report (issue 37, DSA art. 17): GET /products/{id} answers
 * 410 with the reason in words (removed, or suspended), shown here instead of the page — never a
 * blank screen, never the old page from the device's cache.
 */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';

/** The 410's explanation when `error` is one, else undefined. */
export const listingGoneMessage = (error: unknown): string | undefined =>
  error instanceof ApiError && error.status === 410 ? error.message : undefined;

export function ListingGone({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Center py="xl" data-testid="listing-gone">
      <Stack align="center" maw={520} ta="center" gap="sm">
        <Title order={1} size="h2">
          {t('voice.listing_gone_title')}
        </Title>
        <Text>{message}</Text>
        <Button component={Link} to="/">
          {t('voice.listing_gone_home')}
        </Button>
      </Stack>
    </Center>
  );
}
