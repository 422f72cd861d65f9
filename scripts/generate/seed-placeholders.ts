/**
 * Writes server/db/seed/photo-placeholders.json: the ThumbHash of every seeded photo by its key
 * (issue 15, ADR 043), so seeding a database reads them instead of drawing ~1 400 small scenes.
 * Run after changing the seed, server/media/photo.ts or render.ts: `npm run seed:placeholders`.
 * A key missing from the file is computed at seed time, so a stale file costs time, never errors.
 */
import { writeFile } from 'node:fs/promises';
import { isNotNull } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.ts';
import { seedIfEmpty } from '#server/db/seed/index.ts';
import { images } from '#server/db/schema.ts';

const handle = await openDatabase({ dataDir: 'memory://' });
try {
  await seedIfEmpty(handle.db);
  const rows = await handle.db
    .select({ key: images.key, placeholder: images.placeholder })
    .from(images)
    .where(isNotNull(images.recipe))
    .orderBy(images.key);
  const file = new URL('../../server/db/seed/photo-placeholders.json', import.meta.url);
  await writeFile(file, `${JSON.stringify(Object.fromEntries(rows.map((r) => [r.key, r.placeholder])), null, 0)}\n`);
  console.log(`${rows.length} placeholders → ${file.pathname}`);
} finally {
  await handle.close();
}
