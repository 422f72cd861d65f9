/**
 * /contact-us (product §2 Contact, issue #6): the marketplace's phone, e-mail, address and customer
 * service hours (09:00 - 17:00, product §9) from master data, the contact form (POST /contact; name,
 * e-mail and phone prefilled for a signed-in shopper; a draft on the device until sent) and the way
 * to support. Master data is persisted, so the page works offline once seen.
 */
import { Anchor, Container, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import { useSession } from '#src/features/auth/hooks/use-session.ts';
import { ContactForm } from '#src/features/support/components/ContactForm/ContactForm.tsx';
import { sendContactMessage } from '#src/features/support/api/send-contact.ts';
import { draftKeys } from '#src/features/support/lib/drafts.ts';
import { ROMANIAN_PHONE } from '#contract/support.ts';
import { PageHeader } from '#src/components/PageHeader/PageHeader.tsx';
import { ClockIcon, MailIcon, PhoneIcon, StoreIcon } from '#src/components/icons/icons.tsx';
import { formatPhone } from '#src/lib/format-phone.ts';
import { CUSTOMER_SERVICE_HOURS } from '#contract/constants.ts';
import { ContactItem } from '#src/components/ContactItem/ContactItem.tsx';

/** The signed-in shopper's name, e-mail and (Romanian) phone for the form's blank fields. */
function usePrefill() {
  const { user, isLoggedIn } = useSession();
  if (!isLoggedIn || !user) return { userId: null, prefill: undefined };
  // National digits as Romanians write them: 0723 097 434.
  const national = user.phone.length === 9 ? `0${user.phone}` : user.phone;
  const phone = user.phone_code === '+40' && ROMANIAN_PHONE.test(national) ? national : '';
  return { userId: user.id, prefill: { name: user.name, email: user.email ?? '', phone } };
}

export function Component() {
  const { t } = useTranslation();
  const storefront = useStorefront();
  const { userId, prefill } = usePrefill();
  return (
    <Container size="md" py="xl">
      <PageHeader title={t('routes.contact_us')} description={t('contact.intro')} />
      <section aria-labelledby="contact-details">
        <Title order={2} size="h3" id="contact-details" mb="sm">
          {t('contact.details')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" data-testid="contact-details">
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
          {storefront.address && (
            <ContactItem icon={<StoreIcon size={18} />} label={t('contact.address')}>
              {storefront.address}
            </ContactItem>
          )}
          <ContactItem icon={<ClockIcon size={18} />} label={t('contact.hours')}>
            {t('contact.hours_value', { hours: CUSTOMER_SERVICE_HOURS })}
          </ContactItem>
        </SimpleGrid>
      </section>

      <Stack gap="xl" mt="xl">
        <section aria-labelledby="contact-form">
          <Title order={2} size="h3" id="contact-form" mb="xs">
            {t('contact.form_title')}
          </Title>
          <Text c="dimmed" mb="md">
            {t('contact.form_intro')}
          </Text>
          <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
            <ContactForm
              key={userId ?? 'guest'}
              prefill={prefill}
              draftKey={draftKeys.contact(userId)}
              onSubmit={async (payload) => (await sendContactMessage(payload)).data}
            />
          </Paper>
        </section>
        <section aria-labelledby="contact-help">
          <Title order={2} size="h3" id="contact-help" mb="xs">
            {t('contact.help_title')}
          </Title>
          <Text mb="xs">{t('contact.help_text')}</Text>
          <Stack gap={6}>
            <Anchor component={Link} to="/support">
              {t('contact.support_link')} ›
            </Anchor>
            <Anchor component={Link} to="/shop/register">
              {t('contact.seller_link')} ›
            </Anchor>
          </Stack>
        </section>
      </Stack>
    </Container>
  );
}
