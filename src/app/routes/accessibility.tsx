/**
 * /accessibility (issue 37 §3; European Accessibility Act, Legea 232/2022): the accessibility
 * statement — conformance status with EN 301 549 v3.2.1 / WCAG 2.1 AA as the browser tests prove
 * it (tests/e2e/accessibility.spec.ts), known limitations, how to report a barrier and get the
 * content another way (contact form, e-mail, phone from master data), the date of the last
 * assessment and the enforcement body. Static text from the catalogues: it works offline.
 */
import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#src/components/PageHeader/PageHeader.tsx';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import { formatPhone } from '#src/lib/format-phone.ts';
import { formatDate } from '#src/lib/format-date.ts';
import { CUSTOMER_SERVICE_HOURS } from '#contract/constants.ts';

/** When the suite last ran over every screen and the statement was reviewed. */
export const LAST_ASSESSMENT = '2026-11-29';

const LIMITATIONS = [
  'a11y.limit_photos',
  'a11y.limit_attachments',
  'a11y.limit_third_party',
  'a11y.limit_manual',
  'a11yKeyboard.limit_keyboard_journeys',
] as const;
const MEASURES = ['a11y.measure_axe', 'a11y.measure_keyboard', 'a11y.measure_reflow', 'a11y.measure_targets'] as const;

export function Component() {
  const { t } = useTranslation();
  const storefront = useStorefront();
  return (
    <Container size="md" py="xl">
      <PageHeader title={t('a11y.title')} description={t('a11y.intro', { app: storefront.appName })} />
      <Stack gap="xl">
        <section aria-labelledby="a11y-status">
          <Title order={2} size="h3" id="a11y-status" mb="sm">
            {t('a11y.status_title')}
          </Title>
          <Text data-testid="a11y-status">{t('a11y.status_text')}</Text>
          <List mt="sm" spacing="xs">
            {MEASURES.map((key) => (
              <List.Item key={key}>{t(key)}</List.Item>
            ))}
          </List>
        </section>
        <section aria-labelledby="a11y-limits">
          <Title order={2} size="h3" id="a11y-limits" mb="sm">
            {t('a11y.limits_title')}
          </Title>
          <List spacing="xs">
            {LIMITATIONS.map((key) => (
              <List.Item key={key}>{t(key)}</List.Item>
            ))}
          </List>
        </section>
        <section aria-labelledby="a11y-contact">
          <Title order={2} size="h3" id="a11y-contact" mb="sm">
            {t('a11y.contact_title')}
          </Title>
          <Text mb="sm">{t('a11y.contact_text')}</Text>
          <List spacing="xs">
            <List.Item>
              <Anchor component={Link} to="/contact-us">
                {t('a11y.contact_form')}
              </Anchor>
            </List.Item>
            {storefront.email && (
              <List.Item>
                {t('a11y.contact_email')} <Anchor href={`mailto:${storefront.email}`}>{storefront.email}</Anchor>
              </List.Item>
            )}
            {storefront.mobile && (
              <List.Item>
                {t('a11y.contact_phone', { hours: CUSTOMER_SERVICE_HOURS })}{' '}
                <Anchor href={`tel:${storefront.mobile.replace(/[^\d+]/g, '')}`}>{formatPhone(storefront.mobile)}</Anchor>
              </List.Item>
            )}
          </List>
          <Text mt="sm">{t('a11y.contact_answer')}</Text>
        </section>
        <section aria-labelledby="a11y-enforcement">
          <Title order={2} size="h3" id="a11y-enforcement" mb="sm">
            {t('a11y.enforcement_title')}
          </Title>
          <Text>
            {t('a11y.enforcement_text')}{' '}
            <Anchor href="https://anpc.ro/" target="_blank" rel="noopener noreferrer">
              anpc.ro
            </Anchor>
          </Text>
        </section>
        <section aria-labelledby="a11y-date">
          <Title order={2} size="h3" id="a11y-date" mb="sm">
            {t('a11y.date_title')}
          </Title>
          <Text data-testid="a11y-date">{t('a11y.date_text', { date: formatDate(LAST_ASSESSMENT) })}</Text>
        </section>
      </Stack>
    </Container>
  );
}
