/**
 * Reads shared by concurrent requests, one batch at a time (issue 36, ADR 039).
 *
 * On the embedded database every statement waits its turn on one connection, so 50 shoppers'
 * requests arriving together used to queue 50 reads of the change log's head and then 50 reads of
 * product pages, one after another. A loader made here gathers the requests that arrive while its
 * previous batch is being read, and reads them as the next batch — one statement for all of them.
 *
 * The rule that keeps "read your writes": a batch is never joined once it has started. A request
 * is answered by a read that started after it arrived, so whatever was committed before the
 * request arrived is in what it gets (a request that arrives while a read is in flight waits for
 * that read to end and is answered by the next one).
 */
import DataLoader from 'dataloader';

/**
 * A loader (DataLoader, no caching) whose batches run one after another: the first request waits
 * for the end of the event loop's current I/O phase (requests read in the same turn join it); requests arriving while a
 * batch is read wait for it to end, then go together as the next batch, at most `maxBatchSize`
 * keys each. `readBatch` answers the keys in their order (duplicates included).
 */
export function oneBatchAtATime<K, V>(
  readBatch: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
  maxBatchSize = Infinity,
): DataLoader<K, V> {
  /** The batch being read (resolved when none is). */
  let reading: Promise<unknown> = Promise.resolve();
  return new DataLoader<K, V>(
    (keys) => {
      const batch = readBatch(keys);
      reading = batch.catch(() => undefined);
      return batch;
    },
    {
      cache: false,
      maxBatchSize,
      // DataLoader calls this when a batch gets its first key, and reads the batch (readBatch
      // above, synchronously) when it is called back: after the batch in flight has ended, and then
      // after this turn of the event loop's I/O (setImmediate), so that the requests whose bytes
      // arrived in the same turn join. Not process.nextTick (DataLoader's default): on the embedded
      // database a statement runs on this thread and has ended before the next socket is read, so
      // nothing is ever "in flight" for the next request to wait for, and every batch was one request.
      batchScheduleFn: (readNow) => void reading.then(() => setImmediate(readNow)),
    },
  );
}
