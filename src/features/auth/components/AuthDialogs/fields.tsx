/**
 * Form fields shared by the sign-in dialogs: country, phone with its dial code, password. Each
 * takes what `form.getInputProps(field)` gives (`FieldInputProps`).
 */
import { PasswordInput, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Country } from '#contract/content.ts';
import { digitsOnly } from '#contract/auth.ts';
import type { ReactNode } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import type { FieldInputProps } from '#src/lib/use-schema-form.ts';

/** Product §2: searchable list; an empty search result says 'No countries found'. */
export function CountryField({
  countries,
  value,
  onChange,
  label,
  ...input
}: FieldInputProps & {
  countries: Country[];
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={label ?? t('auth.country')}
      placeholder={t('auth.country_placeholder')}
      searchable
      nothingFoundMessage={t('auth.no_countries')}
      data={countries.map((c) => ({ value: c.name, label: `${c.name} (${c.phone_code})` }))}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      {...input}
      comboboxProps={{ withinPortal: true }}
      allowDeselect={false}
      data-testid="country-field"
    />
  );
}

/**
 * The country field's props in a form that sends the country as its dial code: the server's
 * phone_code message shows on the country, and choosing another country clears both messages.
 */
export function countryInputProps<Values extends { country: string }>(form: UseFormReturnType<Values>): FieldInputProps {
  const errors: Record<string, ReactNode> = form.errors;
  return {
    ...form.getInputProps('country'),
    onChange: (country: string) => {
      (form.setFieldValue as (path: string, value: unknown) => void)('country', country);
      form.clearFieldError('country');
      form.clearFieldError('phone_code');
    },
    error: errors.country ?? errors.phone_code,
  };
}

/** Product §2/§5: '+dial code' prefix (or 00), digits only as typed, numeric keypad. */
export function PhoneField({
  dialCode,
  value = '',
  onChange,
  label,
  ...input
}: FieldInputProps & {
  dialCode: string;
  label?: string;
}) {
  const { t } = useTranslation();
  const prefix = dialCode ? `+${dialCode.replace(/^\+/, '')}` : '00';
  return (
    <TextInput
      label={label ?? t('auth.phone')}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      leftSection={<span style={{ fontSize: 14, fontWeight: 600 }}>{prefix}</span>}
      leftSectionWidth={Math.max(44, prefix.length * 10 + 12)}
      value={value}
      onChange={(event) => onChange(digitsOnly(event.currentTarget.value))}
      {...input}
      placeholder="7xx xxx xxx"
      data-testid="phone-field"
    />
  );
}

export function PasswordField({
  value = '',
  onChange,
  autoComplete = 'current-password',
  testId,
  ...input
}: FieldInputProps & {
  label: string;
  autoComplete?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...input}
      // Mantine marks the wrapper, not the inner <input>, as invalid: screen readers need it here.
      aria-invalid={input.error ? true : undefined}
      autoComplete={autoComplete}
      visibilityToggleButtonProps={{ 'aria-label': t('auth.toggle_password') }}
      data-testid={testId}
    />
  );
}

export const dialCodeOf = (countries: Country[], name: string) => countries.find((c) => c.name === name)?.phone_code ?? '';
