import { SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Category } from '#contract/content.ts';
import { Photo } from '#src/components/Photo/Photo.tsx';
import classes from './CategoryGrid.module.css';

const COLS = { base: 3, sm: 4, md: 6 };

/**
 * Category cards. While loading, `placeholders` cards of the same size stand in (every name
 * keeps two lines, so a row is as tall whatever the names): nothing moves when the list arrives.
 */
export function CategoryGrid({
  categories,
  loading,
  placeholders = 12,
}: {
  categories: Category[];
  loading?: boolean;
  placeholders?: number;
}) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <SimpleGrid cols={COLS} spacing="sm" aria-hidden="true" data-testid="category-grid-loading">
        {Array.from({ length: placeholders }, (_, i) => (
          <div key={i} className={classes.card}>
            <Skeleton w={64} h={64} circle />
            <Text component="div" size="sm" className={classes.name} w="100%">
              <Skeleton h="1em" w="70%" mx="auto" mt={4} />
            </Text>
            <Text component="div" size="xs" w="100%" mih="1lh">
              <Skeleton h="1em" w="50%" mx="auto" />
            </Text>
          </div>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={COLS} spacing="sm" data-testid="category-grid">
      {categories.map((category) => (
        <UnstyledButton key={category.id} component={Link} to={`/categories/${category.slug}`} className={classes.card}>
          <Photo
            src={category.thumbnail}
            meta={category.thumbnail_meta}
            alt=""
            sizes="64px"
            width={64}
            height={64}
            className={classes.thumb}
          />
          {/* Plain text: Mantine's Text sets its size inline, which the phone size below could not override. */}
          <span className={`${classes.name} ${classes.title}`}>{category.name}</span>
          <Text size="xs" c="dimmed" ta="center">
            {t('categories.products_count', { count: category.products_count })}
          </Text>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
