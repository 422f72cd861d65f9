/** A part whose code cannot be fetched shows its fallback, keeps the page, and tries again online. */
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { isChunkLoadError, lazyPart, RETRY_WHILE_ONLINE_MS } from './lazy-part.tsx';
import { connectivity } from './connectivity.ts';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/Part-x.js');

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

  it("tries again when the app's requests reach the server, even if the browser never says it is online", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ default: () => ReactNode }>>()
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValueOnce({ default: () => <p>notices</p> });
    const Part = lazyPart(load);
    connectivity.reportNetworkFailure();
    await act(async () => {
      render(<Part fallback={<p>later</p>} />);
    });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByText('later')).toBeInTheDocument();
    await act(async () => {
      connectivity.reportReachable();
    });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByText('notices')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
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

  it('recognises the browsers’ wordings of a failed dynamic import', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
