/**
 * Footer (product §2), shown only when showFooter is on: about links, customer service (phone,
 * e-mail, hours 09:00 - 17:00), delivery and returns, information links, app download,
 * social links, payment methods, the Romanian consumer-protection links (ANPC, SAL) and the
 * copyright line with the current year and the footer text (or 'All rights reserved').
 *
 * Part of every public page from its first HTML (issue 37: a landmark that appeared only on
 * scrolling did not exist for a screen reader or keyboard user). What costs the first load stays
 * deferred: the browser skips its layout and paint until it nears the viewport
 * (`content-visibility: auto`, Footer.module.css), and the subpages it lists are asked for once
 * the page is idle (their links come then; the fixed links are there at once).
 */
import { Anchor, Box, Container, Divider, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import { useIdle } from '#src/lib/when-idle.ts';
import { subpagesQueryOptions } from '#src/features/content/api/get-subpages.ts';
import { formatPhone } from '#src/lib/format-phone.ts';
import { ClockIcon, MailIcon, PhoneIcon } from '#src/components/icons/icons.tsx';
import { StoreBadges } from './StoreBadges.tsx';
import { CopyrightLine } from './CopyrightLine.tsx';
import { CUSTOMER_SERVICE_HOURS } from '#contract/constants.ts';
import classes from './Footer.module.css';

export function Footer() {
  const { t } = useTranslation();
  const storefront = useStorefront();
  const idle = useIdle();
  const { data } = useQuery({ ...subpagesQueryOptions(), enabled: idle });
  // Not before idle, even from the cache: the server-drawn page has none, and hydration must match it.
  const subpages = idle ? (data ?? []) : [];
  if (!storefront.showFooter) return null;

  const about = subpages.filter((p) => p.section === 'about');
  const information = subpages.filter((p) => p.section === 'information');
  const linkTo = (slug: string) => `/${slug}`;

  return (
    <Box component="footer" className={classes.footer} data-testid="site-footer">
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Title order={2} className={classes.heading}>
              {t('footer.about')}
            </Title>
            {storefront.footerDescription && (
              <Text size="sm" c="dimmed">
                {storefront.footerDescription}
              </Text>
            )}
            {about.map((page) => (
              <Anchor key={page.id} component={Link} to={linkTo(page.slug)} size="sm">
                {page.title}
              </Anchor>
            ))}
            <Anchor component={Link} to="/shop/register" size="sm">
              {t('header.become_seller')}
            </Anchor>
          </Stack>

          <Stack gap="xs">
            <Title order={2} className={classes.heading}>
              {t('footer.customer_service')}
            </Title>
            {storefront.mobile && (
              <Anchor href={`tel:${storefront.mobile.replace(/\s/g, '')}`} size="sm" className={classes.iconLine}>
                <PhoneIcon size={16} /> {t('footer.phone', { phone: formatPhone(storefront.mobile) })}
              </Anchor>
            )}
            {storefront.email && (
              <Anchor href={`mailto:${storefront.email}`} size="sm" className={classes.iconLine}>
                <MailIcon size={16} /> {t('footer.support_mail', { email: storefront.email })}
              </Anchor>
            )}
            <Text size="sm" className={classes.iconLine}>
              <ClockIcon size={16} /> {t('footer.hours_text')} {CUSTOMER_SERVICE_HOURS}
            </Text>
            <Anchor component={Link} to="/support" size="sm">
              {t('routes.support')}
            </Anchor>
            <Anchor component={Link} to="/contact-us" size="sm">
              {t('routes.contact_us')}
            </Anchor>
            <Anchor component={Link} to="/accessibility" size="sm">
              {t('a11y.title')}
            </Anchor>
          </Stack>

          <Stack gap="xs">
            <Title order={2} className={classes.heading}>
              {t('footer.information')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('footer.delivery_return_text')}
            </Text>
            {information.map((page) => (
              <Anchor key={page.id} component={Link} to={linkTo(page.slug)} size="sm">
                {page.title}
              </Anchor>
            ))}
          </Stack>

          <Stack gap="sm">
            {storefront.showDownloadApp && (
              <>
                <Title order={2} className={classes.heading}>
                  {t('footer.download_app')}
                </Title>
                <StoreBadges playStoreLink={storefront.playStoreLink} appStoreLink={storefront.appStoreLink} />
              </>
            )}
            {storefront.socialLinks.length > 0 && (
              <Group gap="xs" aria-label={t('footer.social')}>
                {storefront.socialLinks.map((social) => (
                  <Anchor key={social.name} href={social.link} target="_blank" rel="noopener noreferrer" aria-label={social.name}>
                    <Image src={social.logo} alt="" w={28} h={28} />
                  </Anchor>
                ))}
              </Group>
            )}
            {storefront.paymentGateways.length > 0 && (
              <Group gap="xs" aria-label={t('footer.payment_methods')}>
                {storefront.paymentGateways.map((gateway) => (
                  <Image key={gateway.name} src={gateway.logo} alt={gateway.title} title={gateway.title} h={28} w="auto" />
                ))}
              </Group>
            )}
            <Stack gap={4}>
              <Anchor href="https://anpc.ro/" target="_blank" rel="noopener noreferrer" size="xs" fw={600}>
                PROTECȚIA CONSUMATORILOR – A.N.P.C.
              </Anchor>
              <Anchor href="https://anpc.ro/ce-este-sal/" target="_blank" rel="noopener noreferrer" size="xs" fw={600}>
                {t('footer.sal')}
              </Anchor>
            </Stack>
          </Stack>
        </SimpleGrid>
        <Divider my="lg" />
        <CopyrightLine footerText={storefront.footerText} appName={storefront.appName} />
      </Container>
    </Box>
  );
}
