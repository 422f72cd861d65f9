/**
 * The buying column of the product page (product §2, §5): brand, name, the live price (unit
 * price plus the chosen size's surcharge, struck-through original and '{n}% OFF' when
 * discounted), '{n} Sold', size and colour choices, season, quality and category, a quantity
 * stepper from 1 to the stock, the line total, Add to cart, Buy Now and the favourite heart.
 * What the buttons do is the caller's (the cart and favourites features wire them).
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductDetails, SizeOption } from '#contract/catalog.ts';
import { CartIcon } from '#src/components/icons/icons.tsx';
import { formatMoney } from '#contract/format-money.ts';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import { isDiscounted, linePrice, originalLinePrice } from '../../lib/price.ts';
import { ProductPrice } from '../ProductPrice/ProductPrice.tsx';
import { PriorPriceNote } from '../PriorPriceNote/PriorPriceNote.tsx';
import { FavoritePendingDot } from '../FavoriteButton/FavoriteButton.tsx';
import classes from './ProductInfo.module.css';

type Option = { id: number; name: string };

export interface ProductSelection {
  size: SizeOption | null;
  color: Option | null;
  quantity: number;
}

export interface ProductInfoProps {
  product: ProductDetails;
  onAddToCart?: (selection: ProductSelection) => void;
  onBuyNow?: (selection: ProductSelection) => void;
  onToggleFavorite?: () => void;
  /** The heart's last toggle waits in the outbox (offline or on its way): marked like the cards' hearts. */
  favoritePending?: boolean;
  /** Whether the product is in the shopper's favourites (aria-pressed of the heart). */
  favorite?: boolean;
  /** Attributes another feature adds at the top of the list (the item's condition, issue 36). */
  leadingAttributes?: { label: string; value: ReactNode }[];
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      width={22}
      height={22}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8 3.6 4.5 7.1 4.5c2 0 3.6 1.1 4.9 2.9 1.3-1.8 2.9-2.9 4.9-2.9 3.5 0 5.6 3.5 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2z" />
    </svg>
  );
}

/** A radio group of option buttons: one tab stop, arrow keys move the choice (WAI-ARIA radio group). */
function OptionGroup<T extends Option>({
  label,
  options,
  value,
  onChange,
  render,
  testId,
}: {
  label: string;
  options: T[];
  value: T | null;
  onChange: (option: T) => void;
  render: (option: T) => ReactNode;
  testId: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = Math.max(
    0,
    options.findIndex((o) => o.id === value?.id),
  );
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = (selectedIndex + step + options.length) % options.length;
    onChange(options[next]!);
    refs.current[next]?.focus();
  };
  const labelId = `${testId}-label`;
  return (
    <div>
      <Text size="sm" fw={600} mb={6} id={labelId}>
        {label}
        {value && (
          <Text component="span" fw={400} c="dimmed">
            : {value.name}
          </Text>
        )}
      </Text>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- roving tabindex: the radios take focus, not the group (WAI-ARIA APG radio group) */}
      <div role="radiogroup" aria-labelledby={labelId} className={classes.options} onKeyDown={onKeyDown} data-testid={testId}>
        {options.map((option, i) => {
          const checked = value?.id === option.id;
          return (
            <UnstyledButton
              key={option.id}
              ref={(el: HTMLButtonElement | null) => {
                refs.current[i] = el;
              }}
              role="radio"
              aria-checked={checked}
              tabIndex={i === selectedIndex ? 0 : -1}
              className={classes.option}
              data-selected={checked || undefined}
              onClick={() => onChange(option)}
            >
              {render(option)}
            </UnstyledButton>
          );
        })}
      </div>
    </div>
  );
}

export function ProductInfo({
  product,
  onAddToCart,
  onBuyNow,
  onToggleFavorite,
  favorite = false,
  favoritePending = false,
  leadingAttributes = [],
}: ProductInfoProps) {
  const { t } = useTranslation();
  const { currency } = useStorefront();
  const [size, setSize] = useState<SizeOption | null>(product.sizes[0] ?? null);
  const [color, setColor] = useState<Option | null>(product.colors[0] ?? null);
  const [quantity, setQuantity] = useState(1);
  const maxQuantity = Math.max(1, product.quantity);
  const surcharge = size?.price ?? 0;
  const discounted = isDiscounted(product);
  const selection = (): ProductSelection => ({ size, color, quantity });

  const attributes: { label: string; value: ReactNode }[] = [...leadingAttributes];
  if (product.brand) attributes.push({ label: t('product.brand'), value: product.brand });
  if (product.colors.length === 1) attributes.push({ label: t('product.color'), value: product.colors[0]!.name });
  if (product.season) attributes.push({ label: t('product.season'), value: product.season.name });
  if (product.quality) attributes.push({ label: t('product.quality'), value: product.quality.name });
  attributes.push({
    label: t('product.category'),
    value: (
      <Anchor component={Link} to={`/categories/${product.category.slug}`}>
        {product.category.name}
      </Anchor>
    ),
  });

  return (
    <Stack gap="md" data-testid="product-info">
      {product.flash_sale && (
        <Anchor component={Link} to={`/flash-sale/${product.flash_sale.id}`} size="sm" fw={600} c="red.9">
          ⚡ {t('product.in_flash_sale', { name: product.flash_sale.name })}
        </Anchor>
      )}
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          {product.brand && (
            <Text size="sm" fw={700} tt="uppercase" c="dimmed" data-testid="product-brand">
              {product.brand}
            </Text>
          )}
          <Title order={1} fz={{ base: 22, sm: 26 }} className={classes.name}>
            {product.name}
          </Title>
        </Stack>
        <div className={classes.heart}>
          <ActionIcon
            variant="default"
            size={44}
            radius="xl"
            aria-label={t('product.favorite_add')}
            aria-pressed={favorite}
            onClick={onToggleFavorite}
            data-testid="favorite-button"
            c={favorite ? 'red.6' : undefined}
          >
            <HeartIcon filled={favorite} />
          </ActionIcon>
          {favoritePending && <FavoritePendingDot />}
        </div>
      </Group>

      <Stack gap={4}>
        <Group gap="sm" align="center" wrap="wrap">
          <ProductPrice
            current={linePrice(product, surcharge, 1)}
            original={discounted ? originalLinePrice(product, surcharge, 1) : null}
            size="xl"
          />
          {discounted && product.discount_percentage > 0 && (
            <Badge color="red.9" variant="filled" data-testid="discount-badge">
              {t('product.percent_off', { n: product.discount_percentage })}
            </Badge>
          )}
        </Group>
        {discounted && <PriorPriceNote product={product} />}
        <Text size="sm" c="dimmed" data-testid="product-sold">
          {t('product.sold', { count: product.total_sold })}
        </Text>
      </Stack>

      {product.sizes.length > 0 && (
        <OptionGroup
          label={t('product.size')}
          options={product.sizes}
          value={size}
          onChange={setSize}
          testId="size-options"
          render={(option) => (
            <>
              {option.name}
              {option.price > 0 && <span className={classes.surcharge}>+{formatMoney(option.price, currency)}</span>}
            </>
          )}
        />
      )}

      {product.colors.length > 1 && (
        <OptionGroup
          label={t('product.color')}
          options={product.colors}
          value={color}
          onChange={setColor}
          testId="color-options"
          render={(option) => option.name}
        />
      )}

      <dl className={classes.attributes}>
        {attributes.map((attribute) => (
          <div key={attribute.label} className={classes.attribute}>
            <dt>{attribute.label}</dt>
            <dd>{attribute.value}</dd>
          </div>
        ))}
      </dl>

      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="sm" align="center">
          <Text size="sm" fw={600} id="product-quantity-label">
            {t('product.quantity')}
          </Text>
          <Group gap={6} role="group" aria-labelledby="product-quantity-label" wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('product.decrease')}
              disabled={quantity <= 1}
              onClick={() => setQuantity((q) => Math.max(1, q - 1))}
            >
              −
            </ActionIcon>
            <Text w={36} ta="center" fw={700} aria-live="polite" data-testid="product-quantity">
              {quantity}
            </Text>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('product.increase')}
              disabled={quantity >= maxQuantity}
              onClick={() => setQuantity((q) => Math.min(maxQuantity, q + 1))}
            >
              +
            </ActionIcon>
          </Group>
        </Group>
        <Text size="sm" c={product.quantity === 1 ? 'red.9' : 'dimmed'} fw={product.quantity === 1 ? 600 : 400} data-testid="product-stock">
          {product.quantity === 1 ? t('product.last_one') : t('product.in_stock', { count: product.quantity })}
        </Text>
      </Group>

      <Group justify="space-between" align="baseline" className={classes.total}>
        <Text fw={600}>{t('product.total')}</Text>
        <Group gap={8} align="baseline">
          {discounted && (
            <Text component="s" size="sm" c="dimmed" data-testid="product-total-original">
              <span className="visually-hidden">{t('pricing.prior_price')} </span>
              {formatMoney(originalLinePrice(product, surcharge, quantity), currency)}
            </Text>
          )}
          <Text fw={800} fz="xl" data-testid="product-total">
            {formatMoney(linePrice(product, surcharge, quantity), currency)}
          </Text>
        </Group>
      </Group>

      <div className={classes.actions}>
        <Button
          variant="light"
          size="md"
          leftSection={<CartIcon size={18} />}
          onClick={() => onAddToCart?.(selection())}
          data-testid="add-to-cart"
        >
          {t('product.add_to_cart')}
        </Button>
        <Button size="md" onClick={() => onBuyNow?.(selection())} data-testid="buy-now">
          {t('product.buy_now')}
        </Button>
      </div>
    </Stack>
  );
}
