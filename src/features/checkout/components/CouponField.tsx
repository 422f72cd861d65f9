/** The voucher code: apply re-prices the summary; the server's message shows under the field. */
import { useState, type FormEvent } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface CouponFieldProps {
  /** The applied code (null: none). */
  applied: string | null;
  onApply(code: string | null): void;
  error?: string | null;
  busy?: boolean;
}

export function CouponField({ applied, onApply, error, busy }: CouponFieldProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState(applied ?? '');
  // A new applied code (or its removal) replaces what is typed; set while rendering, React's way
  // of adjusting state to a changed prop.
  const [shownApplied, setShownApplied] = useState(applied);
  if (applied !== shownApplied) {
    setShownApplied(applied);
    setCode(applied ?? '');
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(code.trim() || null);
  };
  return (
    <form onSubmit={submit} noValidate data-testid="coupon-field">
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={t('checkout.coupon')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error || undefined}
          maxLength={64}
          autoCapitalize="characters"
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" mt={25} loading={busy}>
          {t('checkout.apply')}
        </Button>
        {applied && (
          <Button
            variant="subtle"
            color="gray"
            mt={25}
            onClick={() => {
              setCode('');
              onApply(null);
            }}
          >
            {t('checkout.remove_coupon')}
          </Button>
        )}
      </Group>
      {applied && !error && (
        <Text size="xs" c="green.8" mt={4} data-testid="coupon-applied">
          {t('checkout.coupon_applied', { code: applied })}
        </Text>
      )}
    </form>
  );
}
