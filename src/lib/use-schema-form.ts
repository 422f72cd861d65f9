/**
 * Every form of the app in one shape (issue 16): @mantine/form holds the values and the field
 * errors, the contract's zod schema validates before anything is sent (its messages are i18n
 * keys, translated here; the first message per field is shown, spec §5), and a TanStack mutation
 * sends the parsed values. A 422's per-field messages (already translated by the server) land on
 * their fields through `applyServerErrors`; any other failure goes to the form's `onError`.
 */
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';

export interface SchemaFormOptions<Schema extends z.ZodType<unknown, Record<string, unknown>>, Answer> {
  schema: Schema;
  initialValues: z.input<Schema>;
  /** Sends the parsed values. */
  submit: (values: z.output<Schema>) => Promise<Answer>;
  onSuccess?: (answer: Answer, values: z.output<Schema>) => void;
  /** A failure without per-field messages (offline, 401, 429, 5xx …). */
  onError?: (error: unknown) => void;
}

/** The first message per field of a failed parse, translated (field paths as Mantine names them: `a.b`). */
export function zodFieldErrors(error: z.ZodError, t: (key: string) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'form';
    errors[field] ??= t(issue.message);
  }
  return errors;
}

/** Puts a 422's per-field messages on the form's fields. False when the error has none. */
export function applyServerErrors<Values>(form: UseFormReturnType<Values>, error: unknown): boolean {
  if (!(error instanceof ApiError) || Object.keys(error.errors).length === 0) return false;
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.errors)) if (messages[0]) errors[field] = messages[0];
  form.setErrors(errors);
  return true;
}

export function useSchemaForm<Schema extends z.ZodType<unknown, Record<string, unknown>>, Answer>(options: SchemaFormOptions<Schema, Answer>) {
  const { t } = useTranslation();
  const { schema } = options;
  const form = useForm<z.input<Schema>>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: (values) => {
      const parsed = schema.safeParse(values);
      return parsed.success ? {} : zodFieldErrors(parsed.error, t);
    },
    // A field's message goes as soon as the shopper changes that field.
    clearInputErrorOnChange: true,
  });
  const mutation = useMutation({
    mutationFn: options.submit,
    onSuccess: (answer, values) => options.onSuccess?.(answer, values),
    onError: (error) => {
      if (!applyServerErrors(form, error)) options.onError?.(error);
    },
  });
  // Validation ran in form.onSubmit; parse again for the schema's output (defaults, trims, coercions).
  const onSubmit = form.onSubmit((values) => mutation.mutate(schema.parse(values) as z.output<Schema>));
  return { form, mutation, onSubmit, busy: mutation.isPending };
}
