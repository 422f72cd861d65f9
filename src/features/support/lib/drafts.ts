/**
 * Drafts of the support forms kept on the device (issue #6, product §8 "nothing typed is lost"):
 * every change is written to local storage under the form's key, a reload or a dropped connection
 * brings it back, and a successful send clears it. Images are not kept (a File cannot be stored).
 * Keys carry the user's id, so a draft never shows up in another account on a shared device.
 */
import { useCallback, useState } from 'react';
import { readStored, writeStored } from '#src/lib/storage.ts';

export const draftKeys = {
  ticket: (userId: number | string) => `draft:support-ticket:${userId}`,
  reply: (userId: number | string, ticketNumber: string) => `draft:support-reply:${userId}:${ticketNumber}`,
  contact: (userId: number | string | null | undefined) => `draft:contact:${userId ?? 'guest'}`,
};

type Draftable = Record<string, string | number | null>;

/** Only the fields the form knows, with the types it expects: a stored value of another shape is ignored. */
export function readDraft<T extends Draftable>(key: string | null, empty: T): T {
  if (!key) return { ...empty };
  const stored = readStored<Record<string, unknown> | null>(key, null);
  if (!stored || typeof stored !== 'object') return { ...empty };
  const next: Draftable = { ...empty };
  for (const field of Object.keys(empty)) {
    const value = stored[field];
    const expected = empty[field];
    if (typeof value === 'string' || (typeof value === 'number' && (expected === null || typeof expected === 'number')))
      next[field] = value;
  }
  return next as T;
}

const isEmpty = (values: Draftable, empty: Draftable) =>
  Object.keys(empty).every((field) => values[field] === empty[field] || values[field] === '');

/**
 * A form's draft: `initialValues` restored from it (a field it leaves blank takes `initial`: the
 * signed-in shopper's name…), `save` on every change of the values (an empty form forgets it),
 * `forget` after a successful send.
 */
export function useFormDraft<T extends Draftable>(key: string | null, empty: T, initial?: Partial<T>) {
  const [initialValues] = useState<T>(() => {
    const draft = readDraft(key, empty);
    const merged: Draftable = { ...draft };
    for (const [field, value] of Object.entries(initial ?? {}))
      if ((merged[field] === '' || merged[field] === null) && value != null) merged[field] = value;
    return merged as T;
  });

  const save = useCallback(
    (values: T) => {
      if (key) writeStored(key, isEmpty(values, empty) ? null : values);
    },
    [key, empty],
  );

  const forget = useCallback(() => {
    if (key) writeStored(key, null);
  }, [key]);

  return { initialValues, save, forget };
}
