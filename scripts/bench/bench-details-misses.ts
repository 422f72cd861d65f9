/**
 * Product pages that are all misses (issue 36, ADR 039): 50 concurrent callers of the catalog
 * index's details() over distinct listed ids (none asked before), on a PGlite catalog kept by
 * `npm run bench:api -- --data-dir DIR` (no server may have it open); no HTTP. bench:api's details
 * scenario turns into hits once its 5 000 ids have been asked; this measures the miss alone.
 *
 *   node --import tsx scripts/bench/bench-details-misses.ts DIR [COUNT=3000]
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase } from '#server/db/client.ts';
import { CatalogIndexSync } from '#server/catalog-index/sync.ts';

const handle = await openDatabase({ dataDir: process.argv[2]! });
const db = handle.db;
const count = Number(process.argv[3] ?? 3000);
const ids = (
  (await db.execute(sql`SELECT id FROM products WHERE is_active AND shop_listed ORDER BY md5(id::text) LIMIT ${count}`)) as unknown as {
    rows: { id: number }[];
  }
).rows.map((r) => r.id);
const index = new CatalogIndexSync(db, pino({ level: 'warn' }) as never, { pollMs: 600_000 });
await index.catchUp();
let next = 0;
const latencies: number[] = [];
const started = performance.now();
await Promise.all(
  Array.from({ length: 50 }, async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const t0 = performance.now();
      const page = await index.details(id);
      latencies.push(performance.now() - t0);
      if (!page) throw new Error(`no page for ${id}`);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
console.log(
  `${ids.length} misses, 50 at a time: ${(ids.length / seconds).toFixed(0)} pages/s, p50 ${latencies[latencies.length >> 1]!.toFixed(1)} ms, p95 ${latencies[Math.floor(latencies.length * 0.95)]!.toFixed(1)} ms`,
);
await index.close();
await handle.close();
