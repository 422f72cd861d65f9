/**
 * /support (issue #6): customer service hours (09:00 - 17:00), phone and e-mail from master data,
 * the shopper's support tickets (signed in; otherwise a prompt to sign in first) and the contact
 * form. Master data is persisted, so the page works offline once seen.
 */
import { Anchor, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import { useSession } from '#src/features/auth/hooks/use-session.ts';
import { openLogin } from '#src/features/auth/lib/auth-dialog-store.ts';
import { PageHeader } from '#src/components/PageHeader/PageHeader.tsx';
import { ClockIcon, MailIcon, PhoneIcon } from '#src/components/icons/icons.tsx';
import { formatPhone } from '#src/lib/format-phone.ts';
import { CUSTOMER_SERVICE_HOURS } from '#contract/constants.ts';
import { ContactItem } from '#src/components/ContactItem/ContactItem.tsx';

export function Component() {
  const { t } = useTranslation();
  const storefront = useStorefront();
  const { isLoggedIn } = useSession();
  return (
    <Container size="md" py="xl">
      <PageHeader title={t('routes.support')} description={t('support.intro')} />
      <section aria-labelledby="support-channels">
        <Title order={2} size="h3" id="support-channels" mb="sm">
          {t('support_page.channels')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md" data-testid="support-channels">
          <ContactItem icon={<ClockIcon size={18} />} label={t('contact.hours')}>
            <span data-testid="support-hours">{t('contact.hours_value', { hours: CUSTOMER_SERVICE_HOURS })}</span>
          </ContactItem>
          {storefront.mobile && (
            <ContactItem icon={<PhoneIcon size={18} />} label={t('contact.phone')}>
              <Anchor href={`tel:${storefront.mobile.replace(/[^\d+]/g, '')}`} inherit>
                {formatPhone(storefront.mobile)}
              </Anchor>
            </ContactItem>
          )}
          {storefront.email && (
            <ContactItem icon={<MailIcon size={18} />} label={t('contact.email')}>
              <Anchor href={`mailto:${storefront.email}`} inherit>
                {storefront.email}
              </Anchor>
            </ContactItem>
          )}
        </SimpleGrid>
      </section>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="xl">
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="support-tickets-title" data-testid="support-tickets-card">
          <Stack gap="xs" h="100%">
            <Title order={2} size="h4" id="support-tickets-title">
              {t('account.support_ticket')}
            </Title>
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              {isLoggedIn ? t('support_page.tickets_text') : t('support_page.tickets_signed_out')}
            </Text>
            <Group gap="sm">
              {isLoggedIn ? (
                <>
                  <Button component={Link} to="/support-tickets?new=1">
                    {t('tickets.open_ticket')}
                  </Button>
                  <Button component={Link} to="/support-tickets" variant="default">
                    {t('support_page.my_tickets')}
                  </Button>
                </>
              ) : (
                <Button onClick={openLogin} data-testid="support-sign-in">
                  {t('support_page.sign_in')}
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="support-contact-title">
          <Stack gap="xs" h="100%">
            <Title order={2} size="h4" id="support-contact-title">
              {t('routes.contact_us')}
            </Title>
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              {t('support_page.contact_text')}
            </Text>
            <Group>
              <Button component={Link} to="/contact-us" variant="light">
                {t('support_page.write_us')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </SimpleGrid>
    </Container>
  );
}
