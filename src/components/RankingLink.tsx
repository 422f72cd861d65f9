/** "Cum ordonăm rezultatele" (issue 36, OUG 58/2022): the link from search and list results to /ranking. */
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function RankingLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/ranking" size="sm" data-testid="ranking-link">
      {t('listing.ranking_link')}
    </Anchor>
  );
}
