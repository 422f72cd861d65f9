/**
 * Home banners: a swipeable, scroll-snapping row (no carousel library on the first load).
 * The first banner is eager (it is the likely LCP element), the rest lazy.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bannersQueryOptions } from '../../api/get-banners.ts';
import classes from './BannerCarousel.module.css';

export function BannerCarousel() {
  const { t } = useTranslation();
  const { data: banners = [] } = useQuery(bannersQueryOptions());
  if (banners.length === 0) return null;
  return (
    <section aria-label={t('home.banners')} className={classes.track} data-testid="banners">
      {banners.map((banner, index) => {
        const image = (
          <img
            src={banner.image}
            alt={banner.subtitle ? `${banner.title} — ${banner.subtitle}` : banner.title}
            width={1200}
            height={400}
            className={classes.image}
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'}
            decoding="async"
          />
        );
        return (
          <div key={banner.id} className={classes.slide}>
            {banner.link ? <Link to={banner.link}>{image}</Link> : image}
          </div>
        );
      })}
    </section>
  );
}
