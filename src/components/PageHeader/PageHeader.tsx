import { Stack, Text, Title } from '@mantine/core';

export function PageHeader({ title, description }: { title: string; description?: string | null }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={1}>{title}</Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}
