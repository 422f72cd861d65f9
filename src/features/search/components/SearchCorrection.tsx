/**
 * "Did you mean …?" (issue #13): shown above search results when the search found nothing and the
 * server answered the results of a close spelling instead (`did_you_mean`). The link searches the
 * corrected text itself (and stores it, as the header does).
 */
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { searchPath, storeSearchTerm } from '../lib/search-term.ts';

export function SearchCorrection({ term, corrected }: { term: string; corrected: string }) {
  const { t } = useTranslation();
  const to = searchPath(corrected);
  return (
    <div data-testid="did-you-mean" role="status">
      <Text size="sm">{t('search.corrected', { term, corrected })}</Text>
      <Text size="sm">
        <Trans
          i18nKey="search.did_you_mean"
          values={{ corrected }}
          components={{ 1: <Anchor component={Link} to={to} fw={600} onClick={() => storeSearchTerm(corrected)} /> }}
        />
      </Text>
    </div>
  );
}
