import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import ro from '#src/locales/ro.json';
import { addMessages, initI18n } from '../i18n.ts';
import { createTestQueryClient } from '#src/testing/test-utils.tsx';
import { outbox } from './index.ts';
import { useQueueChange } from './use-queued-changes.ts';
import type { OutboxEntry } from './outbox-types.ts';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>
);
const change = {
  kind: 'favorite' as const,
  request: { method: 'PUT' as const, path: '/favorite-products/7' },
  change: { id: 7 },
  label: 'Geacă de iarnă',
};

beforeAll(async () => {
  await initI18n('ro');
  addMessages('ro', ro);
});
afterEach(() => vi.restoreAllMocks());

describe('useQueueChange', () => {
  it('resolves true once the change is stored, and tells nothing', async () => {
    const enqueue = vi.spyOn(outbox, 'enqueue').mockResolvedValue({ seq: 1 } as OutboxEntry<unknown>);
    const show = vi.spyOn(notifications, 'show');
    const { result } = renderHook(() => useQueueChange<{ id: number }>(), { wrapper });
    let stored: boolean | undefined;
    await act(async () => {
      stored = await result.current(change);
    });
    expect(stored).toBe(true);
    expect(enqueue).toHaveBeenCalledWith(change);
    expect(show).not.toHaveBeenCalled();
  });

  it('resolves false when the phone cannot store it, and the MutationCache names the item', async () => {
    vi.spyOn(outbox, 'enqueue').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    const show = vi.spyOn(notifications, 'show').mockReturnValue('');
    const { result } = renderHook(() => useQueueChange<{ id: number }>(), { wrapper });
    let stored: boolean | undefined;
    await act(async () => {
      stored = await result.current(change);
    });
    expect(stored).toBe(false);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]![0].message).toBe(ro['offline.not_stored'].replace('{{name}}', 'Geacă de iarnă'));
  });

  it('stores a change while offline: the mutation is not paused for the network', async () => {
    const { onlineManager } = await import('@tanstack/react-query');
    onlineManager.setOnline(false);
    try {
      vi.spyOn(outbox, 'enqueue').mockResolvedValue({ seq: 2 } as OutboxEntry<unknown>);
      const { result } = renderHook(() => useQueueChange<{ id: number }>(), { wrapper });
      let stored: boolean | undefined;
      await act(async () => {
        stored = await result.current(change);
      });
      expect(stored).toBe(true);
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
