/**
 * The shopper's consent to push topics (issue 37 §4, contract/push-consent.ts): read, record a
 * decision, withdraw. Online only (a consent is a statement made now, with its date on the
 * server): the controls say so offline instead of queueing it.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { pushConsentApi } from '#contract/routes/push-consent.ts';
import type { PushConsent } from '#contract/push-consent.ts';
import type { PushTopic } from '#contract/push-consent-topics.ts';

export const PUSH_CONSENT_QUERY_KEY = ['push-consent'] as const;

export const pushConsentQueryOptions = () =>
  queryOptions({
    queryKey: PUSH_CONSENT_QUERY_KEY,
    queryFn: async ({ signal }) => (await callRoute(pushConsentApi.get, { signal })).data,
  });

export const savePushConsent = async (topics: readonly PushTopic[]) =>
  (await callRoute(pushConsentApi.put, { body: { topics: [...topics] } })).data;

export const withdrawPushConsent = async () => (await callRoute(pushConsentApi.withdraw)).data;

/** Records a decision (an empty list withdraws) and keeps the answer as the query's data. */
export function useRecordPushConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topics: readonly PushTopic[] | 'withdraw') => (topics === 'withdraw' ? withdrawPushConsent() : savePushConsent(topics)),
    networkMode: 'online',
    onSuccess: (consent: PushConsent) => queryClient.setQueryData(PUSH_CONSENT_QUERY_KEY, consent),
  });
}
