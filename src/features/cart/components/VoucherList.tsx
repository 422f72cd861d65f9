/**
 * A shop's vouchers (product §2 'Apply Store voucher'): each with its collect button, which turns
 * into a faded 'Collected' label; empty: 'Sorry there is no voucher available'.
 */
import { Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Voucher } from '#contract/vouchers.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { formatMoney, type CurrencyFormat } from '#contract/format-money.ts';
import { collectVoucher, vouchersQueryOptions } from '../api/vouchers.ts';

export function VoucherList({
  shopId,
  shopName,
  currency,
  onClose,
}: {
  shopId: number;
  shopName: string;
  currency: CurrencyFormat;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const vouchers = useQuery(vouchersQueryOptions(shopId));
  const collect = useMutation({
    mutationFn: (voucher: Voucher) => collectVoucher(voucher.id),
    onSuccess: (response, voucher) => {
      queryClient.setQueryData<Voucher[]>(vouchersQueryOptions(shopId).queryKey, (list) =>
        list?.map((v) => (v.id === voucher.id ? { ...v, is_collected: true } : v)),
      );
      notifications.show({ color: 'green', message: response.message, position: 'top-right', autoClose: 3000 });
    },
    onError: (error) =>
      notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : t('auth.offline'), position: 'bottom-left' }),
  });
  const date = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'ro-RO', { day: 'numeric', month: 'long', year: 'numeric' });
  return (
    <Modal opened onClose={onClose} title={t('cart.vouchers_of', { shop: shopName })} centered>
      {vouchers.isPending ? (
        <Stack>
          {[0, 1].map((i) => (
            <Skeleton key={i} h={64} />
          ))}
        </Stack>
      ) : !vouchers.data?.length ? (
        <Text c="dimmed" ta="center" py="md" data-testid="no-vouchers">
          {t('cart.no_vouchers')}
        </Text>
      ) : (
        <Stack gap="sm">
          {vouchers.data.map((voucher) => (
            <Group
              key={voucher.id}
              justify="space-between"
              wrap="nowrap"
              p="sm"
              style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 8 }}
            >
              {/* The text takes what is left and wraps; the button keeps its whole label ("Collect"). */}
              <div style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
                <Text fw={700}>
                  {voucher.discount_type === 'Percentage' ? `-${voucher.discount}%` : `-${formatMoney(voucher.discount, currency)}`} ·{' '}
                  {voucher.code}
                </Text>
                <Text size="xs" c="dimmed">
                  {voucher.min_order_amount > 0
                    ? t('cart.voucher_min', { amount: formatMoney(voucher.min_order_amount, currency) }) + ' · '
                    : ''}
                  {t('cart.voucher_until', { date: date.format(new Date(voucher.validity)) })}
                </Text>
              </div>
              {voucher.is_collected ? (
                <Badge variant="light" color="gray" style={{ opacity: 0.7, flexShrink: 0 }} data-testid="voucher-collected">
                  {t('cart.collected')}
                </Badge>
              ) : (
                <Button
                  size="xs"
                  style={{ flexShrink: 0 }}
                  loading={collect.isPending && collect.variables?.id === voucher.id}
                  onClick={() => collect.mutate(voucher)}
                >
                  {t('cart.collect')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
