/**
 * Form fields shared by the sign-in dialogs: country, phone with its dial code, password. Each
 * takes what `form.getInputProps(field)` gives (`FieldInputProps`).
 */
import { PasswordInput, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Country } from '../../../../../contract/content.ts';
import { digitsOnly } from '../../../../../contract/auth.ts';
import type { FieldInputProps } from '../../../../lib/use-schema-form.ts';

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
