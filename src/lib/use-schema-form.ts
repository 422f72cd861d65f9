/**
 * Every form of the app in one shape (issue 16): @mantine/form holds the values and the field
 * errors, the contract's zod schema validates before anything is sent (its messages are i18n
 * keys, translated here; the first message per field is shown, product §5), and a TanStack mutation
 * sends the parsed values. A 422's per-field messages (already translated by the server) land on
 * their fields through `applyServerErrors` (then `onFieldErrors`); any other failure goes to the
 * form's `onError`.
 *
 * A form whose fields are not the payload (a country's name for its dial code, '' for null, a
 * draft's strings) feeds the contract's schema from its own values through `formSchema`.
 */
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import type { FocusEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from './api-client.ts';

export interface SchemaFormOptions<Schema extends z.ZodType<unknown, Record<string, unknown>>, Answer> {
  schema: Schema;
  initialValues: z.input<Schema>;
  /** Sends the parsed values (a multipart upload builds its FormData here). */
  submit: (values: z.output<Schema>) => Promise<Answer>;
  onSuccess?: (answer: Answer, values: z.output<Schema>) => void;
  /** A failure without per-field messages (offline, 401, 429, 5xx …). */
  onError?: (error: unknown, values: z.output<Schema>) => void;
  /** A 422 whose per-field messages are now on the fields (e.g. the sign-in dialogs also toast it). */
  onFieldErrors?: (error: ApiError, values: z.output<Schema>) => void;
  /** Every change of the values (the support forms keep them as a draft on the device). */
  onValuesChange?: (values: z.input<Schema>) => void;
}

/**
 * The contract's `schema` checking a form whose values are its own `Fields`: `toPayload` makes the
 * payload the schema parses (its messages keep the payload's field names).
 */
export function formSchema<Fields extends Record<string, unknown>, Schema extends z.ZodType>(
  schema: Schema,
  toPayload: (fields: Fields) => z.input<Schema>,
) {
  return z
    .custom<Fields>()
    .transform(toPayload)
    .pipe(schema as z.ZodType<z.output<Schema>, Awaited<z.input<Schema>>>);
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

/**
 * What `form.getInputProps(field)` gives a field (the form is controlled): the app's own fields
 * take exactly this, so a form wires each one with `{...form.getInputProps('field')}`. `onChange`
 * takes the new value (Mantine's takes an input's change event too) and, as
 * `clearInputErrorOnChange` is on, clears the field's message; `onFocus` marks the field touched.
 */
export interface FieldInputProps<Value = string> {
  /** Always given (the form is controlled); optional as in Mantine's own type of it. */
  value?: Value;
  onChange(value: Value): void;
  /** The field's message, already translated. */
  error?: ReactNode;
  onFocus?: FocusEventHandler<HTMLElement>;
  onBlur?: FocusEventHandler<HTMLElement>;
  /** Mantine's mark of the field's input (what `form.getInputNode` looks for). */
  'data-path'?: string;
}

/** Puts a 422's per-field messages on the form's fields. False when the error has none. */
export function applyServerErrors<Values>(form: UseFormReturnType<Values>, error: unknown): boolean {
  if (!(error instanceof ApiError) || Object.keys(error.errors).length === 0) return false;
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.errors)) if (messages[0]) errors[field] = messages[0];
  form.setErrors(errors);
  return true;
}

export function useSchemaForm<Schema extends z.ZodType<unknown, Record<string, unknown>>, Answer>(
  options: SchemaFormOptions<Schema, Answer>,
) {
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
    onValuesChange: options.onValuesChange,
  });
  const mutation = useMutation({
    mutationFn: options.submit,
    // A form's send is tried at once and its failure shown (offline too); it is never held back
    // to be sent later (in the app that is what the client's offlineFirst does for mutations).
    networkMode: 'always',
    onSuccess: (answer, values) => options.onSuccess?.(answer, values),
    onError: (error, values) => {
      if (applyServerErrors(form, error)) options.onFieldErrors?.(error as ApiError, values);
      else options.onError?.(error, values);
    },
  });
  // Validation ran in form.onSubmit; parse again for the schema's output (defaults, trims, coercions).
  const onSubmit = form.onSubmit((values) => mutation.mutate(schema.parse(values) as z.output<Schema>));
  return { form, mutation, onSubmit, busy: mutation.isPending };
}
