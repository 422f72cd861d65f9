/**
 * /products/{id}/details (product §2 Product details): the gallery, the buying column, the
 * description, the shop and similar items from the same shop. It opens only while the
 * product is in stock; at quantity 0 a clear "no longer available" page offers similar items.
 * An id that is not a number, or that the API does not know, is a not-found state.
 * Add to cart and Buy Now come from the cart (#5), the heart from the favourites (#6).
 */
import { Anchor, Button, Container, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Product, ProductDetails } from '#contract/catalog.ts';
import { productQueryOptions } from '#src/features/products/api/get-product.ts';
import { similarProductsQueryOptions } from '#src/features/products/api/get-similar-products.ts';
import {
  ProductGallery,
  ProductGallerySkeleton,
  STAGE_SIZES,
  galleryItems,
} from '#src/features/products/components/ProductGallery/ProductGallery.tsx';
import { ProductInfo } from '#src/features/products/components/ProductInfo/ProductInfo.tsx';
import { ConditionValue } from '#src/features/listing/components/ItemCondition.tsx';
import { SoldByTrader } from '#src/features/listing/components/TraderIdentity.tsx';
import { ProductSafetyInfo } from '#src/features/listing/components/ProductSafetyInfo.tsx';
import { ProductGrid, ProductGridSkeleton } from '#src/features/products/components/ProductGrid/ProductGrid.tsx';
import { cardImage } from '#src/features/products/lib/media.ts';
import { ShopCard } from '#src/features/shops/components/ShopCard/ShopCard.tsx';
import { QueryState, parseId, queryPhase } from '#src/components/QueryState/QueryState.tsx';
import { ListingGone, ShopGone, goneReason, listingGoneMessage } from '#src/features/voice/components/ListingGone.tsx';
import { ReportButton } from '#src/features/voice/components/ReportButton.tsx';
import { useReporter } from '../use-reporter.ts';
import { useProductActions } from '../use-product-actions.tsx';
import { prefetchScreen, preloadImage } from '../first-load.ts';
import { Deferred } from '../Deferred.tsx';
import { categoriesQueryOptions } from '#src/features/categories/api/get-categories.ts';
import { useFavoriteControls } from '#src/features/products/lib/favorite-controls.ts';

export const createLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const id = parseId(params.id);
    if (id) {
      const ready = prefetchScreen(queryClient, [productQueryOptions(id), similarProductsQueryOptions(id), categoriesQueryOptions()]);
      // The gallery's first picture is the screen's largest: it starts loading with its address.
      void queryClient.ensureQueryData(productQueryOptions(id)).then(
        (product) => {
          const first = galleryItems(product)[0];
          if (product.quantity > 0 && first) {
            preloadImage(
              first.kind === 'image' ? first.src : first.poster,
              first.kind === 'image' ? { meta: first.meta, sizes: STAGE_SIZES } : undefined,
            );
          }
        },
        () => undefined,
      );
      await ready;
    }
    return null;
  };

const SIMILAR_COLS = { base: 2, sm: 3, md: 4, lg: 5 };

function SimilarProducts({ id, title, excludeId }: { id: number; title: string; excludeId: number }) {
  const actions = useProductActions();
  const similar = useQuery(similarProductsQueryOptions(id));
  const products = (similar.data ?? []).filter((p: Product) => p.id !== excludeId && p.quantity > 0);
  if (similar.data && products.length === 0) return null;
  // Similar items are extra: offline or failing, the section simply stays away.
  if (!similar.data && !similar.isLoading) return null;
  return (
    <section aria-labelledby="similar-title" data-testid="similar-products" className="below-fold">
      <Title order={2} size="h3" id="similar-title" mb="sm">
        {title}
      </Title>
      {similar.data ? (
        <ProductGrid
          products={products.slice(0, 10)}
          cols={SIMILAR_COLS}
          priorityCount={0}
          onAddToCart={actions.onAddToCart}
          onBuyNow={actions.onBuyNow}
        />
      ) : (
        <ProductGridSkeleton count={5} cols={SIMILAR_COLS} />
      )}
    </section>
  );
}

function ProductDetailsSkeleton() {
  return (
    <Grid gap="xl" aria-hidden="true" data-testid="product-skeleton">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ProductGallerySkeleton />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Skeleton h={14} w={90} />
          <Skeleton h={30} w="85%" />
          <Skeleton h={34} w={160} />
          <Skeleton h={14} w={80} />
          <Group gap={8}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} h={44} w={56} />
            ))}
          </Group>
          <Skeleton h={90} />
          <Skeleton h={36} w={200} />
          <Group grow>
            <Skeleton h={42} />
            <Skeleton h={42} />
          </Group>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** Quantity 0: the product cannot be bought any more; offer what the same shop still has. */
function NoLongerAvailable({ product }: { product: ProductDetails }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Group gap="lg" wrap="nowrap" align="center" data-testid="product-unavailable">
        <img
          src={cardImage(product)}
          alt=""
          width={96}
          height={96}
          style={{ borderRadius: 'var(--mantine-radius-md)', opacity: 0.5, flex: '0 0 96px', objectFit: 'cover' }}
        />
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={1} size="h2">
            {t('product.unavailable_title')}
          </Title>
          <Text c="dimmed">{t('product.unavailable_text', { name: product.name })}</Text>
          <Group gap="sm" mt={4}>
            <Button component={Link} to={`/shops/${product.shop.id}`} variant="light">
              {t('product.visit_shop', { shop: product.shop.name })}
            </Button>
            <Button component={Link} to="/" variant="default">
              {t('common.back_home')}
            </Button>
          </Group>
        </Stack>
      </Group>
      <SimilarProducts id={product.id} excludeId={product.id} title={t('product.similar_instead')} />
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation();
  const params = useParams();
  const favorites = useFavoriteControls();
  const actions = useProductActions();
  const id = parseId(params.id);
  const query = useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== null });
  const phase = id === null ? 'not-found' : queryPhase(query);
  // Taken out after a report (issue 37): the 410's words, even over a copy cached on the device.
  const gone = listingGoneMessage(query.error);
  // Its shop is no longer listed (no complete trader identity, issue 36): the shop's screen.
  if (gone && goneReason(query.error) === 'shop_unlisted') return <ShopGone message={gone} />;
  if (gone) {
    return (
      <Container size="xl" py="xl">
        <ListingGone title={t('productPage.listing_gone_title')} message={gone} />
      </Container>
    );
  }

  if (phase === 'not-found' || phase === 'offline' || phase === 'error') {
    return (
      <Container size="xl" py="xl">
        <QueryState
          kind={phase}
          title={phase === 'not-found' ? t('product.not_found_title') : undefined}
          text={phase === 'not-found' ? t('product.not_found_text') : undefined}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      </Container>
    );
  }

  const product = query.data;
  if (!product) {
    return (
      <Container size="xl" py="md">
        <ProductDetailsSkeleton />
      </Container>
    );
  }

  if (product.quantity <= 0) {
    return (
      <Container size="xl" py="xl">
        <NoLongerAvailable product={product} />
      </Container>
    );
  }

  return (
    <Container size="xl" py="md">
      <Stack gap="xl">
        <Grid gap={{ base: 'md', md: 'xl' }}>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <ProductGallery key={product.id} product={product} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="lg">
              <ProductInfo
                key={product.id}
                product={product}
                onAddToCart={(selection) => actions.addWithOptions(product, selection)}
                onBuyNow={(selection) => actions.buyNowWithOptions(product, selection)}
                favorite={favorites?.isFavorite(product.id) ?? false}
                favoritePending={favorites?.isPending(product.id) ?? false}
                onToggleFavorite={() => favorites?.toggle(product)}
                leadingAttributes={[
                  {
                    label: t('listing.condition_label'),
                    value: <ConditionValue condition={product.condition} notes={product.condition_notes} />,
                  },
                ]}
              />
              <SoldByTrader shopName={product.shop.name} trader={product.trader} titleOrder={2}>
                <ShopCard shop={product.shop} headingOrder={3} cta={t('shop.visit')} />
              </SoldByTrader>
              <ProductReportButton product={product} />
            </Stack>
          </Grid.Col>
        </Grid>
        {product.description.trim() && (
          <section aria-labelledby="product-description-title">
            <Title order={2} size="h3" id="product-description-title" mb="sm">
              {t('product.description')}
            </Title>
            <Text style={{ whiteSpace: 'pre-line', maxWidth: '72ch', overflowWrap: 'anywhere' }} data-testid="product-description">
              {product.description}
            </Text>
          </section>
        )}
        <ProductSafetyInfo safety={product.safety} />
        {/* Below the fold: renders after the first paint (app/Deferred.tsx). */}
        <Deferred placeholder={<ProductGridSkeleton count={5} cols={SIMILAR_COLS} />}>
          <SimilarProducts id={product.id} excludeId={product.id} title={t('product.similar_from_shop', { shop: product.shop.name })} />
        </Deferred>
        <Anchor component={Link} to={`/shops/${product.shop.id}`} size="sm">
          {t('product.more_from_shop', { shop: product.shop.name })} ›
        </Anchor>
      </Stack>
    </Container>
  );
}

/** "Raportează" for the listing (issue 37, DSA art. 16). */
function ProductReportButton({ product }: { product: { id: number; name: string } }) {
  const { t } = useTranslation();
  const reporter = useReporter();
  return (
    <div>
      <ReportButton
        target={{ type: 'product', id: product.id, label: product.name }}
        reporter={reporter}
        ariaLabel={t('voice.report_listing_aria', { name: product.name })}
      />
    </div>
  );
}
