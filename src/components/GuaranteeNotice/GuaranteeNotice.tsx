/**
 * The legal guarantee notice (issue 36): the EU's harmonised notice on the legal guarantee of
 * conformity, required before the order since 27 September 2026 (Directive 2024/825, art. 22a of
 * Directive 2011/83 as amended) — its heading, the minimum of 2 years, what the shopper may ask
 * for, and where to read more. Drawn as a framed label; the Commission's exact artwork is not
 * reproduced (docs/references.md).
 */
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const YOUR_EUROPE_GUARANTEES = 'https://europa.eu/youreurope/citizens/consumers/shopping/guarantees-returns/index_ro.htm';

export function GuaranteeNotice() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md" component="aside" aria-labelledby="guarantee-notice-title" data-testid="guarantee-notice">
      <Stack gap={4}>
        <Group justify="space-between" align="baseline" gap="xs">
          <Text size="sm" fw={800} id="guarantee-notice-title">
            {t('withdrawal.notice.heading')}
          </Text>
          <Text size="sm" fw={800} c="blue.9">
            {t('withdrawal.notice.duration')}
          </Text>
        </Group>
        <Text size="xs">{t('withdrawal.notice.text')}</Text>
        <Anchor href={YOUR_EUROPE_GUARANTEES} size="xs" target="_blank" rel="noopener noreferrer">
          {t('withdrawal.notice.more')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
