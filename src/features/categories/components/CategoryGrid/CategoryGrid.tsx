import { SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../../../contract/content.ts';
import classes from './CategoryGrid.module.css';

export function CategoryGrid({ categories, loading }: { categories: Category[]; loading?: boolean }) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }}>
        {Array.from({ length: 6 }, (_, i) => <Skeleton key={i} h={120} radius="md" />)}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }} spacing="sm" data-testid="category-grid">
      {categories.map((category) => (
        <UnstyledButton key={category.id} component={Link} to={`/categories/${category.slug}`} className={classes.card}>
          <img src={category.thumbnail} alt="" width={64} height={64} loading="lazy" decoding="async" className={classes.thumb} />
          <Text size="sm" fw={600} ta="center" lineClamp={2} className={classes.name}>{category.name}</Text>
          <Text size="xs" c="dimmed" ta="center">{t('categories.products_count', { count: category.products_count })}</Text>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
