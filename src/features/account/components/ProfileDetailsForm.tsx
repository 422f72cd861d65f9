/** The profile's name and e-mail (issue #4): a blank e-mail is sent as none. */
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { updateProfileSchema, type User } from '#contract/auth.ts';
import { formSchema, useSchemaForm } from '#src/lib/use-schema-form.ts';
import { updateProfile } from '../api/account-api.ts';
import { notifyFailure, notifySaved } from '../lib/notify.ts';

type DetailsFields = { name: string; email: string };

const detailsFormSchema = formSchema(updateProfileSchema, ({ name, email }: DetailsFields) => ({ name, email: email || null }));

/** `onSaved`: keeps the user the server answers (the app passes the session's). */
export function ProfileDetailsForm({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const { t } = useTranslation();
  const { form, onSubmit, busy } = useSchemaForm({
    schema: detailsFormSchema,
    initialValues: { name: user.name, email: user.email ?? '' },
    submit: updateProfile,
    onSuccess: (response) => {
      onSaved(response.data.user);
      notifySaved(response.message);
    },
    onError: (error) => notifyFailure(error, t),
  });
  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('profile.details')}
        </Title>
        <TextInput label={t('auth.full_name')} {...form.getInputProps('name')} autoComplete="name" />
        <TextInput label={t('auth.email')} type="email" {...form.getInputProps('email')} autoComplete="email" />
        <Group>
          <Button type="submit" loading={busy}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
