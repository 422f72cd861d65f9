/**
 * /profile (issue #4): the account's profile photo, name and e-mail, and a new phone number
 * (only through a one-time code sent to that number). Each form keeps the user the server
 * answers in the session (the auth feature's store).
 */
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../contract/auth.ts';
import { PhoneChangeForm } from '../../features/account/components/PhoneChangeForm.tsx';
import { ProfileDetailsForm } from '../../features/account/components/ProfileDetailsForm.tsx';
import { ProfilePhotoForm } from '../../features/account/components/ProfilePhotoForm.tsx';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { sessionStore } from '../../features/auth/lib/session-store.ts';

const keepUser = (user: User) => sessionStore.set({ user });

export function Component() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{t('account.my_profile')}</Title>
      <ProfilePhotoForm user={user} onSaved={keepUser} />
      <ProfileDetailsForm user={user} onSaved={keepUser} />
      <PhoneChangeForm user={user} onChanged={keepUser} />
    </Stack>
  );
}
