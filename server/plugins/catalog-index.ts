/**
 * The in-process catalog index (issue #13, ADR 041): `app.catalogIndex` chooses the products of a
 * list or a search from memory, kept current from the database's change log by every instance
 * (server/catalog-index/sync.ts). Loaded in the background once the server is ready; until then,
 * and whenever it cannot be trusted, lists take the SQL path. CATALOG_INDEX=false turns it off.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { CatalogIndexSync, type CatalogListIndex } from '#server/catalog-index/sync.ts';

export interface CatalogIndexPluginOptions {
  enabled: boolean;
  pollMs: number;
}

export default fp<CatalogIndexPluginOptions>(
  async function catalogIndexPlugin(app: FastifyInstance, options) {
    if (!options.enabled) {
      app.decorate('catalogIndex', undefined);
      return;
    }
    const sync = new CatalogIndexSync(app.db, app.log, { pollMs: options.pollMs });
    app.decorate('catalogIndex', sync);
    app.addHook('onReady', async () => sync.start());
    app.addHook('onClose', async () => sync.close());
  },
  { name: 'catalog-index' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Chooses list pages from memory (ADR 041); undefined when turned off. */
    catalogIndex: (CatalogListIndex & { readonly ready?: boolean; catchUp?(): Promise<void> }) | undefined;
  }
}
