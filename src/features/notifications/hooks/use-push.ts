/**
 * The "turn on notifications" control's state and actions (issue #6). Reads the device's
 * state on mount; turning on or off happens only on the shopper's tap. While on, a change of
 * interface language re-registers the device so pushes come in the new language.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentPushState, registerSubscription, turnOffPush, turnOnPush, type PushState } from '../lib/push.ts';

export function usePush() {
  const { i18n } = useTranslation();
  const [state, setState] = useState<PushState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const language = useRef(i18n.language);

  useEffect(() => {
    let live = true;
    void currentPushState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (state !== 'on' || language.current === i18n.language) return;
    language.current = i18n.language;
    void navigator.serviceWorker
      .getRegistration()
      .then((reg) => reg?.pushManager.getSubscription())
      .then((subscription) => subscription && registerSubscription(subscription, i18n.language))
      // Product §8: push-token failures are logged only.
      .catch((e: unknown) => console.warn('[push] could not update the language', e));
  }, [state, i18n.language]);

  const run = useCallback(async (action: () => Promise<PushState>) => {
    setBusy(true);
    setError(null);
    try {
      setState(await action());
    } catch (e) {
      console.warn('[push]', e);
      setError(e);
    } finally {
      setBusy(false);
    }
  }, []);

  return {
    state,
    busy,
    error,
    /** From the pre-prompt's "Allow" tap: `recordConsent` stores the topics chosen there (issue 37 §4). */
    turnOn: (recordConsent: () => Promise<unknown>) => run(() => turnOnPush(i18n.language, recordConsent)),
    turnOff: () => run(turnOffPush),
  };
}
