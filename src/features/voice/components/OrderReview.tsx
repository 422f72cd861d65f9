/**
 * The review part of the order page (issue 37): once the order is delivered, a prompt to rate its
 * shop (1–5 stars, optional text up to 2 000 characters); the review goes through the outbox
 * (api/review-changes.ts), so it can be written offline and is shown as waiting until the server
 * has it; then "Recenzia ta" as published. Before delivery nothing is shown.
 */
import { useEffect, useRef } from 'react';
import { Button, Input, Paper, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { createReviewSchema, REVIEW_TEXT_MAX, type OrderReview as Published } from '#contract/reviews.ts';
import { useSchemaForm } from '#src/lib/use-schema-form.ts';
import { formatDateTime } from '#src/lib/format-date.ts';
import { usePendingReviews, useQueueReview, type ReviewChange } from '../api/review-changes.ts';
import { Stars } from './Stars.tsx';

export interface ReviewableOrder {
  id: number;
  number: string;
  status: string;
  shop: { id: number; name: string };
  review: Published | null;
}

/**
 * The order whose form the shopper just sent: the review shown in its place takes the focus — the
 * button that had it is gone, and a keyboard would start again from the page's top (issue 37).
 * Kept until the published review has it, since the order page may draw the section anew between
 * "waiting" and "published" (the focused heading then leaves the page with it).
 */
let focusShownReview: number | null = null;

export function OrderReview({ order }: { order: ReviewableOrder }) {
  const { t } = useTranslation();
  const waiting = usePendingReviews().find((r) => r.orderId === order.id);
  if (order.review) return <ReviewShown orderId={order.id} title={t('voice.review_yours')} review={order.review} />;
  if (waiting) return <ReviewShown orderId={order.id} title={t('voice.review_yours')} review={waiting} waiting />;
  if (order.status !== 'delivered') return null;
  return <ReviewForm order={order} />;
}

function ReviewShown({
  orderId,
  title,
  review,
  waiting = false,
}: {
  orderId: number;
  title: string;
  review: Published | ReviewChange;
  waiting?: boolean;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusShownReview !== orderId) return;
    const active = document.activeElement;
    const section = heading.current?.closest('section');
    // The shopper has moved on (a link, another control): leave her focus where it is.
    if (active && active !== document.body && !section?.contains(active)) {
      focusShownReview = null;
      return;
    }
    heading.current?.focus();
    if (!waiting) focusShownReview = null;
  }, [orderId, waiting]);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="order-review-title" data-testid="order-review">
      <Title order={2} size="h4" id="order-review-title" mb="xs" ref={heading} tabIndex={-1}>
        {title}
      </Title>
      <Stars rating={review.rating} />
      {review.text && (
        <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line' }}>
          {review.text}
        </Text>
      )}
      {waiting ? (
        <Text size="sm" c="dimmed" mt="xs" role="status" data-testid="review-waiting">
          {t('voice.review_waiting')}
        </Text>
      ) : (
        'created_at' in review && (
          <Text size="xs" c="dimmed" mt="xs" data-testid="review-published">
            {t('voice.review_published', { date: formatDateTime(review.created_at) })}
          </Text>
        )
      )}
    </Paper>
  );
}

function ReviewForm({ order }: { order: ReviewableOrder }) {
  const { t } = useTranslation();
  const queue = useQueueReview();
  const { form, onSubmit, busy } = useSchemaForm({
    schema: createReviewSchema,
    initialValues: { shop_id: order.shop.id, rating: 0, text: '' },
    submit: async (values) => {
      focusShownReview = order.id;
      const stored = await queue(
        { orderId: order.id, shopId: order.shop.id, rating: values.rating, text: values.text ?? '' },
        order.shop.name,
      );
      if (!stored) focusShownReview = null;
      return stored;
    },
  });
  const text = String(form.values.text ?? '');
  const ratingError = form.errors.rating;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="order-review-title" data-testid="review-form">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="order-review-title">
            {t('voice.review_prompt_title', { shop: order.shop.name })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('voice.review_prompt_text')}
          </Text>
          <Input.Wrapper
            label={t('voice.review_rating')}
            required
            error={ratingError}
            labelElement="div"
            labelProps={{ id: 'review-rating-label' }}
          >
            <Rating
              size="lg"
              value={Number(form.values.rating) || 0}
              onChange={(value) => form.setFieldValue('rating', value)}
              // Mantine's stars are radios whose arrow keys only preview a value until Space or
              // Enter; a radio group's arrows choose (WAI-ARIA), so a keyboard or screen-reader
              // user hears "4 stele, selected" and it is: the radio's own change event commits.
              onChangeCapture={(event) => {
                const input = event.target as HTMLInputElement;
                if (input.type === 'radio') form.setFieldValue('rating', Number(input.value));
              }}
              aria-labelledby="review-rating-label"
              data-testid="review-rating"
              getSymbolLabel={(value) => t('voice.stars', { count: value })}
            />
          </Input.Wrapper>
          <Textarea
            label={t('voice.review_text')}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={REVIEW_TEXT_MAX}
            description={t('voice.review_text_count', { count: text.length })}
            data-testid="review-text"
            {...form.getInputProps('text')}
          />
          <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }} data-testid="review-submit">
            {t('voice.review_submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
