/** Below-the-fold blocks: their placeholder first, their content once the first screen is painted and the browser idle. */
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';

describe('Deferred', () => {
  it('shows the placeholder, then the content after the first screen, one block at a time; later blocks render at once', async () => {
    vi.resetModules();
    const { Deferred } = await import('./Deferred.tsx');
    const { markFirstScreenShown } = await import('#src/lib/when-idle.ts');
    await act(async () => {
      render(
        <>
          <Deferred placeholder={<p>row 1 placeholder</p>}>
            <p>row 1</p>
          </Deferred>
          <Deferred placeholder={<p>row 2 placeholder</p>}>
            <p>row 2</p>
          </Deferred>
        </>,
      );
    });
    await act(() => new Promise((r) => setTimeout(r, 300)));
    // Nothing before the first screen has been shown.
    expect(screen.getByText('row 1 placeholder')).toBeInTheDocument();
    expect(screen.queryByText('row 1')).not.toBeInTheDocument();

    await act(async () => markFirstScreenShown());
    await vi.waitFor(() => expect(screen.getByText('row 1')).toBeInTheDocument(), { timeout: 3000 });
    await vi.waitFor(() => expect(screen.getByText('row 2')).toBeInTheDocument(), { timeout: 3000 });

    // The first screen's blocks are all in: a block mounted now renders its content straight away.
    await act(() => new Promise((r) => setTimeout(r, 300)));
    await act(async () => {
      render(
        <Deferred placeholder={<p>row 3 placeholder</p>}>
          <p>row 3</p>
        </Deferred>,
      );
    });
    expect(screen.getByText('row 3')).toBeInTheDocument();
    expect(screen.queryByText('row 3 placeholder')).not.toBeInTheDocument();
  });
});
