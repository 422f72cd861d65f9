/**
 * What getProductDetails (products.ts) may be given to read a product page from memory before
 * the database: the in-process catalog index's kept pages (CatalogIndexSync in
 * server/catalog-index/sync.ts has this shape). Declared here, beside its one reader, so the
 * repository names nothing above it (ESLint's layer rules).
 */
import type { ProductDetails } from '#contract/catalog.ts';

export interface KeptProductPages {
  /**
   * A listed product's page (a fresh copy: the caller may mark it), null when it is not listed;
   * undefined when the pages cannot answer now (the caller reads the database).
   */
  details(id: number): Promise<ProductDetails | null | undefined>;
}
