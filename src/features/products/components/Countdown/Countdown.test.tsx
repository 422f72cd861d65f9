import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '#src/testing/test-utils.tsx';
import { Countdown, remainingTime } from './Countdown.tsx';

const NOW = new Date('2026-05-01T10:00:00Z').getTime();

describe('remainingTime', () => {
  it('splits what is left into days, hours, minutes and seconds', () => {
    const target = NOW + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999;
    expect(remainingTime(target, NOW)).toMatchObject({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it('is all zeros once the moment has passed', () => {
    expect(remainingTime(NOW - 5000, NOW)).toEqual({ total: 0, days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('shows days, hours, minutes and seconds and updates every second', () => {
    const endsAt = new Date(NOW + ((1 * 24 + 2) * 3600 + 3 * 60 + 5) * 1000).toISOString();
    render(<Countdown to={endsAt} />);
    expect(screen.getByTestId('countdown')).toHaveAttribute('data-ended', 'false');
    expect(screen.getByTestId('countdown-days')).toHaveTextContent(/^1/);
    expect(screen.getByTestId('countdown-hours')).toHaveTextContent(/^02/);
    expect(screen.getByTestId('countdown-minutes')).toHaveTextContent(/^03/);
    expect(screen.getByTestId('countdown-seconds')).toHaveTextContent(/^05/);

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('countdown-seconds')).toHaveTextContent(/^04/);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByTestId('countdown-seconds')).toHaveTextContent(/^59/);
    expect(screen.getByTestId('countdown-minutes')).toHaveTextContent(/^02/);
  });

  it('says the time is up and calls onComplete once when it reaches zero', () => {
    const onComplete = vi.fn();
    render(<Countdown to={new Date(NOW + 2000)} onComplete={onComplete} endedText="Gata" />);
    expect(onComplete).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('countdown')).toHaveAttribute('data-ended', 'true');
    expect(screen.getByTestId('countdown')).toHaveTextContent('Gata');
    act(() => vi.advanceTimersByTime(5000));
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('shows the ended state at once for a moment in the past', () => {
    render(<Countdown to={new Date(NOW - 60_000).toISOString()} />);
    expect(screen.getByTestId('countdown')).toHaveAttribute('data-ended', 'true');
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
