/**
 * /shop/register (product §1, §2 "Seller sign-up link"): what selling on Talcioc means, the
 * benefits, the steps to apply and what a seller needs, with a mailto link to the
 * marketplace's e-mail (master data). Seller accounts themselves are outside this storefront.
 */
import { Anchor, Button, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import { PageHeader } from '#src/components/PageHeader/PageHeader.tsx';
import { MailIcon } from '#src/components/icons/icons.tsx';

/** The marketplace team sorts its inbox by this subject, so it stays Romanian in every language. */
export const SELLER_MAIL_SUBJECT = 'Vreau să devin vânzător';

const BENEFITS = [
  'seller.benefit_shop',
  'seller.benefit_reach',
  'seller.benefit_payments',
  'seller.benefit_delivery',
  'seller.benefit_campaigns',
  'seller.benefit_reviews',
] as const;
const STEPS = ['seller.step_write', 'seller.step_contract', 'seller.step_check', 'seller.step_setup', 'seller.step_list'] as const;
const REQUIREMENTS = [
  'seller.req_company',
  'seller.req_registration',
  'seller.req_iban',
  'seller.req_id',
  'seller.req_goods',
  'seller.req_shipping',
] as const;

export function Component() {
  const { t } = useTranslation();
  const { email, appName } = useStorefront();
  const mailto = email ? `mailto:${email}?subject=${encodeURIComponent(SELLER_MAIL_SUBJECT)}` : null;

  return (
    <Container size="md" py="xl">
      <PageHeader title={t('routes.shop_register')} description={t('seller.intro', { app: appName })} />
      <Stack gap="xl">
        <section aria-labelledby="seller-what">
          <Title order={2} size="h3" id="seller-what" mb="xs">
            {t('seller.what_title', { app: appName })}
          </Title>
          <Text>{t('seller.what_text', { app: appName })}</Text>
        </section>

        <section aria-labelledby="seller-benefits">
          <Title order={2} size="h3" id="seller-benefits" mb="xs">
            {t('seller.benefits_title')}
          </Title>
          <List spacing="xs">
            {BENEFITS.map((key) => (
              <List.Item key={key}>{t(key)}</List.Item>
            ))}
          </List>
        </section>

        <section aria-labelledby="seller-steps">
          <Title order={2} size="h3" id="seller-steps" mb="xs">
            {t('seller.steps_title')}
          </Title>
          <List type="ordered" spacing="xs">
            {STEPS.map((key) => (
              <List.Item key={key}>{t(key, { email: email ?? t('routes.contact_us'), subject: SELLER_MAIL_SUBJECT })}</List.Item>
            ))}
          </List>
        </section>

        <section aria-labelledby="seller-requirements">
          <Title order={2} size="h3" id="seller-requirements" mb="xs">
            {t('seller.requirements_title')}
          </Title>
          <List spacing="xs">
            {REQUIREMENTS.map((key) => (
              <List.Item key={key}>{t(key)}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed" mt="sm">
            {t('seller.requirements_note')}
          </Text>
        </section>

        <Paper withBorder radius="md" p="lg" bg="var(--mantine-primary-color-light)">
          <Stack gap="sm" align="flex-start">
            <Title order={2} size="h3">
              {t('seller.apply_title')}
            </Title>
            <Text>{t('seller.apply_text')}</Text>
            {mailto ? (
              <Button component="a" href={mailto} leftSection={<MailIcon size={18} />} data-testid="seller-mailto">
                {t('seller.apply_button')}
              </Button>
            ) : (
              <Anchor component={Link} to="/contact-us">
                {t('routes.contact_us')}
              </Anchor>
            )}
            {email && (
              <Text size="sm" c="dimmed">
                {t('seller.apply_address', { email, subject: SELLER_MAIL_SUBJECT })}
              </Text>
            )}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
