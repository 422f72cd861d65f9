/**
 * The trader behind a shop (issue 36; DSA art. 30–31, OUG 34/2014): "Vândut de <shop> — comerciant"
 * and the identity (legal name, CUI, trade register, registered address, e-mail, phone, the date
 * the trader certified it) in a disclosure, so the product page stays short. Every value is the
 * API's, as stored; the phone is shown in Romanian groups.
 */
import { useId, type ReactNode } from 'react';
import { Anchor, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Trader } from '#contract/trader.ts';
import { formatDate } from '#src/lib/format-date.ts';
import { formatPhone } from '#src/lib/format-phone.ts';
import classes from './listing.module.css';

/** The identity as a description list. */
export function TraderDetails({ trader }: { trader: Trader }) {
  const { t } = useTranslation();
  const rows: [string, React.ReactNode][] = [
    [t('listing.trader_legal_name'), trader.legal_name],
    [t('listing.trader_cui'), trader.cui],
    [t('listing.trader_registration'), trader.registration_number],
    [t('listing.trader_address'), trader.address],
    [
      t('listing.trader_email'),
      <Anchor key="email" href={`mailto:${trader.email}`} size="sm" underline="always">
        {trader.email}
      </Anchor>,
    ],
    [
      t('listing.trader_phone'),
      <Anchor key="phone" href={`tel:${trader.phone}`} size="sm" underline="always">
        {formatPhone(trader.phone)}
      </Anchor>,
    ],
  ];
  return (
    <div data-testid="trader-details">
      <dl className={classes.facts}>
        {rows.map(([label, value]) => (
          <div key={label} className={classes.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Text size="xs" c="dimmed" mt="xs">
        {t('listing.trader_certified', { date: formatDate(trader.certified_at) })}
      </Text>
    </div>
  );
}

/**
 * "Vândut de <shop> — comerciant" with the identity behind a disclosure (product page, shop page).
 * `children` (the product page's shop card) go under the line, so the seller is one block that
 * names the shop once in words; `titleOrder` makes the line the section's heading.
 */
export function SoldByTrader({
  shopName,
  trader,
  open = false,
  titleOrder,
  children,
}: {
  shopName: string;
  trader: Trader;
  open?: boolean;
  titleOrder?: 2 | 3;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const line = t('listing.sold_by', { shop: shopName });
  return (
    <section
      className={classes.box}
      aria-label={titleOrder ? undefined : t('listing.trader_title')}
      aria-labelledby={titleOrder ? titleId : undefined}
      data-testid="sold-by-trader"
    >
      {titleOrder ? (
        <Title order={titleOrder} size="h5" id={titleId} mb="xs">
          {line}
        </Title>
      ) : (
        <Text fw={600} size="sm">
          {line}
        </Text>
      )}
      {children}
      <Text size="xs" c="dimmed" mt={children ? 'xs' : undefined}>
        {t('listing.trader_consumer_rights')}
      </Text>
      <details className={classes.disclosure} open={open} data-testid="trader-panel">
        <summary>{t('listing.trader_show')}</summary>
        <TraderDetails trader={trader} />
      </details>
    </section>
  );
}
