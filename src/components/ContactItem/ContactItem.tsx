/** One way to reach us (phone, e-mail, address, hours): an icon, a label and the value. */
import type { ReactNode } from 'react';
import { Paper, Stack, Text } from '@mantine/core';

export function ContactItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={600} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          {icon}
          {label}
        </Text>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </Stack>
    </Paper>
  );
}
