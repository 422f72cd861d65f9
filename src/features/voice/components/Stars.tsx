/** A rating shown as stars with its words for screen readers ("4 stele"). */
import { Rating } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function Stars({ rating, size = 'sm' }: { rating: number; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <span role="img" aria-label={t('voice.stars', { count: rating })} data-testid="stars" data-rating={rating}>
      <Rating value={rating} readOnly size={size} color="#a34700" aria-hidden="true" />
    </span>
  );
}
