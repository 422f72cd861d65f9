/**
 * Field errors of every form: from the shared zod schemas before a call (messages are
 * i18n keys) or from the server's 422 `errors` after it (already translated). Only the first
 * message per field is shown (spec §5).
 */
import { useCallback, useState } from 'react';
import type { ZodError } from 'zod';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client.ts';

export type FieldErrors = Record<string, string>;

export function useFieldErrors() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});

  const fromZod = useCallback(
    (error: ZodError) => {
      const next: FieldErrors = {};
      for (const issue of error.issues) {
        const field = String(issue.path[0] ?? 'form');
        next[field] ??= t(issue.message);
      }
      setErrors(next);
    },
    [t],
  );

  /** Returns true when the error had per-field messages (else the caller toasts it). */
  const fromApi = useCallback((error: unknown): boolean => {
    if (!(error instanceof ApiError) || Object.keys(error.errors).length === 0) return false;
    const next: FieldErrors = {};
    for (const [field, messages] of Object.entries(error.errors)) if (messages[0]) next[field] = messages[0];
    setErrors(next);
    return true;
  }, []);

  const clear = useCallback((field?: string) => {
    setErrors((current) => {
      if (!field) return {};
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  return { errors, fromZod, fromApi, clear, setErrors };
}
