import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '#src/testing/test-utils.tsx';
import { ApiError, NetworkError } from '#src/lib/api-client.ts';
import { QueryState, parseId, queryPhase } from './QueryState.tsx';

describe('queryPhase', () => {
  it('is ready whenever there is data, even after a failed refresh', () => {
    expect(queryPhase({ data: [], error: new NetworkError(null), fetchStatus: 'idle' })).toBe('ready');
  });

  it('tells offline, not found and other errors apart', () => {
    expect(queryPhase({ data: undefined, error: new NetworkError(null), fetchStatus: 'idle' })).toBe('offline');
    expect(queryPhase({ data: undefined, error: new ApiError(404, 'Not found'), fetchStatus: 'idle' })).toBe('not-found');
    expect(queryPhase({ data: undefined, error: new ApiError(500, 'Boom'), fetchStatus: 'idle' })).toBe('error');
  });

  it('treats a query paused for lack of network as offline, a running one as loading', () => {
    expect(queryPhase({ data: undefined, error: null, fetchStatus: 'paused' })).toBe('offline');
    expect(queryPhase({ data: undefined, error: null, fetchStatus: 'fetching' })).toBe('loading');
  });
});

describe('parseId', () => {
  it('accepts positive whole ids only', () => {
    expect(parseId('42')).toBe(42);
    for (const bad of [undefined, '', 'abc', '0', '1.5', '-3', '12abc', '9999999999']) expect(parseId(bad)).toBeNull();
  });
});

describe('QueryState', () => {
  it('offline: says so and retries', async () => {
    const onRetry = vi.fn();
    render(<QueryState kind="offline" onRetry={onRetry} />);
    expect(screen.getByTestId('query-state')).toHaveAttribute('data-kind', 'offline');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Încearcă din nou' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('not found: no retry, a link home, and the given heading level and texts', () => {
    render(<QueryState kind="not-found" order={2} title="Nu există" text="Chiar nu." onRetry={() => {}} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Nu există' })).toBeInTheDocument();
    expect(screen.getByText('Chiar nu.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Încearcă din nou' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Înapoi la pagina principală' })).toHaveAttribute('href', '/');
  });
});
