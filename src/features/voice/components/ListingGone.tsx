/**
 * A listing an operator took out after a report (issue 37, DSA art. 17): GET /products/{id} answers
 * 410 with the reason in words (removed, or suspended), shown here instead of the page — never a
 * blank screen, never the old page from the device's cache. Also a shop gone from the catalogue
 * without its trader identity, and its products (issue 36): GET /shops/{id} answers 410 too, and
 * the shop's pages and its products' pages say so under the shop's title (never "not found").
 */
import type { ReactNode } from 'react';
import { Anchor, Button, Center, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#src/lib/api-client.ts';
import { GONE_REASONS, type GoneReason } from '#contract/catalog-constants.ts';

/** The 410's explanation when `error` is one, else undefined. */
export const listingGoneMessage = (error: unknown): string | undefined =>
  error instanceof ApiError && error.status === 410 ? error.message : undefined;

/** Why a 410 (contract GONE_REASONS): a product of an unlisted shop shows the shop's screen. */
export const goneReason = (error: unknown): GoneReason | undefined => {
  if (!(error instanceof ApiError) || error.status !== 410) return undefined;
  const reason = (error.body as { reason?: unknown } | undefined)?.reason;
  return (GONE_REASONS as readonly unknown[]).includes(reason) ? (reason as GoneReason) : undefined;
};

export function ListingGone({ message, title, children }: { message: string; title?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center py="xl" data-testid="listing-gone">
      <Stack align="center" maw={520} ta="center" gap="sm">
        <Title order={1} size="h2">
          {title ?? t('voice.listing_gone_title')}
        </Title>
        <Text>{message}</Text>
        {children}
        <Button component={Link} to="/">
          {t('voice.listing_gone_home')}
        </Button>
      </Stack>
    </Center>
  );
}

/** A shop's page (its details or one of its categories) when the shop answered 410. */
export function ShopGone({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="xl">
      <ListingGone title={t('productPage.shop_gone_title')} message={message}>
        <Anchor component={Link} to="/shops">
          {t('shop.all_shops')}
        </Anchor>
      </ListingGone>
    </Container>
  );
}
