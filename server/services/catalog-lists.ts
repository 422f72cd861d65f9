/**
 * Product lists (GET /api/products and /api/products/filter, issue #3, issue #13): where a list
 * page is answered. The in-process catalog index (server/catalog-index/, ADR 041) chooses the
 * page and counts when it is loaded and current; its cards are then read by id. Otherwise — no
 * index, or an index that cannot answer now — the SQL of repositories/catalog/product-lists.ts
 * does. Both give the same answers (tests/api/catalog-index/). The flow is one way:
 * route → this service → (index | repository) → database.
 */
import type { Database } from '#server/db/client.ts';
import { planSearch, type SearchPlan } from '#server/lib/search-query.ts';
import type { CatalogListIndex } from '#server/catalog-index/sync.ts';
import { cappedMeta, TOTAL_CAP, type Page } from '#server/repositories/catalog/product-cards.ts';
import { listProductsFromDatabase, resolveSort, searchFindsNothing, searchPlanOf } from '#server/repositories/catalog/product-lists.ts';
import { correctQuery, getSearchLexicon } from '#server/repositories/catalog/search-lexicon.ts';
import type { ProductListFilters } from '#contract/catalog.ts';

async function listProductsFor(
  db: Database,
  filters: ProductListFilters,
  plan: SearchPlan | undefined,
  page: Page,
  index?: CatalogListIndex,
) {
  // Words that fold to nothing searchable (only punctuation or stop words) find nothing.
  if (plan && searchFindsNothing(plan)) return { data: [], meta: cappedMeta(page, 0, TOTAL_CAP) };
  // The in-process index (ADR 041) chooses the page and counts; the cards are read by id.
  const chosen = await index?.select(
    filters,
    plan,
    resolveSort(filters),
    { offset: (page.page - 1) * page.perPage, limit: page.perPage },
    TOTAL_CAP,
  );
  if (chosen) return { data: await index!.cards(chosen.ids), meta: cappedMeta(page, chosen.total, TOTAL_CAP) };
  return listProductsFromDatabase(db, filters, plan, page);
}

/**
 * A list page. A search that finds nothing is retried once with its unknown words replaced by
 * the closest catalog words (one or two typos, or a word cut short); when that finds something,
 * the answer holds those products and `did_you_mean` the corrected text ("gaeca" → products for
 * "geacă", did_you_mean "geacă").
 */
export async function listProducts(db: Database, filters: ProductListFilters, page: Page, index?: CatalogListIndex) {
  const plan = await searchPlanOf(db, filters.search);
  const result = await listProductsFor(db, filters, plan, page, index);
  if (!plan || result.meta.total > 0 || page.page > 1) return { ...result, did_you_mean: null };
  const lexicon = await getSearchLexicon(db);
  const corrected = correctQuery(lexicon, filters.search!);
  if (!corrected) return { ...result, did_you_mean: null };
  const retry = await listProductsFor(db, filters, planSearch(corrected, lexicon.synonyms), page, index);
  return retry.meta.total > 0 ? { ...retry, did_you_mean: corrected } : { ...result, did_you_mean: null };
}
