/**
 * Current price, and the struck-through prior price when a reduction is announced (product §2,
 * §5; issue 36: the lowest price of the 30 days before the reduction, named so for screen
 * readers and on hover). Plain elements (ProductPrice.module.css): every product card shows one.
 */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#contract/format-money.ts';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import classes from './ProductPrice.module.css';

export function ProductPrice({ current, original, size = 'md' }: { current: number; original?: number | null; size?: 'md' | 'xl' }) {
  const { t } = useTranslation();
  const { currency } = useStorefront();
  const discounted = original != null && original > current;
  return (
    <div className={classes.price} data-size={size}>
      <span className={classes.current} data-testid="price">
        {formatMoney(current, currency)}
      </span>
      {discounted && (
        <s className={classes.original} data-testid="original-price" title={t('pricing.prior_price')}>
          <span className="visually-hidden">{t('pricing.prior_price')} </span>
          {formatMoney(original, currency)}
        </s>
      )}
    </div>
  );
}
