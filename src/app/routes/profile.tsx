/**
 * /profile (issue #4): the account's profile photo, name and e-mail, and a new phone number
 * (only through a one-time code sent to that number). Each form keeps the user the server
 * answers in the session (the auth feature's store). Below them, the consent to push
 * notifications: topics agreed to and when, changed or withdrawn here (issue 37 §4).
 */
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { User } from '#contract/auth.ts';
import { PhoneChangeForm } from '#src/features/account/components/PhoneChangeForm.tsx';
import { ProfileDetailsForm } from '#src/features/account/components/ProfileDetailsForm.tsx';
import { ProfilePhotoForm } from '#src/features/account/components/ProfilePhotoForm.tsx';
import { useSession } from '#src/features/auth/hooks/use-session.ts';
import { sessionStore } from '#src/features/auth/lib/session-store.ts';
import { PushConsentSettings } from '#src/features/notifications/components/PushConsentSettings/PushConsentSettings.tsx';
import { useOnline } from '#src/lib/connectivity.ts';

const keepUser = (user: User) => sessionStore.set({ user });

export function Component() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { online } = useOnline();
  if (!user) return null;
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{t('account.my_profile')}</Title>
      <ProfilePhotoForm user={user} onSaved={keepUser} />
      <ProfileDetailsForm user={user} onSaved={keepUser} />
      <PhoneChangeForm user={user} onChanged={keepUser} />
      <PushConsentSettings online={online} />
    </Stack>
  );
}
