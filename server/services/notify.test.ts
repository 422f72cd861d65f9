// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { enqueuePushJobs } from '#server/repositories/push-repository.ts';
import { Notifier, type NewNotification } from './notify.ts';
import { PushQueue } from './push-queue.ts';

// No database here: the rows are the repositories' business (the API tests write them for real).
vi.mock('../repositories/notification-repository.ts', () => {
  let id = 0;
  return { insertNotification: vi.fn(async () => ++id) };
});
vi.mock('../repositories/push-repository.ts', () => ({ enqueuePushJobs: vi.fn(async () => [1]) }));

const db = {} as Database;
const lowStock = (userId: number): NewNotification => ({
  userId,
  kind: 'low_stock',
  params: { product_id: 1, name: 'Geacă' },
  url: '/products/1/details',
});

afterEach(() => {
  vi.mocked(enqueuePushJobs).mockClear();
});

describe('Notifier', () => {
  it('tells only its own listeners: two apps in one process do not hear each other', async () => {
    const a = new Notifier();
    const b = new Notifier();
    const heardA: number[] = [];
    const heardB: number[] = [];
    a.onNotified(async (_db, _id, n) => void heardA.push(n.userId));
    b.onNotified(async (_db, _id, n) => void heardB.push(n.userId));
    await a.notify(db, lowStock(1));
    await b.notify(db, lowStock(2));
    await a.notify(db, lowStock(3));
    expect(heardA).toEqual([1, 3]);
    expect(heardB).toEqual([2]);
  });

  it("runs listeners in subscription order with the caller's db and the new id; a failing one fails the call; unsubscribes", async () => {
    const notifier = new Notifier();
    const heard: string[] = [];
    const offFirst = notifier.onNotified(async (given, id) => {
      expect(given).toBe(db);
      heard.push(`first:${id}`);
    });
    notifier.onNotified(async (_db, id) => void heard.push(`second:${id}`));
    const id = await notifier.notify(db, lowStock(1));
    expect(heard).toEqual([`first:${id}`, `second:${id}`]);
    offFirst();
    const failing = notifier.onNotified(async () => {
      throw new Error('boom');
    });
    await expect(notifier.notify(db, lowStock(1))).rejects.toThrow('boom');
    failing();
    const next = await notifier.notify(db, lowStock(1));
    expect(heard.slice(2)).toEqual([`second:${next - 1}`, `second:${next}`]);
  });

  it("two notifiers never hear each other's notifications (an app's and the operator command's)", async () => {
    const app = new Notifier();
    const operator = new Notifier();
    const heardByApp = vi.fn(async () => undefined);
    const heardByOperator = vi.fn(async () => undefined);
    app.onNotified(heardByApp);
    operator.onNotified(heardByOperator);
    await operator.notify(db, lowStock(5));
    expect(heardByOperator).toHaveBeenCalledTimes(1);
    expect(heardByApp).not.toHaveBeenCalled();
  });
});

describe('PushQueue', () => {
  it('queues jobs for its own notifier only and nudges only its own workers', async () => {
    const a = new Notifier();
    const b = new Notifier();
    const queueA = new PushQueue(a);
    const queueB = new PushQueue(b);
    const nudgedA = vi.fn();
    const nudgedB = vi.fn();
    queueA.onQueued(nudgedA);
    queueB.onQueued(nudgedB);
    const offA = queueA.install();
    const offB = queueB.install();
    const id = await a.notify(db, lowStock(7));
    expect(enqueuePushJobs).toHaveBeenCalledTimes(1);
    expect(enqueuePushJobs).toHaveBeenCalledWith(
      db,
      7,
      id,
      'favourites',
      expect.objectContaining({ ro: expect.objectContaining({ url: '/products/1/details' }) }),
    );
    expect(nudgedA).toHaveBeenCalledTimes(1);
    expect(nudgedB).not.toHaveBeenCalled();
    offA();
    offB();
  });

  it('is installed once however many times it is installed, and stops with the last stop', async () => {
    const notifier = new Notifier();
    const queue = new PushQueue(notifier);
    const first = queue.install();
    const second = queue.install();
    await notifier.notify(db, lowStock(1));
    expect(enqueuePushJobs).toHaveBeenCalledTimes(1);
    first();
    first();
    await notifier.notify(db, lowStock(1));
    expect(enqueuePushJobs).toHaveBeenCalledTimes(2);
    second();
    await notifier.notify(db, lowStock(1));
    expect(enqueuePushJobs).toHaveBeenCalledTimes(2);
  });
});
