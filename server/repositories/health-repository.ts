/** Readiness (issue 14, ADR 013): the one statement GET /api/health/ready runs against the database. */
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

/** `select 1`: resolves when the database answers, rejects when it cannot be reached. */
export function pingDatabase(db: Database) {
  return db.execute(sql`select 1`);
}
