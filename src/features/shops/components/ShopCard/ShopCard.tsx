/**
 * A shop at a glance (product §2 Shops; the shop card of the product page): logo, name, rating
 * as text ("4,8 ★") with the number of reviews, city, optionally the banner on top and the
 * product count. The whole card is one link to /shops/{id} (one tab stop, the name is its text).
 */
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Shop } from '#contract/catalog.ts';
import { formatDecimal } from '#contract/format-number.ts';
import classes from './ShopCard.module.css';
import { Photo } from '#src/components/Photo/Photo.tsx';
import { ReviewsVerifiedLink } from '#src/components/ReviewsVerified/ReviewsVerifiedLink.tsx';

export type ShopCardShop = Pick<Shop, 'id' | 'name' | 'logo' | 'rating' | 'reviews_count' | 'city'> &
  Partial<Pick<Shop, 'banner' | 'products_count' | 'logo_meta' | 'banner_meta'>>;

/** "4,8" in Romanian, "4.8" in English: one decimal. */
export function formatRating(rating: number, language: string): string {
  return formatDecimal(rating, language, { minimumFractionDigits: 1 });
}

export function ShopRating({ rating, reviews }: { rating: number; reviews: number }) {
  const { t, i18n } = useTranslation();
  const value = formatRating(rating, i18n.language || 'ro');
  return (
    <Group gap={6} wrap="wrap" data-testid="shop-rating">
      <Text component="span" size="sm" fw={700}>
        {/* #a34700 on white is 6:1 (WCAG AA); Mantine's orange shades are lighter. */}
        <span aria-hidden="true">
          {value} <span style={{ color: '#a34700' }}>★</span>
        </span>
        <span className="visually-hidden">{t('shop.rating_label', { rating: value })}</span>
      </Text>
      <Text component="span" size="sm" c="dimmed">
        {t('shop.reviews_count', { count: reviews })}
      </Text>
      <ReviewsVerifiedLink />
    </Group>
  );
}

export function ShopCard({
  shop,
  withBanner = false,
  headingOrder = 3,
  cta,
  priority = false,
}: {
  shop: ShopCardShop;
  withBanner?: boolean;
  headingOrder?: 2 | 3;
  /** A visible call to action at the bottom ("Vezi magazinul"), part of the same link. */
  cta?: string;
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const Heading = `h${headingOrder}` as const;
  return (
    <article className={classes.card} data-testid="shop-card" data-shop-id={shop.id}>
      {withBanner && shop.banner && (
        <div className={classes.banner}>
          <Photo
            src={shop.banner}
            meta={shop.banner_meta}
            alt=""
            sizes="(min-width: 62em) 400px, (min-width: 48em) 50vw, 100vw"
            width={1200}
            height={300}
            priority={priority}
          />
        </div>
      )}
      <div className={classes.body} data-with-banner={(withBanner && !!shop.banner) || undefined}>
        <Photo
          src={shop.logo}
          meta={shop.logo_meta}
          alt=""
          sizes="56px"
          width={56}
          height={56}
          className={classes.logo}
          priority={priority}
        />
        <Stack gap={2} className={classes.text}>
          <Heading className={classes.name}>
            <Link to={`/shops/${shop.id}`} className={classes.link}>
              {shop.name}
            </Link>
          </Heading>
          <ShopRating rating={shop.rating} reviews={shop.reviews_count} />
          <Text size="sm" c="dimmed">
            {shop.city}
            {shop.products_count !== undefined && <> · {t('categories.products_count', { count: shop.products_count })}</>}
          </Text>
          {cta && (
            <Text size="sm" fw={600} c="var(--mantine-primary-color-filled)" aria-hidden="true" mt={4}>
              {cta} ›
            </Text>
          )}
        </Stack>
      </div>
    </article>
  );
}

export function ShopCardSkeleton({ withBanner = false }: { withBanner?: boolean }) {
  return (
    <div className={classes.card} aria-hidden="true" data-testid="shop-card-skeleton">
      {withBanner && <Skeleton className={classes.banner} h="auto" radius={0} />}
      <div className={classes.body} data-with-banner={withBanner || undefined}>
        <Skeleton circle height={56} className={classes.logo} />
        <Stack gap={8} className={classes.text}>
          <Skeleton h={16} w="70%" />
          <Skeleton h={12} w="50%" />
          <Skeleton h={12} w="40%" />
        </Stack>
      </div>
    </div>
  );
}
