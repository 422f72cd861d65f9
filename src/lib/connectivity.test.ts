/** The connectivity judge: real requests decide, navigator.onLine and its events are only hints. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConnectivity, type Connectivity } from './connectivity.ts';

let judge: Connectivity | undefined;
afterEach(() => {
  judge?.dispose();
  vi.useRealTimers();
});

const answering = (status: number) => vi.fn(async () => new Response('{}', { status })) as unknown as typeof fetch;
const failing = () => vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;

describe('connectivity', () => {
  it('a failed request means offline even while the browser claims to be online', async () => {
    expect(navigator.onLine).toBe(true);
    judge = createConnectivity({ fetch: failing(), initial: 'online' });
    judge.reportNetworkFailure();
    expect(judge.state()).toBe('offline');
    expect(await judge.probe()).toBe('offline');
  });

  it("the browser's online event is only a hint: it triggers a probe, and the probe decides", async () => {
    const fetchImpl = failing();
    judge = createConnectivity({ fetch: fetchImpl, initial: 'offline' });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalled());
    await judge.probe();
    expect(judge.state()).toBe('offline');
  });

  it('while offline it keeps looking, and a probe that gets through brings it back online', async () => {
    vi.useFakeTimers();
    let up = false;
    const fetchImpl = vi.fn(async () => (up ? new Response('{}') : Promise.reject(new TypeError('offline')))) as unknown as typeof fetch;
    judge = createConnectivity({ fetch: fetchImpl, initial: 'online' });
    const changes: string[] = [];
    judge.subscribe(() => changes.push(judge!.state()));
    judge.reportNetworkFailure();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    up = true;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(judge.state()).toBe('online');
    expect(changes).toEqual(['offline', 'online']);
  });

  it('a 503 is "unavailable", not offline; any real answer is online', async () => {
    judge = createConnectivity({ fetch: answering(503), initial: 'online' });
    expect(await judge.probe()).toBe('unavailable');
    judge.reportReachable();
    expect(judge.state()).toBe('online');
  });
});
