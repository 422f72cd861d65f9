/** A part whose code cannot be fetched shows its fallback, keeps the page, and tries again online. */
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import {
  failedModuleAddress,
  freshModuleAddress,
  isChunkLoadError,
  lazyPart,
  moduleLoader,
  prefetchCode,
  RETRY_WHILE_ONLINE_MS,
} from './lazy-part.tsx';
import { connectivity } from './connectivity.ts';

const PART_ADDRESS = 'http://127.0.0.1/assets/Part-x.js';
const chunkError = (address = PART_ADDRESS) => new TypeError(`Failed to fetch dynamically imported module: ${address}`);

/** As Chromium does (2026-11-29): an address that failed fails again; a fresh one is fetched (`answer`). */
function browserModuleLoader(answer: (address: string) => Promise<unknown>) {
  return vi.spyOn(moduleLoader, 'importAddress').mockImplementation(answer);
}

class Catch extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p>caught: {this.state.error.message}</p> : this.props.children;
  }
}

describe('lazyPart', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the fallback while the code cannot be fetched, and the part once back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ default: (props: { name: string }) => ReactNode }>>()
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValueOnce({ default: ({ name }) => <p>hello {name}</p> });
    const Part = lazyPart(load);
    await act(async () => {
      render(
        <main>
          <h1>page</h1>
          <Part name="Ana" fallback={<p>later</p>} />
        </main>,
      );
    });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByText('later')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByText('hello Ana')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("does not ask for code while offline (it would stay failed), and loads it when the app's requests reach the server", async () => {
    const load = vi.fn<() => Promise<{ default: () => ReactNode }>>().mockResolvedValue({ default: () => <p>notices</p> });
    const ahead = vi.fn<() => Promise<unknown>>().mockResolvedValue({});
    const Part = lazyPart(load);
    connectivity.reportNetworkFailure();
    prefetchCode(ahead);
    await act(async () => {
      render(<Part fallback={<p>later</p>} />);
    });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByText('later')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    expect(ahead).not.toHaveBeenCalled();
    await act(async () => {
      connectivity.reportReachable();
    });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByText('notices')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(ahead).toHaveBeenCalledTimes(1);
  });

  it('does not ask for code while the browser knows it has no link, though a late answer counted the server reachable', async () => {
    const load = vi.fn<() => Promise<{ default: () => ReactNode }>>().mockResolvedValue({ default: () => <p>drawer</p> });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    connectivity.reportReachable(); // an answer to a request sent just before the link dropped
    const Part = lazyPart(load);
    await act(async () => {
      render(<Part fallback={<p>later</p>} />);
    });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(load).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('drawer')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks for the code under a fresh address when the failed one fails again at once (Chromium keeps the failure)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    connectivity.reportReachable();
    const load = vi.fn<() => Promise<{ Notices: () => ReactNode }>>().mockRejectedValue(chunkError());
    const fresh = browserModuleLoader(async () => ({ Notices: () => <p>notices</p> }));
    const Part = lazyPart(load, 'Notices');
    await act(async () => {
      render(<Part fallback={<p>later</p>} />);
    });
    expect(await screen.findByText('notices', {}, { timeout: RETRY_WHILE_ONLINE_MS[0]! + 1_000 })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(fresh).toHaveBeenCalledExactlyOnceWith(`${PART_ADDRESS}?retry=1`);
  });

  describe('a failure that comes while the device counts as online', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('tries again after a pause, with no event to announce anything (a fetch started offline, failed once back)', async () => {
      vi.useFakeTimers();
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      connectivity.reportReachable();
      const load = vi
        .fn<() => Promise<{ default: () => ReactNode }>>()
        .mockRejectedValueOnce(chunkError())
        .mockResolvedValueOnce({ default: () => <p>notices</p> });
      const Part = lazyPart(load);
      await act(async () => {
        render(<Part fallback={<p>later</p>} />);
      });
      await act(() => vi.advanceTimersByTimeAsync(RETRY_WHILE_ONLINE_MS[0]! - 10));
      expect(screen.getByText('later')).toBeInTheDocument();
      expect(load).toHaveBeenCalledTimes(1);
      await act(() => vi.advanceTimersByTimeAsync(20));
      expect(screen.getByText('notices')).toBeInTheDocument();
      expect(load).toHaveBeenCalledTimes(2);
    });

    it('pauses longer each time and then stops asking, until the device comes back online again', async () => {
      vi.useFakeTimers();
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      connectivity.reportReachable();
      const load = vi.fn<() => Promise<{ default: () => ReactNode }>>().mockRejectedValue(chunkError());
      const fresh = browserModuleLoader(async (address) => {
        throw chunkError(address); // really gone (an old version's file): every address fails
      });
      const Part = lazyPart(load);
      await act(async () => {
        render(<Part fallback={<p>later</p>} />);
      });
      let calls = 1;
      for (const pause of RETRY_WHILE_ONLINE_MS) {
        await act(() => vi.advanceTimersByTimeAsync(pause - 10));
        expect(load).toHaveBeenCalledTimes(calls); // not before its pause
        await act(() => vi.advanceTimersByTimeAsync(20));
        expect(load).toHaveBeenCalledTimes(++calls);
      }
      await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
      expect(load).toHaveBeenCalledTimes(calls); // bounded: no more asking
      expect(screen.getByText('later')).toBeInTheDocument();

      await act(async () => {
        window.dispatchEvent(new Event('online'));
      });
      await act(() => vi.advanceTimersByTimeAsync(20));
      expect(load).toHaveBeenCalledTimes(++calls); // back online: tries again, pauses from the shortest
      await act(() => vi.advanceTimersByTimeAsync(RETRY_WHILE_ONLINE_MS[0]! + 10));
      expect(load).toHaveBeenCalledTimes(++calls);
      expect(fresh).toHaveBeenCalledTimes(calls - 1); // each retry, under its own address
      expect(fresh).toHaveBeenLastCalledWith(`${PART_ADDRESS}?retry=${calls - 1}`);
    });
  });

  it('lets any other error through to the nearest error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Part = lazyPart(async () => ({
      default: () => {
        throw new Error('a real bug');
      },
    }));
    render(
      <Catch>
        <Part fallback={<p>later</p>} />
      </Catch>,
    );
    expect(await screen.findByText('caught: a real bug')).toBeInTheDocument();
  });

  it('reads the failed address from the error and makes a fresh one, keeping its query', () => {
    expect(failedModuleAddress(chunkError())).toBe(PART_ADDRESS);
    expect(failedModuleAddress(new TypeError('error loading dynamically imported module: http://x.ro/a.js'))).toBe('http://x.ro/a.js');
    expect(failedModuleAddress(new TypeError('Importing a module script failed.'))).toBeNull();
    expect(freshModuleAddress(PART_ADDRESS, 2)).toBe(`${PART_ADDRESS}?retry=2`);
    expect(freshModuleAddress(`${PART_ADDRESS}?retry=1`, 2)).toBe(`${PART_ADDRESS}?retry=2`);
    expect(freshModuleAddress('http://x.ro/a.js?v=3', 1)).toBe('http://x.ro/a.js?v=3&retry=1');
  });

  it('recognises the browsers’ wordings of a failed dynamic import', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
