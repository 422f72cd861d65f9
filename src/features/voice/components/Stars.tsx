/** A rating shown as five stars (filled ★, empty ☆) with its words for screen readers ("4 stele"); nothing focusable. */
import { useTranslation } from 'react-i18next';

const SIZE = { xs: 14, sm: 18, md: 22 } as const;

export function Stars({ rating, size = 'sm' }: { rating: number; size?: keyof typeof SIZE }) {
  const { t } = useTranslation();
  return (
    <span role="img" aria-label={t('voice.stars', { count: rating })} data-testid="stars" data-rating={rating}>
      <span aria-hidden="true" style={{ color: '#a34700', fontSize: SIZE[size], letterSpacing: 1 }}>
        {'★'.repeat(rating)}
        {'☆'.repeat(Math.max(0, 5 - rating))}
      </span>
    </span>
  );
}
