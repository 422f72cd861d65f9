/**
 * /ranking (issue 36, OUG 58/2022 and Directive 2005/29/EC art. 7(4a)): the main parameters that
 * order search results and lists, as the code ranks them (ADR 046, ADR 041; product_lists.ts).
 * Linked from every list's results line (components/RankingLink.tsx).
 */
import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRouteTitle } from '../DocumentTitle.tsx';

const SECTIONS = [
  [
    'listing.ranking_search_title',
    ['listing.ranking_search_1', 'listing.ranking_search_2', 'listing.ranking_search_3', 'listing.ranking_search_4'],
  ],
  ['listing.ranking_lists_title', ['listing.ranking_lists_1', 'listing.ranking_lists_2', 'listing.ranking_lists_3']],
  ['listing.ranking_filters_title', ['listing.ranking_filters_1']],
  ['listing.ranking_listed_title', ['listing.ranking_listed_1']],
] as const;

export function Component() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  return (
    <Container size="md" py="lg">
      <Stack gap="lg" data-testid="ranking-page">
        <Title order={1}>{title}</Title>
        <Text>{t('listing.ranking_intro')}</Text>
        {SECTIONS.map(([heading, items]) => (
          <section key={heading}>
            <Title order={2} size="h3" mb="xs">
              {t(heading)}
            </Title>
            <List spacing="xs">
              {items.map((item) => (
                <List.Item key={item}>{t(item)}</List.Item>
              ))}
            </List>
          </section>
        ))}
        <Anchor component={Link} to="/filtered-products">
          {t('listing.ranking_back')}
        </Anchor>
      </Stack>
    </Container>
  );
}
