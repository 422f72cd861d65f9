/**
 * The profile photo (issue #4): JPEG, PNG or WebP up to 2 MB, checked here and again on the
 * server, uploaded (multipart field `photo`) as soon as it is chosen. There are no form values
 * to hold nor a schema to run, so a mutation stands alone here, without `useSchemaForm`.
 */
import { useRef, useState } from 'react';
import { Avatar, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES, type User } from '#contract/auth.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { uploadProfilePhoto } from '../api/account-api.ts';
import { notifyFailure, notifySaved } from '../lib/notify.ts';

/** `onSaved`: keeps the user the server answers (the app passes the session's). */
export function ProfilePhotoForm({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const reset = useRef<() => void>(null);
  const upload = useMutation({
    mutationFn: uploadProfilePhoto,
    networkMode: 'always',
    onSuccess: (response) => {
      onSaved(response.data.user);
      notifySaved(response.message);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fieldError('photo')) setError(err.fieldError('photo')!);
      else notifyFailure(err, t);
    },
  });
  const pick = (file: File | null) => {
    reset.current?.();
    if (!file) return;
    if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) return setError(t('profile.photo_type'));
    if (file.size > PROFILE_PHOTO_MAX_BYTES) return setError(t('profile.photo_size'));
    setError(null);
    upload.mutate(file);
  };
  return (
    <Paper withBorder p="md">
      <Group gap="md">
        <Avatar src={user.profile_photo} alt={user.name} size={72} radius="xl">
          {user.name.slice(0, 1)}
        </Avatar>
        <Stack gap={4}>
          <FileButton onChange={pick} accept={PROFILE_PHOTO_TYPES.join(',')} resetRef={reset}>
            {(props) => (
              <Button variant="light" loading={upload.isPending} {...props}>
                {t('profile.change_photo')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('profile.photo_hint')}
          </Text>
          {error && (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
