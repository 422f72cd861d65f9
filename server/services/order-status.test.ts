import { describe, expect, it } from 'vitest';
import { OrderStatusEvents, type OrderStatusChanged } from './order-status.ts';

const event = (orderId: number, to: OrderStatusChanged['to'] = 'cancelled'): OrderStatusChanged => ({
  orderId,
  orderNumber: `TLC-${orderId}`,
  userId: 1,
  from: 'pending',
  to,
  tracking: null,
  at: new Date(0),
});

describe('OrderStatusEvents', () => {
  it('tells only its own listeners: two apps in one process do not hear each other', async () => {
    const a = new OrderStatusEvents();
    const b = new OrderStatusEvents();
    const heardA: number[] = [];
    const heardB: number[] = [];
    a.on((e) => void heardA.push(e.orderId));
    b.on((e) => void heardB.push(e.orderId));
    await a.emit([event(1), event(2)]);
    await b.emit([event(3)]);
    expect(heardA).toEqual([1, 2]);
    expect(heardB).toEqual([3]);
  });

  it('runs listeners in subscription order, logs a failing one and goes on; unsubscribes', async () => {
    const events = new OrderStatusEvents();
    const heard: string[] = [];
    const warnings: unknown[] = [];
    events.on(() => {
      throw new Error('boom');
    });
    const off = events.on(async (e) => {
      heard.push(`second:${e.orderId}`);
    });
    await events.emit([event(7)], { warn: (obj) => void warnings.push(obj) });
    expect(heard).toEqual(['second:7']);
    expect(warnings).toEqual([expect.objectContaining({ orderId: 7 })]);
    off();
    await events.emit([event(8)], { warn: () => undefined });
    expect(heard).toEqual(['second:7']);
  });
});
