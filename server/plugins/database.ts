/** Opens the database once, runs migrations and the seed, and closes it with the server. */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database, type DatabaseEvents, type DatabaseHandle, type DatabaseKind } from '#server/db/client.ts';
import { seedIfEmpty } from '#server/db/seed/index.ts';
import { createFileStore, type FileStore } from '#server/services/file-store.ts';
import { refreshProductSearchText, refreshStaleSearchText } from '#server/repositories/catalog/search-text-refresh.ts';
import { preloadWordForms } from '#server/lib/word-forms.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseKind;
    /** LISTEN/NOTIFY between instances (PostgreSQL only; undefined on PGlite). ADR 022. */
    dbEvents: DatabaseEvents | undefined;
    /** Uploaded files: stored_files on PostgreSQL, DATA_DIR/uploads embedded (ADR 022). */
    files: FileStore;
    /** Background work meant once across instances (an advisory lock; see DatabaseHandle). */
    tryExclusive: DatabaseHandle['tryExclusive'];
  }
}

export interface DatabasePluginOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL only: seconds to wait for the database at start (DATABASE_WAIT_SECONDS). */
  waitSeconds?: number;
  /** Tests may hand in an already opened handle; the plugin then leaves closing to them. */
  handle?: DatabaseHandle;
}

export default fp<DatabasePluginOptions>(async function databasePlugin(app: FastifyInstance, options) {
  const handle =
    options.handle ??
    (await openDatabase({
      ...options,
      // A lost connection is logged, never fatal: the pool reconnects on the next query and the
      // requests in between answer 503 (plugins/errors.ts).
      onConnectionError: (error) =>
        app.log.warn({ code: (error as { code?: string }).code, reason: error.message }, 'database connection lost'),
    }));
  // Under the start-up lock: a second instance starting at the same time waits, then finds the
  // seed written (issue 14, ADR 023).
  await handle.exclusive(async () => {
    const seeded = await seedIfEmpty(handle.db);
    if (seeded) app.log.info({ database: handle.kind }, 'database was empty: seed data written');
    // Products written before migration 0001 (or by code that forgot it) have no search_text yet.
    const backfilled = await refreshProductSearchText(handle.db, { onlyEmpty: true });
    if (backfilled) app.log.info({ products: backfilled }, 'search_text filled in');
  });
  // The search folding's table is read now, not on the first search; after a change of the folding
  // (issue 40, ADR 035) every product's search_text is written again, in the background.
  preloadWordForms();
  const stopRewrite = new AbortController();
  const rewriting = refreshStaleSearchText(handle.db, stopRewrite.signal).then(
    (rewritten) => rewritten && app.log.info({ products: rewritten }, 'search_text rewritten for a new search folding'),
    (error: Error) => app.log.warn({ reason: error.message }, 'search_text rewrite for a new search folding stopped'),
  );
  app.addHook('onClose', async () => {
    stopRewrite.abort();
    await rewriting;
    if (!options.handle) await handle.close();
  });
  app.decorate('db', handle.db);
  app.decorate('dbKind', handle.kind);
  app.decorate('tryExclusive', handle.tryExclusive);
  app.decorate('dbEvents', handle.events);
  app.decorate('files', createFileStore(handle.kind, handle.db, options.dataDir));
});
