/**
 * Header category buttons (product §2): they open /categories/{id}. On phones a horizontal,
 * swipeable strip of icons; on wider screens a single row of pills. Until the categories are
 * there, placeholders of the same height hold the strip's place (no layout shift, issue #3).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { categoriesQueryOptions } from '../../api/get-categories.ts';
import { Photo } from '#src/components/Photo/Photo.tsx';
import classes from './CategoryButtons.module.css';

const PLACEHOLDERS = 8;

export function CategoryButtons() {
  const { t } = useTranslation();
  const { data: categories = [], isPending } = useQuery(categoriesQueryOptions());
  if (isPending) {
    return (
      <div className={classes.strip} aria-hidden="true" data-testid="category-buttons-loading">
        {Array.from({ length: PLACEHOLDERS }, (_, i) => (
          <span key={i} className={`${classes.item} ${classes.placeholder}`}>
            <span className={`${classes.icon} ${classes.ghostIcon}`} />
            <span className={classes.label}>
              <span className={classes.ghostText} />
            </span>
          </span>
        ))}
      </div>
    );
  }
  if (categories.length === 0) return null;
  return (
    <nav aria-label={t('header.categories')} className={classes.strip} data-testid="category-buttons">
      {categories.map((category) => (
        <Link key={category.id} to={`/categories/${category.id}`} className={classes.item}>
          <Photo
            src={category.thumbnail}
            meta={category.thumbnail_meta}
            alt=""
            sizes="36px"
            width={36}
            height={36}
            className={classes.icon}
          />
          <span className={classes.label}>{category.name}</span>
        </Link>
      ))}
    </nav>
  );
}
