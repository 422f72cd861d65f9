/**
 * One Idempotency-Key per attempt (ADR 007): the same key while the shopper retries the same
 * content (a dropped answer must not open two tickets or post a reply twice), a new one once the
 * content changes or the send succeeded.
 */
import { useCallback, useRef } from 'react';

export function useAttemptKey() {
  const current = useRef<{ signature: string; key: string } | null>(null);
  /** The key for this content: reused for the same signature, new for another. */
  const keyFor = useCallback((signature: string) => {
    if (!current.current || current.current.signature !== signature) current.current = { signature, key: crypto.randomUUID() };
    return current.current.key;
  }, []);
  /** After a success: the next send is a new attempt. */
  const renew = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, renew };
}

/** What identifies an attachment in a signature (a File is not serialisable). */
export const fileSignature = (file: File | null) => (file ? [file.name, file.size, file.lastModified, file.type] : null);
