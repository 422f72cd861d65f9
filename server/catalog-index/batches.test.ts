/**
 * oneBatchAtATime (ADR 039): requests of one event-loop turn share a read; a request arriving while a read is
 * in flight never gets that read's answer, only one from a read that started after it arrived.
 */
import { describe, expect, it } from 'vitest';
import { oneBatchAtATime } from './batches.ts';

/** A read whose answer the test releases: what it answers is the "database" value when released. */
function controlledReads() {
  let value = 0;
  const reads: { keys: readonly string[]; release: () => void }[] = [];
  const loader = oneBatchAtATime<string, number>(
    (keys) =>
      new Promise((resolve) => {
        // The value is taken as the read starts (a snapshot), answered when released.
        const snapshot = value;
        reads.push({ keys, release: () => resolve(keys.map(() => snapshot)) });
      }),
  );
  return { loader, reads, write: (next: number) => (value = next) };
}

/** The next turn of the event loop, when a batch asked for in this one has started. */
const tick = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

describe('oneBatchAtATime', () => {
  it('reads the requests of one turn once', async () => {
    const { loader, reads } = controlledReads();
    const answers = Promise.all([loader.load('a'), loader.load('b'), loader.load('a')]);
    await tick();
    expect(reads.map((read) => read.keys)).toEqual([['a', 'b', 'a']]);
    reads[0]!.release();
    expect(await answers).toEqual([0, 0, 0]);
  });

  it('never joins a read in flight: a write committed meanwhile is seen by a request that came after it', async () => {
    const { loader, reads, write } = controlledReads();
    const early = loader.load('head');
    await tick();
    expect(reads).toHaveLength(1); // in flight, its snapshot taken before the write
    write(7);
    const late = [loader.load('head'), loader.load('head')];
    await tick();
    expect(reads).toHaveLength(1); // the late requests wait for the read in flight to end
    reads[0]!.release();
    expect(await early).toBe(0);
    await tick();
    expect(reads).toHaveLength(2); // then one read for both, started after they arrived
    expect(reads[1]!.keys).toEqual(['head', 'head']);
    reads[1]!.release();
    expect(await Promise.all(late)).toEqual([7, 7]);
  });

  it('a failed read fails its requests only; the next batch reads again', async () => {
    let calls = 0;
    const loader = oneBatchAtATime<number, number>(async (keys) => {
      calls++;
      if (calls === 1) throw new Error('database restarting');
      return keys.map((key) => key * 2);
    });
    await expect(loader.load(1)).rejects.toThrow('database restarting');
    expect(await Promise.all([loader.load(2), loader.load(3)])).toEqual([4, 6]);
    expect(calls).toBe(2);
  });

  it('splits a burst into batches of at most maxBatchSize keys', async () => {
    const sizes: number[] = [];
    const loader = oneBatchAtATime<number, number>(async (keys) => {
      sizes.push(keys.length);
      return [...keys];
    }, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((key) => loader.load(key)))).toEqual([1, 2, 3, 4, 5]);
    expect(sizes).toEqual([2, 2, 1]);
  });
});
