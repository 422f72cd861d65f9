/** The first navigation waits (bounded) for a screen's missing data; later ones never wait. */
import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';

async function fresh() {
  vi.resetModules();
  return import('./first-load.ts');
}

describe('prefetchScreen', () => {
  it('on the first load, resolves once the missing data is in', async () => {
    const { prefetchScreen } = await fresh();
    const client = new QueryClient();
    let answer: (value: string) => void = () => undefined;
    const done = vi.fn();
    void prefetchScreen(client, [
      { queryKey: ['home'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) } as { queryKey: string[] },
    ]).then(done);
    await new Promise((r) => setTimeout(r, 20));
    expect(done).not.toHaveBeenCalled();
    answer('sections');
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(client.getQueryData(['home'])).toBe('sections');
  });

  it('never waits longer than FIRST_LOAD_WAIT_MS', async () => {
    vi.useFakeTimers();
    try {
      const { prefetchScreen, FIRST_LOAD_WAIT_MS } = await fresh();
      const client = new QueryClient();
      const done = vi.fn();
      void prefetchScreen(client, [{ queryKey: ['slow'], queryFn: () => new Promise(() => undefined) } as { queryKey: string[] }]).then(
        done,
      );
      await vi.advanceTimersByTimeAsync(FIRST_LOAD_WAIT_MS - 1);
      expect(done).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2);
      expect(done).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('after the first navigation, only starts the fetch', async () => {
    const { prefetchScreen, markFirstNavigationDone } = await fresh();
    markFirstNavigationDone();
    const client = new QueryClient();
    const queryFn = vi.fn(() => new Promise<string>(() => undefined));
    await prefetchScreen(client, [{ queryKey: ['category'], queryFn } as { queryKey: string[] }]);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('does not wait offline', async () => {
    const { prefetchScreen } = await fresh();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const client = new QueryClient();
      await prefetchScreen(client, [
        { queryKey: ['product', 1], queryFn: () => new Promise(() => undefined) } as { queryKey: (string | number)[] },
      ]);
    } finally {
      online.mockRestore();
    }
  });
});
