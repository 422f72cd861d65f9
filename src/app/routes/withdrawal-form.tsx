/**
 * /withdrawal-form (issue 36): the model withdrawal form of OUG 34/2014 annex 2 (Directive
 * 2011/83/EU annex I(B)) in the interface language, printable, with the quicker way — the order
 * page's "Retrage-te din contract aici" — and how to send the form. Linked from checkout, the order
 * confirmation (screen and messages) and the order page. Static text: it works offline once the
 * app is loaded.
 */
import { Anchor, Button, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import classes from './withdrawal-form.module.css';

const LINES = ['notice', 'ordered', 'name', 'address', 'signature', 'date'] as const;

export function Component() {
  const { t } = useTranslation();
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Title order={1}>{t('withdrawal.form.title')}</Title>
        <Text size="sm" className={classes.screenOnly}>
          {t('withdrawal.form.easier')}{' '}
          <Anchor component={Link} to="/order-history">
            {t('withdrawal.form.orders')}
          </Anchor>
        </Text>
        <Paper withBorder p="lg" component="article" aria-labelledby="model-form-title" data-testid="model-withdrawal-form">
          <Stack gap="sm">
            <Title order={2} size="h4" id="model-form-title">
              {t('withdrawal.form.title')}
            </Title>
            <Text size="sm" fs="italic">
              {t('withdrawal.form.note')}
            </Text>
            <Text size="sm">— {t('withdrawal.form.to')}</Text>
            <div className={classes.blank} />
            <List listStyleType="none" spacing="md">
              {LINES.map((line) => (
                <List.Item key={line}>
                  <Text size="sm">— {t(`withdrawal.form.${line}`)}</Text>
                  <div className={classes.blank} />
                </List.Item>
              ))}
            </List>
            <Text size="sm">{t('withdrawal.form.delete')}</Text>
            <Text size="xs">{t('withdrawal.form.source')}</Text>
          </Stack>
        </Paper>
        <Text size="sm" className={classes.screenOnly}>
          {t('withdrawal.form.send')}
        </Text>
        <Button className={classes.screenOnly} variant="light" onClick={() => window.print()} style={{ alignSelf: 'flex-start' }}>
          {t('withdrawal.form.print')}
        </Button>
      </Stack>
    </Container>
  );
}
