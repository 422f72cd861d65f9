/**
 * Product card (product §2): thumbnail or video poster, name, current price, the struck-through
 * prior price of an announced reduction (issue 36) and '-{n}%' against it, '{n} Sold', and 'Stock Out' (dimmed, not clickable)
 * at quantity 0. Cart-add and 'Buy Now' only while in stock; what they do is the caller's
 * (the cart feature wires them, issue #5). The favourite heart (issue #6) shows when the app
 * provides favourite controls; it sits outside the card's link (a button in a link is invalid).
 * Its texts and badges are plain elements styled in ProductCard.module.css, not Mantine's Text and
 * Badge: a listing renders dozens of cards, and on a slow phone each component's cost adds up to
 * long tasks (issue #3, docs/decisions/042-first-load-today.md).
 */
import { ActionIcon, Button } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Product } from '#contract/catalog.ts';
import { CartIcon } from '#src/components/icons/icons.tsx';
import { FavoriteButton } from '../FavoriteButton/FavoriteButton.tsx';
import { Photo } from '#src/components/Photo/Photo.tsx';
import { CARD_SIZES } from '#src/lib/photo-sizes.ts';
import { cardImage } from '../../lib/media.ts';
import { isDiscounted, unitPrice } from '../../lib/price.ts';
import { ProductPrice } from '../ProductPrice/ProductPrice.tsx';
import classes from './ProductCard.module.css';

export { CARD_SIZES };

export interface ProductCardProps {
  product: Product;
  /** Eager-load the image (first cards above the fold). */
  priority?: boolean;
  onAddToCart?: (product: Product) => void;
  onBuyNow?: (product: Product) => void;
}

export function ProductCard({ product, priority = false, onAddToCart, onBuyNow }: ProductCardProps) {
  const { t } = useTranslation();
  const inStock = product.quantity > 0;
  const discounted = isDiscounted(product);

  const content = (
    <>
      <div className={classes.media}>
        <Photo
          src={cardImage(product)}
          meta={product.thumbnail === cardImage(product) ? product.thumbnail_meta : null}
          alt=""
          sizes={CARD_SIZES}
          width={300}
          height={300}
          className={classes.image}
          priority={priority}
        />
        {discounted && product.discount_percentage > 0 && (
          <span className={`${classes.pill} ${classes.badge}`} data-testid="discount-badge">
            {t('product.percent_off', { n: product.discount_percentage })}
          </span>
        )}
        {!inStock && (
          <span className={`${classes.pill} ${classes.stockBadge}`} data-testid="stock-out">
            {t('product.stock_out')}
          </span>
        )}
      </div>
      <div className={classes.body}>
        <h3 className={classes.name}>{product.name}</h3>
        <p className={classes.sold} data-testid="card-condition" data-condition={product.condition}>
          {t('listing.condition_card', { condition: t(`listing.condition_short.${product.condition}`) })}
        </p>
        <ProductPrice current={unitPrice(product)} original={discounted ? product.prior_price : null} />
        <p className={classes.sold}>{t('product.sold', { count: product.total_sold })}</p>
      </div>
    </>
  );

  return (
    <article
      className={`${classes.card} ${inStock ? '' : classes.stockOut}`}
      data-testid="product-card"
      data-product-id={product.id}
      aria-disabled={inStock ? undefined : true}
    >
      {inStock ? (
        <Link to={`/products/${product.id}/details`} className={classes.link}>
          {content}
        </Link>
      ) : (
        <div className={classes.link}>{content}</div>
      )}
      <FavoriteButton product={product} className={classes.favorite} size="md" />
      {inStock && (
        <div className={classes.actions}>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={t('product.add_to_cart_named', { name: product.name })}
            onClick={() => onAddToCart?.(product)}
          >
            <CartIcon size={18} />
          </ActionIcon>
          <Button size="compact-sm" fz="xs" px={4} flex={1} miw={0} onClick={() => onBuyNow?.(product)}>
            {t('product.buy_now')}
          </Button>
        </div>
      )}
    </article>
  );
}
