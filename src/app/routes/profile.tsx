/**
 * /profile (issue #4): edit name and e-mail; a profile photo (JPEG, PNG or WebP up to 2 MB,
 * checked here and again on the server); a new phone number only through a one-time code sent
 * to that number.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Avatar, Button, FileButton, Group, Paper, PinInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES, changePhoneSchema, digitsOnly, updateProfileSchema, type User } from '../../../contract/auth.ts';
import { sendPhoneChangeCode, updateProfile, uploadProfilePhoto, verifyPhoneChange } from '../../features/account/api/account-api.ts';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { useFieldErrors } from '../../lib/form-errors.ts';
import { sessionStore } from '../../features/auth/lib/session-store.ts';
import { ApiError, NetworkError } from '../../lib/api-client.ts';
import { formatPhone } from '../../lib/format-phone.ts';

function useFailureToast() {
  const { t } = useTranslation();
  return (error: unknown) => {
    const message = error instanceof NetworkError ? t('auth.offline') : error instanceof ApiError ? error.message : t('errors.page_failed_text');
    notifications.show({ color: 'red', message, position: 'bottom-left' });
  };
}
const saved = (message: string) => notifications.show({ color: 'green', message, position: 'top-right' });
const keepUser = (user: User) => sessionStore.set({ user });

function DetailsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email ?? '');
  const [busy, setBusy] = useState(false);
  const { errors, fromZod, fromApi, clear } = useFieldErrors();
  const fail = useFailureToast();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateProfileSchema.safeParse({ name, email: email || null });
    if (!parsed.success) return fromZod(parsed.error);
    clear();
    setBusy(true);
    try {
      const response = await updateProfile(parsed.data);
      keepUser(response.data.user);
      saved(response.message);
    } catch (error) {
      if (!fromApi(error)) fail(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">{t('profile.details')}</Title>
        <TextInput label={t('auth.full_name')} value={name} onChange={(e) => { setName(e.currentTarget.value); clear('name'); }} error={errors.name} autoComplete="name" />
        <TextInput label={t('auth.email')} type="email" value={email} onChange={(e) => { setEmail(e.currentTarget.value); clear('email'); }} error={errors.email} autoComplete="email" />
        <Group><Button type="submit" loading={busy}>{t('profile.save')}</Button></Group>
      </Stack>
    </Paper>
  );
}

function PhotoForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fail = useFailureToast();
  const reset = useRef<() => void>(null);
  const upload = async (file: File | null) => {
    reset.current?.();
    if (!file) return;
    if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) return setError(t('profile.photo_type'));
    if (file.size > PROFILE_PHOTO_MAX_BYTES) return setError(t('profile.photo_size'));
    setError(null);
    setBusy(true);
    try {
      const response = await uploadProfilePhoto(file);
      keepUser(response.data.user);
      saved(response.message);
    } catch (err) {
      if (err instanceof ApiError && err.fieldError('photo')) setError(err.fieldError('photo')!);
      else fail(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md">
      <Group gap="md">
        <Avatar src={user.profile_photo} alt={user.name} size={72} radius="xl">{user.name.slice(0, 1)}</Avatar>
        <Stack gap={4}>
          <FileButton onChange={(file) => void upload(file)} accept={PROFILE_PHOTO_TYPES.join(',')} resetRef={reset}>
            {(props) => <Button variant="light" loading={busy} {...props}>{t('profile.change_photo')}</Button>}
          </FileButton>
          <Text size="xs" c="dimmed">{t('profile.photo_hint')}</Text>
          {error && <Text size="sm" c="red.8" role="alert">{error}</Text>}
        </Stack>
      </Group>
    </Paper>
  );
}

function PhoneForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const { errors, fromZod, fromApi, clear } = useFieldErrors();
  const fail = useFailureToast();
  const target = { phone, phone_code: user.phone_code || '+40' };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePhoneSchema.safeParse(target);
    if (!parsed.success) return fromZod(parsed.error);
    clear();
    setBusy(true);
    try {
      const response = await sendPhoneChangeCode(parsed.data);
      setSent(true);
      saved(response.message);
    } catch (error) {
      if (!fromApi(error)) fail(error);
    } finally {
      setBusy(false);
    }
  };
  const verify = async () => {
    setBusy(true);
    try {
      const response = await verifyPhoneChange({ ...target, otp: code });
      keepUser(response.data.user);
      setSent(false);
      setPhone('');
      setCode('');
      saved(response.message);
    } catch (error) {
      if (!fromApi(error)) fail(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={(e: FormEvent) => void send(e)} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">{t('profile.phone')}</Title>
        <Text size="sm">{t('profile.current_phone', { phone: formatPhone(`${user.phone_code}${user.phone}`) })}</Text>
        <TextInput
          label={t('profile.new_phone')}
          type="tel"
          inputMode="numeric"
          leftSection={<span style={{ fontSize: 14, fontWeight: 600 }}>{user.phone_code || '+40'}</span>}
          value={phone}
          onChange={(e) => { setPhone(digitsOnly(e.currentTarget.value)); clear('phone'); }}
          error={errors.phone}
          disabled={sent}
        />
        {!sent ? (
          <Group><Button type="submit" variant="light" loading={busy}>{t('auth.send_otp')}</Button></Group>
        ) : (
          <Stack gap="xs">
            <PinInput length={4} type="number" inputMode="numeric" oneTimeCode value={code} onChange={setCode} error={Boolean(errors.otp)} aria-label={t('auth.otp_code')} />
            {errors.otp && <Text size="sm" c="red.8">{errors.otp}</Text>}
            <Group>
              <Button onClick={() => void verify()} loading={busy} disabled={code.length < 4}>{t('auth.confirm_otp')}</Button>
              <Button variant="subtle" onClick={() => { setSent(false); setCode(''); }}>{t('common.cancel')}</Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{t('account.my_profile')}</Title>
      <PhotoForm user={user} />
      <DetailsForm user={user} />
      <PhoneForm user={user} />
    </Stack>
  );
}
