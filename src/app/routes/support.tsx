/** /support: customer service hours, phone and e-mail from master data (issue #6 adds tickets). */
import { Anchor, Container, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStorefront } from '../../features/storefront/hooks/use-storefront.ts';
import { PageHeader } from '../../components/PageHeader/PageHeader.tsx';
import { formatPhone } from '../../lib/format-phone.ts';
import { CUSTOMER_SERVICE_HOURS } from '../layouts/Footer.tsx';

export function Component() {
  const { t } = useTranslation();
  const storefront = useStorefront();
  return (
    <Container size="md" py="xl">
      <PageHeader title={t('routes.support')} description={t('support.intro')} />
      <Stack gap="xs">
        <Text>
          {t('footer.hours_text')} <strong>{CUSTOMER_SERVICE_HOURS}</strong>
        </Text>
        <List spacing="xs">
          {storefront.mobile && (
            <List.Item>
              <Anchor href={`tel:${storefront.mobile.replace(/\s/g, '')}`}>{t('footer.phone', { phone: formatPhone(storefront.mobile) })}</Anchor>
            </List.Item>
          )}
          {storefront.email && (
            <List.Item>
              <Anchor href={`mailto:${storefront.email}`}>{t('footer.support_mail', { email: storefront.email })}</Anchor>
            </List.Item>
          )}
          <List.Item>
            <Anchor component={Link} to="/contact-us">{t('routes.contact_us')}</Anchor>
          </List.Item>
          <List.Item>
            <Anchor component={Link} to="/support-tickets">{t('account.support_ticket')}</Anchor>
          </List.Item>
        </List>
      </Stack>
    </Container>
  );
}
