/**
 * Product safety information (issue 36, GPSR (EU) 2023/988 art. 19): the manufacturer, the EU
 * responsible person when the manufacturer is outside the EU, the identifier and the warnings in
 * Romanian — as the API gives them (the seller's data; the texts are not translated).
 */
import { Anchor, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProductSafety } from '#contract/catalog.ts';
import classes from './listing.module.css';

function Party({ party }: { party: { name: string; address: string; email: string } }) {
  return (
    <>
      {party.name}
      <br />
      {party.address}
      <br />
      <Anchor href={`mailto:${party.email}`} size="sm" underline="always">
        {party.email}
      </Anchor>
    </>
  );
}

export function ProductSafetyInfo({ safety }: { safety: ProductSafety }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="product-safety-title" data-testid="product-safety">
      <Title order={2} size="h3" id="product-safety-title" mb="sm">
        {t('listing.safety_title')}
      </Title>
      <dl className={classes.facts} style={{ maxWidth: '72ch' }}>
        <div className={classes.fact}>
          <dt>{t('listing.safety_manufacturer')}</dt>
          <dd>{safety.manufacturer ? <Party party={safety.manufacturer} /> : t('listing.safety_unknown_manufacturer')}</dd>
        </div>
        {safety.eu_responsible && (
          <div className={classes.fact} data-testid="eu-responsible">
            <dt>{t('listing.safety_eu_responsible')}</dt>
            <dd>
              <Party party={safety.eu_responsible} />
            </dd>
          </div>
        )}
        {safety.identifier && (
          <div className={classes.fact}>
            <dt>{t('listing.safety_identifier')}</dt>
            <dd>{safety.identifier}</dd>
          </div>
        )}
        <div className={classes.fact}>
          <dt>{t('listing.safety_warnings')}</dt>
          <dd data-testid="safety-warnings">
            {safety.warnings ?? (
              <Text span size="sm" c="dimmed">
                {t('listing.safety_no_warnings')}
              </Text>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
