/**
 * What the product page says of an announced reduction (issue 36; HG 947/2000 art. 4^1, Directive
 * 98/6/EC art. 6a): the prior price in words — the lowest price of the 30 days before the
 * reduction — the day the reduction started (a flash sale's start) and how the percentage is
 * taken. Rendered only when the API announces a reduction (prior_price above the current price).
 */
import { useTranslation } from 'react-i18next';
import type { Product } from '#contract/catalog.ts';
import { formatMoney } from '#contract/format-money.ts';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import { formatReductionDate } from '../../lib/reduction-date.ts';
import classes from './PriorPriceNote.module.css';

export function PriorPriceNote({ product }: { product: Pick<Product, 'prior_price' | 'reduction_started_at'> }) {
  const { t } = useTranslation();
  const { currency } = useStorefront();
  if (product.prior_price === null) return null;
  return (
    <div className={classes.note} data-testid="prior-price-note">
      <p className={classes.prior} data-testid="prior-price-text">
        {t('pricing.details_prior', { price: formatMoney(product.prior_price, currency) })}
      </p>
      {product.reduction_started_at && (
        <p className={classes.since} data-testid="reduction-since">
          {t('pricing.reduction_since', { date: formatReductionDate(product.reduction_started_at) })}
        </p>
      )}
      <p className={classes.rule}>{t('pricing.details_rule')}</p>
    </div>
  );
}
