import { describe, expect, it } from 'vitest';
import { render, screen } from '#src/testing/test-utils.tsx';
import { OrderStatusBadge } from './OrderStatusBadge.tsx';
import { OrderTimeline } from './OrderTimeline.tsx';

describe('OrderStatusBadge', () => {
  it('marks the status for styling and tests', () => {
    render(<OrderStatusBadge status="shipped" />);
    expect(screen.getByTestId('order-status')).toHaveAttribute('data-status', 'shipped');
  });
});

describe('OrderTimeline', () => {
  it('lists the changes oldest first with Romanian dates and notes', () => {
    render(
      <OrderTimeline
        history={[
          { status: 'confirmed', note: 'Confirmată de magazin', created_at: '2026-03-06T09:00:00Z' },
          { status: 'pending', note: null, created_at: '2026-03-05T09:00:00Z' },
        ]}
      />,
    );
    const times = screen.getAllByText(/2026/);
    expect(times[0]).toHaveTextContent('05.03.2026');
    expect(times[1]).toHaveTextContent('06.03.2026');
    expect(screen.getByText('Confirmată de magazin')).toBeInTheDocument();
  });
});
