/**
 * Header category buttons (spec §2): they open /categories/{id}. On phones a horizontal,
 * swipeable strip of icons; on wider screens a single row of pills.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { categoriesQueryOptions } from '../../api/get-categories.ts';
import classes from './CategoryButtons.module.css';

export function CategoryButtons() {
  const { t } = useTranslation();
  const { data: categories = [] } = useQuery(categoriesQueryOptions());
  if (categories.length === 0) return null;
  return (
    <nav aria-label={t('header.categories')} className={classes.strip} data-testid="category-buttons">
      {categories.map((category) => (
        <Link key={category.id} to={`/categories/${category.id}`} className={classes.item}>
          <img src={category.thumbnail} alt="" width={36} height={36} className={classes.icon} loading="lazy" decoding="async" />
          <span className={classes.label}>{category.name}</span>
        </Link>
      ))}
    </nav>
  );
}
