/**
 * The shop page's reviews (issue 37): the rating, how many reviews gave 1…5 stars, and the reviews
 * newest first, ten a page (`?reviews=N`, links like every list), each with its writer's first name
 * and initial, the date, "Cumpărare verificată" and "Raportează". Texts are shown as text, never as HTML.
 */
import { Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '#contract/format-number.ts';
import { Pagination } from '#src/components/Pagination/Pagination.tsx';
import { ReviewsVerifiedLink } from '#src/components/ReviewsVerified/ReviewsVerifiedLink.tsx';
import { formatDate } from '#src/lib/format-date.ts';
import { shopReviewsQueryOptions } from '../api/reviews-api.ts';
import { ReportButton, type Reporter } from './ReportButton.tsx';
import { Stars } from './Stars.tsx';

export const REVIEWS_PAGE_PARAM = 'reviews';

export function ShopReviews({ shopId, reporter }: { shopId: number; reporter?: Reporter }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const requested = Number(params.get(REVIEWS_PAGE_PARAM) ?? '1');
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const query = useQuery(shopReviewsQueryOptions(shopId, page));
  const language = i18n.language || 'ro';
  const hrefFor = (n: number) => {
    const next = new URLSearchParams(params);
    next.set(REVIEWS_PAGE_PARAM, String(n));
    return `${location.pathname}?${next.toString()}#reviews`;
  };
  const data = query.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="reviews" data-testid="shop-reviews">
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h3" id="reviews">
            {t('voice.reviews_title')}
          </Title>
          <ReviewsVerifiedLink />
        </Group>
        {!data ? (
          <Skeleton h={120} />
        ) : (
          <>
            <Group align="flex-start" gap="xl" wrap="wrap">
              <Stack gap={2} miw={140}>
                <Text fz={36} fw={800} lh={1}>
                  {formatDecimal(data.summary.rating, language, { minimumFractionDigits: 1 })}
                </Text>
                <Stars rating={Math.round(data.summary.rating)} />
                <Text size="sm" c="dimmed" data-testid="reviews-count">
                  {t('shop.reviews_count', { count: data.summary.reviews_count })}
                </Text>
              </Stack>
              <Stack
                gap={4}
                style={{ flex: 1, minWidth: 200 }}
                aria-label={t('voice.distribution_label')}
                role="list"
                data-testid="distribution"
              >
                {[5, 4, 3, 2, 1].map((stars) => {
                  const n = data.summary.distribution[stars - 1] ?? 0;
                  const share = data.summary.reviews_count ? (n / data.summary.reviews_count) * 100 : 0;
                  return (
                    <Group key={stars} gap="xs" wrap="nowrap" role="listitem" data-stars={stars} data-count={n}>
                      <Text size="sm" w={64} aria-hidden="true">
                        {stars} ★
                      </Text>
                      <Progress value={share} color="#a34700" style={{ flex: 1 }} aria-hidden="true" />
                      <Text size="sm" w={32} ta="right" aria-hidden="true">
                        {n}
                      </Text>
                      <span className="visually-hidden">
                        {t('voice.distribution_row', { stars: t('voice.stars', { count: stars }), count: n })}
                      </span>
                    </Group>
                  );
                })}
              </Stack>
            </Group>
            {data.data.length === 0 ? (
              <Text c="dimmed">{t('voice.reviews_empty')}</Text>
            ) : (
              <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="review-list">
                {data.data.map((review) => (
                  <li key={review.id} data-testid="review" data-review-id={review.id}>
                    <Paper withBorder p="sm">
                      <Group justify="space-between" wrap="wrap" gap="xs">
                        <Group gap="xs" wrap="wrap">
                          <Stars rating={review.rating} size="xs" />
                          <Text size="sm" fw={600}>
                            {review.reviewer}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {formatDate(review.created_at)}
                          </Text>
                          <Text size="xs" fw={700} c="#1b5e20">
                            ✓ {t('voice.verified_purchase')}
                          </Text>
                        </Group>
                        <ReportButton
                          target={{ type: 'review', id: review.id, label: review.reviewer }}
                          reporter={reporter}
                          ariaLabel={t('voice.report_review_aria', { name: review.reviewer })}
                        />
                      </Group>
                      {review.text_hidden ? (
                        <Text size="sm" c="dimmed" fs="italic" mt={4}>
                          {t('voice.review_text_hidden')}
                        </Text>
                      ) : (
                        review.text && (
                          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                            {review.text}
                          </Text>
                        )
                      )}
                    </Paper>
                  </li>
                ))}
              </Stack>
            )}
            <Pagination current={data.meta.current_page} last={data.meta.last_page} hrefFor={hrefFor} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
