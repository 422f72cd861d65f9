import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '#src/testing/test-utils.tsx';
import { PushToggle, type PushToggleProps } from './PushToggle.tsx';

const props = (over: Partial<PushToggleProps>): PushToggleProps => ({
  state: 'off',
  busy: false,
  failed: false,
  online: true,
  onTurnOn: vi.fn(),
  onTurnOff: vi.fn(),
  ...over,
});

describe('PushToggle', () => {
  it('asks nothing by itself: permission is requested only from the button', async () => {
    const p = props({});
    render(<PushToggle {...p} />);
    expect(p.onTurnOn).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Pornește notificările' }));
    expect(p.onTurnOn).toHaveBeenCalledTimes(1);
  });

  it('turns off when on, and explains a blocked or unsupported browser without a button', async () => {
    const on = props({ state: 'on' });
    const { unmount } = render(<PushToggle {...on} />);
    await userEvent.click(screen.getByRole('button', { name: 'Oprește' }));
    expect(on.onTurnOff).toHaveBeenCalledTimes(1);
    unmount();
    for (const state of ['denied', 'unsupported'] as const) {
      const { unmount: done } = render(<PushToggle {...props({ state })} />);
      expect(screen.getByTestId('push-toggle')).toHaveAttribute('data-state', state);
      expect(screen.queryByRole('button')).toBeNull();
      done();
    }
  });

  it('offline, the button says it needs a connection; a failure is announced', () => {
    render(<PushToggle {...props({ online: false, failed: true })} />);
    expect(screen.getByRole('button', { name: 'Necesită conexiune la internet' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Nu am putut schimba notificările');
  });
});
