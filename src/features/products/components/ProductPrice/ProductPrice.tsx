/**
 * Current price, the struck-through original when discounted (product §2, §5). Plain elements
 * (ProductPrice.module.css): every product card shows one (see ProductCard).
 */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../../contract/format-money.ts';
import { useStorefront } from '../../../../lib/storefront/use-storefront.ts';
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
        <s className={classes.original} data-testid="original-price">
          <span className="visually-hidden">{t('product.original_price')} </span>
          {formatMoney(original, currency)}
        </s>
      )}
    </div>
  );
}
