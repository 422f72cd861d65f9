/**
 * "Cum verificăm recenziile" (issue 37, OUG 58/2022): the short link shown beside every shop rating,
 * to the page that says how reviews are checked (/reviews-verified). Inside a shop card, whose name
 * link covers the whole card, it sits above that cover so it can be reached and tapped on its own.
 */
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function ReviewsVerifiedLink() {
  const { t } = useTranslation();
  return (
    <Anchor
      component={Link}
      to="/reviews-verified"
      size="xs"
      style={{ position: 'relative', zIndex: 1, display: 'inline-block', minHeight: 24, lineHeight: '24px' }}
      data-testid="reviews-verified-link"
    >
      {t('voice.how_verified')}
    </Anchor>
  );
}
