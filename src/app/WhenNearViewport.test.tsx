/** The footer's gate: near the viewport, and either idle after the first screen or the page scrolled. */
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';

describe('WhenNearViewport', () => {
  // jsdom has no IntersectionObserver: the part counts as near, so only the timing is tested here.
  it('waits for idle time while the page stands at the top', async () => {
    vi.resetModules();
    const { WhenNearViewport } = await import('./WhenNearViewport.tsx');
    const { markFirstScreenShown } = await import('../lib/when-idle.ts');
    await act(async () => {
      render(
        <WhenNearViewport testId="marker">
          <p>footer</p>
        </WhenNearViewport>,
      );
    });
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(screen.getByTestId('marker')).toBeInTheDocument();
    expect(screen.queryByText('footer')).not.toBeInTheDocument();
    await act(async () => markFirstScreenShown());
    await vi.waitFor(() => expect(screen.getByText('footer')).toBeInTheDocument(), { timeout: 3000 });
  });

  it('comes at once, before idle time, when the shopper scrolls', async () => {
    vi.resetModules();
    const { WhenNearViewport } = await import('./WhenNearViewport.tsx');
    await act(async () => {
      render(
        <WhenNearViewport testId="marker-2">
          <p>footer 2</p>
        </WhenNearViewport>,
      );
    });
    expect(screen.getByTestId('marker-2')).toBeInTheDocument();
    // The first screen is never marked shown here: only the scroll can let it in.
    await act(async () => window.dispatchEvent(new Event('scroll')));
    await vi.waitFor(() => expect(screen.getByText('footer 2')).toBeInTheDocument(), { timeout: 1000 });
  });
});
