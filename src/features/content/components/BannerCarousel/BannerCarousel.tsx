/**
 * Home banners: a swipeable, scroll-snapping row (no carousel library on the first load).
 * The first banner is eager (it is the likely LCP element), the rest lazy.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bannersQueryOptions } from '../../api/get-banners.ts';
import { Photo } from '#src/components/Photo/Photo.tsx';
import { BANNER_SIZES } from '#src/lib/photo-sizes.ts';
import classes from './BannerCarousel.module.css';

export { BANNER_SIZES };

export function BannerCarousel() {
  const { t } = useTranslation();
  const { data: banners = [] } = useQuery(bannersQueryOptions());
  if (banners.length === 0) return null;
  return (
    <section aria-label={t('home.banners')} className={classes.track} data-testid="banners">
      {banners.map((banner, index) => {
        const image = (
          <Photo
            src={banner.image}
            meta={banner.image_meta}
            alt={banner.subtitle ? `${banner.title} — ${banner.subtitle}` : banner.title}
            sizes={BANNER_SIZES}
            width={1200}
            height={400}
            className={classes.image}
            priority={index === 0}
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
