/**
 * The address form (spec §2 manage address, §5): validated with the contract's
 * `addressInputSchema` before sending (messages are i18n keys), then the server's per-field
 * messages. County is a searchable list of the județe; phone digits only; postal code 6 digits.
 */
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Select, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ADDRESS_TYPES, COUNTIES, addressInputSchema, type AddressInput } from '../../../../contract/addresses.ts';
import { useFieldErrors } from '../../../lib/form-errors.ts';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';

export const EMPTY_ADDRESS: AddressInput = {
  name: '', phone: '', county: '' as AddressInput['county'], locality: '', street: '', postal_code: '', type: 'home', is_default: false,
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
  const [values, setValues] = useState<AddressInput>(initial);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, fromZod, fromApi, clear } = useFieldErrors();

  const set = <K extends keyof AddressInput>(field: K, value: AddressInput[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = addressInputSchema.safeParse(values);
    if (!parsed.success) return fromZod(parsed.error);
    clear();
    setFormError(null);
    setBusy(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      if (!fromApi(error)) {
        setFormError(error instanceof NetworkError ? t('checkout.action_offline') : error instanceof ApiError ? error.message : t('errors.page_failed_text'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e: FormEvent) => void submit(e)} noValidate data-testid="address-form">
      <Stack gap="sm">
      <TextInput label={t('address.name')} value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} autoComplete="name" required />
      <TextInput
        label={t('address.phone')}
        type="tel"
        inputMode="numeric"
        value={values.phone}
        onChange={(e) => set('phone', e.currentTarget.value.replace(/\D/g, ''))}
        error={errors.phone}
        autoComplete="tel-national"
        maxLength={15}
        required
      />
      <Select
        label={t('address.county')}
        data={[...COUNTIES]}
        searchable
        value={values.county || null}
        onChange={(value) => set('county', (value ?? '') as AddressInput['county'])}
        error={errors.county}
        nothingFoundMessage={t('address.county_none')}
        required
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput label={t('address.locality')} value={values.locality} onChange={(e) => set('locality', e.currentTarget.value)} error={errors.locality} autoComplete="address-level2" required />
      <TextInput label={t('address.street')} value={values.street} onChange={(e) => set('street', e.currentTarget.value)} error={errors.street} autoComplete="street-address" required />
      <TextInput
        label={t('address.postal_code')}
        inputMode="numeric"
        value={values.postal_code}
        onChange={(e) => set('postal_code', e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
        error={errors.postal_code}
        autoComplete="postal-code"
        maxLength={6}
        required
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="address-type-label">{t('address.type')}</Text>
        <SegmentedControl
          aria-labelledby="address-type-label"
          value={values.type ?? 'home'}
          onChange={(value) => set('type', value as AddressInput['type'])}
          data={ADDRESS_TYPES.map((type) => ({ value: type, label: t(`address.type_${type}`) }))}
        />
        {errors.type && <Text size="xs" c="red.8">{errors.type}</Text>}
      </Stack>
      <Checkbox label={t('address.make_default')} checked={Boolean(values.is_default)} onChange={(e) => set('is_default', e.currentTarget.checked)} />
      {formError && <Text size="sm" c="red.8" role="alert">{formError}</Text>}
      <Group justify="flex-end">
        {onCancel && <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>}
        <Button type="submit" loading={busy}>{submitLabel ?? t('address.save')}</Button>
      </Group>
      </Stack>
    </form>
  );
}
