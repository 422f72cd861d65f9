/**
 * Wires the pre-prompt to the push control (issue 37 §4): "Turn on notifications" opens the
 * pre-prompt; its "Allow" asks the browser (same tap) and records the chosen topics.
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { pushConsentQueryOptions, useRecordPushConsent } from '../../api/push-consent.ts';
import type { usePush } from '../../hooks/use-push.ts';
import { PushConsentDialog } from './PushConsentDialog.tsx';

export interface PushConsentPromptProps {
  push: ReturnType<typeof usePush>;
  /** Renders the control that opens the pre-prompt, given the function that opens it. */
  children(askConsent: () => void): ReactNode;
}

export function PushConsentPrompt({ push, children }: PushConsentPromptProps) {
  const [opened, setOpened] = useState(false);
  const consent = useQuery(pushConsentQueryOptions());
  const record = useRecordPushConsent();
  return (
    <>
      {children(() => setOpened(true))}
      {opened && (
        <PushConsentDialog
          opened
          initialTopics={consent.data?.topics ?? []}
          busy={push.busy}
          onClose={() => setOpened(false)}
          onAllow={(topics) => {
            void push.turnOn(() => record.mutateAsync(topics)).finally(() => setOpened(false));
          }}
        />
      )}
    </>
  );
}
