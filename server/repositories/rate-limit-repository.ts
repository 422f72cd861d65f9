/**
 * Rate-limit counters in the database, so every server process shares them (issue #4).
 *
 * One row per key, a fixed window, and one atomic statement per hit: INSERT … ON CONFLICT DO
 * UPDATE … WHERE <allowed>. The row lock taken by ON CONFLICT serialises concurrent hits on the
 * same key across processes, and a refused hit changes nothing (it is not counted). Time is the
 * database's clock (`clock_timestamp()`, never `now()`: that is the transaction's start, and hits
 * waiting on one row lock would see time run backwards — issue 38), so processes with skewed
 * clocks still agree.
 *
 * Optional growing waits (code sends): after the k-th hit of a window the next one is allowed
 * `cooldownSeconds * 2^max(k-2, 0)` seconds later: 60 s, 60 s, 120 s, 240 s… for a 60 s base.
 */
import { lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { rateLimitBuckets } from '#server/db/schema.ts';

export interface BucketLimit {
  windowSeconds: number;
  max: number;
  /** Base wait between two hits, doubled from the third hit of a window on. */
  cooldownSeconds?: number;
}

export interface HitResult {
  allowed: boolean;
  /** Hits counted in the current window (after this one when allowed). */
  count: number;
  /** Seconds until the next hit would be allowed (0 when it would be now). */
  retryAfter: number;
  /** Seconds until the current window ends and its count starts again from 0. */
  resetIn: number;
}

interface Row extends Record<string, unknown> {
  count: number | string;
  retry_after: number | string | null;
  reset_in?: number | string | null;
}

const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * Most doublings of a growing wait: 2^30 s is decades. Without a cap power(2, n) overflows a double
 * past n = 1023 (SQLSTATE 22003) — a counter of more than ~1 000 hits in a window (the API-wide
 * limit, `login:known`) failed on every further hit.
 */
const MAX_DOUBLINGS = 30;

export async function hitBucket(db: Database, key: string, limit: BucketLimit): Promise<HitResult> {
  const window = sql`(${limit.windowSeconds}::integer * interval '1 second')`;
  const cooldown = (count: unknown) =>
    sql`(${limit.cooldownSeconds ?? 0}::integer * power(2, least(greatest(${count} - 2, 0), ${MAX_DOUBLINGS}::integer)) * interval '1 second')`;
  // This hit's time: the statement's clock (EXCLUDED.last_hit_at, clock_timestamp() when the
  // statement ran), never earlier than the row's last hit. Concurrent hits on one key wait for
  // each other's row lock, and a hit that read its clock before another committed a later one
  // must not see time run backwards (issue 38: with now(), the transaction's start, 43 of 320
  // parallel requests from one address were refused far below the limit on PostgreSQL).
  const at = sql`greatest(EXCLUDED.last_hit_at, b.last_hit_at)`;
  // Seconds until the next hit is allowed, for a row just written (its last_hit_at is this hit's time).
  const nextIn = (now: unknown) => sql`ceil(extract(epoch from greatest(
      CASE WHEN count >= ${limit.max} AND window_start + ${window} > ${now} THEN window_start + ${window} - ${now} ELSE interval '0' END,
      last_hit_at + ${cooldown(sql.raw('count'))} - ${now},
      interval '0')))`;
  const resetIn = (now: unknown) => sql`greatest(ceil(extract(epoch from window_start + ${window} - ${now})), 0)`;
  const written = sql.raw('last_hit_at');

  const inserted = rowsOf(
    await db.execute(sql`
      INSERT INTO rate_limit_buckets AS b (key, window_start, count, last_hit_at, expires_at)
      SELECT ${key}, clock.t, 1, clock.t, clock.t + ${window} + interval '1 day' FROM (SELECT clock_timestamp() AS t) AS clock
      ON CONFLICT (key) DO UPDATE SET
        window_start = CASE WHEN b.window_start + ${window} <= ${at} THEN ${at} ELSE b.window_start END,
        count = CASE WHEN b.window_start + ${window} <= ${at} THEN 1 ELSE b.count + 1 END,
        last_hit_at = ${at},
        -- Moved only when a window starts: changing an indexed column on every hit would make
        -- each hit a non-HOT update (new entries in both indexes); the API-wide limit hits one
        -- row per address on every request (ADR 023).
        expires_at = CASE WHEN b.window_start + ${window} <= ${at} THEN greatest(b.expires_at, ${at} + ${window} + interval '1 day') ELSE b.expires_at END
      WHERE (b.window_start + ${window} <= ${at} OR b.count < ${limit.max})
        AND b.last_hit_at + ${cooldown(sql`b.count`)} <= ${at}
      RETURNING count, ${nextIn(written)} AS retry_after, ${resetIn(written)} AS reset_in`),
  );
  const row = inserted[0];
  if (row) return { allowed: true, count: Number(row.count), retryAfter: Number(row.retry_after ?? 0), resetIn: Number(row.reset_in ?? 0) };

  const now = sql`greatest(clock_timestamp(), last_hit_at)`;
  const [current] = rowsOf(
    await db.execute(
      sql`SELECT count, ${nextIn(now)} AS retry_after, ${resetIn(now)} AS reset_in FROM rate_limit_buckets WHERE key = ${key}`,
    ),
  );
  const retryAfter = Math.max(1, Number(current?.retry_after ?? 1));
  return {
    allowed: false,
    count: Number(current?.count ?? limit.max),
    retryAfter,
    resetIn: Math.max(retryAfter, Number(current?.reset_in ?? 0)),
  };
}

/** Forgets a key (e.g. the per-phone login counter after a successful login). */
export async function clearBucket(db: Database, key: string) {
  await db.execute(sql`DELETE FROM rate_limit_buckets WHERE key = ${key}`);
}

/** Drops buckets no limit can still need. */
export async function pruneBuckets(db: Database) {
  await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.expiresAt, sql`now()`));
}

/**
 * Growing delays after failures (issue 14, ADR 017): for a failure counter kept with hitBucket,
 * the seconds still to wait before the next try — 0 while at most `free` failures are counted in
 * the window, then 2^(count - free) seconds after the last failure, at most `maxSeconds`.
 */
export async function failureDelay(
  db: Database,
  key: string,
  options: { windowSeconds: number; free: number; maxSeconds: number },
): Promise<number> {
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT count, ceil(extract(epoch from (
               last_hit_at + least(${options.maxSeconds}::integer, power(2, least(greatest(count - ${options.free}::integer, 0), ${MAX_DOUBLINGS}::integer))) * interval '1 second' - clock_timestamp()
             ))) AS retry_after
        FROM rate_limit_buckets
       WHERE key = ${key} AND window_start + (${options.windowSeconds}::integer * interval '1 second') > clock_timestamp()`),
  );
  if (!row || Number(row.count) < options.free) return 0;
  return Math.max(0, Number(row.retry_after ?? 0));
}

/** Hits counted on `key` in its current window (0 when none or expired) and the seconds the window has left. */
export async function bucketCount(db: Database, key: string, windowSeconds: number): Promise<{ count: number; secondsLeft: number }> {
  const window = sql`(${windowSeconds}::integer * interval '1 second')`;
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT count, ceil(extract(epoch from window_start + ${window} - clock_timestamp())) AS retry_after FROM rate_limit_buckets
       WHERE key = ${key} AND window_start + ${window} > clock_timestamp()`),
  );
  return { count: Number(row?.count ?? 0), secondsLeft: Math.max(1, Number(row?.retry_after ?? 1)) };
}

// --- decoy codes (issue 14, ADR 020: services/otp-service.ts#recordDecoyCode) --------------------

/** Records "a code was sent" under a decoy `key`: count 1 (no wrong try yet), from now, kept a day. */
export async function resetDecoyBucket(db: Database, key: string) {
  await db.execute(sql`
    INSERT INTO rate_limit_buckets (key, window_start, count, last_hit_at, expires_at)
    VALUES (${key}, now(), 1, now(), now() + interval '1 day')
    ON CONFLICT (key) DO UPDATE SET window_start = now(), count = 1, last_hit_at = now(), expires_at = now() + interval '1 day'`);
}

/** A decoy's count (1 + wrong tries) and whether `ttlSeconds` passed since it was recorded; undefined when there is none. */
export async function findDecoyBucket(
  db: Database,
  key: string,
  ttlSeconds: number,
): Promise<{ count: number | string; expired: boolean } | undefined> {
  const rows = (
    (await db.execute(sql`
      SELECT count, (window_start + ${ttlSeconds} * interval '1 second' <= now()) AS expired
        FROM rate_limit_buckets WHERE key = ${key}`)) as unknown as { rows: { count: number | string; expired: boolean }[] }
  ).rows;
  return rows[0];
}

/** Counts one more (wrong) try against a decoy. */
export async function countDecoyTry(db: Database, key: string) {
  await db.execute(sql`UPDATE rate_limit_buckets SET count = count + 1, last_hit_at = now() WHERE key = ${key}`);
}
