/**
 * The address form (product §2 manage address, §5): validated with the contract's
 * `addressInputSchema` before sending (messages are i18n keys), then the server's per-field
 * messages. County is a searchable list of the județe; phone digits only; postal code 6 digits.
 */
import { useState } from 'react';
import { Button, Checkbox, Group, Select, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ADDRESS_TYPES, COUNTIES, addressInputSchema, type AddressInput } from '#contract/addresses.ts';
import { failureMessage } from '#src/lib/api-client.ts';
import { useSchemaForm } from '#src/lib/use-schema-form.ts';

export const EMPTY_ADDRESS: AddressInput = {
  name: '',
  phone: '',
  county: '' as AddressInput['county'],
  locality: '',
  street: '',
  postal_code: '',
  type: 'home',
  is_default: false,
};

export interface AddressFormProps {
  initial?: AddressInput;
  /** Sends the address; rejects with the ApiError/NetworkError to show. */
  onSubmit(input: AddressInput): Promise<unknown>;
  onCancel?(): void;
  submitLabel?: string;
}

export function AddressForm({ initial = EMPTY_ADDRESS, onSubmit, onCancel, submitLabel }: AddressFormProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    form,
    onSubmit: send,
    busy,
  } = useSchemaForm({
    schema: addressInputSchema,
    initialValues: initial,
    submit: (input) => {
      setFormError(null);
      return onSubmit(input);
    },
    onError: (error) => {
      setFormError(failureMessage(error, t));
    },
  });
  const { values } = form;
  const typeError = form.errors.type;

  return (
    <form onSubmit={send} noValidate data-testid="address-form">
      <Stack gap="sm">
        <TextInput label={t('address.name')} {...form.getInputProps('name')} autoComplete="name" required />
        <TextInput
          label={t('address.phone')}
          type="tel"
          inputMode="numeric"
          {...form.getInputProps('phone')}
          // Digits only, as typed.
          onChange={(event) => form.setFieldValue('phone', event.currentTarget.value.replace(/\D/g, ''))}
          autoComplete="tel-national"
          maxLength={15}
          required
        />
        <Select
          label={t('address.county')}
          data={[...COUNTIES]}
          searchable
          {...form.getInputProps('county')}
          // No county yet is '' in the values and null in the list (picking the chosen one again gives null).
          value={values.county || null}
          onChange={(value) => form.setFieldValue('county', (value ?? '') as AddressInput['county'])}
          nothingFoundMessage={t('address.county_none')}
          required
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput label={t('address.locality')} {...form.getInputProps('locality')} autoComplete="address-level2" required />
        <TextInput label={t('address.street')} {...form.getInputProps('street')} autoComplete="street-address" required />
        <TextInput
          label={t('address.postal_code')}
          inputMode="numeric"
          {...form.getInputProps('postal_code')}
          // Six digits at most, as typed.
          onChange={(event) => form.setFieldValue('postal_code', event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
          autoComplete="postal-code"
          maxLength={6}
          required
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="address-type-label">
            {t('address.type')}
          </Text>
          {/* By hand: a missing type shows as home, and the control has no error of its own (its message is below). */}
          <SegmentedControl
            aria-labelledby="address-type-label"
            value={values.type ?? 'home'}
            onChange={(value) => form.setFieldValue('type', value as AddressInput['type'])}
            data={ADDRESS_TYPES.map((type) => ({ value: type, label: t(`address.type_${type}`) }))}
          />
          {typeError && (
            <Text size="xs" c="red.8">
              {typeError}
            </Text>
          )}
        </Stack>
        {/* By hand: is_default may be missing (unchecked), and it shows no message (as before). */}
        <Checkbox
          label={t('address.make_default')}
          checked={Boolean(values.is_default)}
          onChange={(e) => form.setFieldValue('is_default', e.currentTarget.checked)}
        />
        {formError && (
          <Text size="sm" c="red.8" role="alert">
            {formError}
          </Text>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={busy}>
            {submitLabel ?? t('address.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
