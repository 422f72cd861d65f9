/**
 * Product lists (issue #3, issue #13): GET /api/products and /api/products/filter (filters,
 * search, sorts, "did you mean"), their facets, most popular and best deals — the conditions and
 * orders of those lists, their cards read through product-cards.ts.
 *
 * Search: ADR 046 (full-text since issue #13). User input only ever reaches SQL as bound
 * parameters (drizzle's sql template and query builder).
 */
import { and, count, exists, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { attributeOptions, categories, productColors, productSizes, products, shops } from '#server/db/schema.ts';
import { normalizeSearchText } from '#server/lib/search-text.ts';
import { allGroupsQuery, anyGroupQuery, planSearch, type SearchPlan } from '#server/lib/search-query.ts';
import type { ProductListFilters } from '#contract/catalog.ts';
import type { ProductSort } from '#contract/catalog-constants.ts';
import { PRODUCT_CONDITIONS, type ProductCondition } from '#contract/item-condition.ts';
import { getSearchLexicon } from './search-lexicon.ts';
import {
  branchesOf,
  cappedMeta,
  countCards,
  isReduced,
  reductionRatio,
  down,
  inStock,
  newestFirst,
  pagedCards,
  salePrices,
  selectBranch,
  stockFirst,
  TOTAL_CAP,
  up,
  type CardQuery,
  type CountQuery,
  type Page,
} from './product-cards.ts';

// ----------------------------------------------------------------------------------------------
// GET /api/products, /api/products/filter

/**
 * A search as SQL (issue #13, ADR 046): `match` selects the products having every group of the
 * plan (search-query.ts) anywhere in their search_vector — name, brand, category, shop or
 * description — through the GIN index products_search_vector_idx; `rank` orders them:
 * +4 when a searched word is the product's brand (a brand search puts the brand's own items
 * first), then +2 when every group is in the name, else +1 when every group is in the name, brand
 * or category (description and shop matches last). The texts reach SQL as bound parameters only.
 */
export function searchSql(plan: SearchPlan): { match: SQL; rank: SQL } | undefined {
  const all = allGroupsQuery(plan);
  if (!all) return undefined;
  const vector = products.searchVector;
  const q = (text: string) => sql`to_tsquery('romanian', ${text})`;
  return {
    match: sql`${vector} @@ ${q(all)}`,
    rank: sql`((CASE WHEN ${vector} @@ ${q(anyGroupQuery(plan, 'B'))} THEN 4 ELSE 0 END)
      + (CASE WHEN ${vector} @@ ${q(allGroupsQuery(plan, 'A'))} THEN 2 WHEN ${vector} @@ ${q(allGroupsQuery(plan, 'ABC'))} THEN 1 ELSE 0 END))`,
  };
}

/** Every condition of a product list (filters and search) except the current price's. */
export function productListConditions(filters: Omit<ProductListFilters, 'page'>, search: SQL | undefined): CountQuery {
  const { min_price: min, max_price: max } = filters;
  return {
    where: and(
      search,
      filters.quality && inArray(products.qualityId, filters.quality),
      filters.season && inArray(products.seasonId, filters.season),
      filters.category && inArray(products.categoryId, filters.category),
      filters.shop && inArray(products.shopId, filters.shop),
      filters.condition && inArray(products.condition, filters.condition),
      filters.size &&
        exists(
          sql`(SELECT 1 FROM ${productSizes} WHERE ${productSizes.productId} = ${products.id} AND ${inArray(productSizes.sizeId, filters.size)})`,
        ),
      filters.color &&
        exists(
          sql`(SELECT 1 FROM ${productColors} WHERE ${productColors.productId} = ${products.id} AND ${inArray(productColors.colorId, filters.color)})`,
        ),
      filters.in_stock === '1' ? inStock : undefined,
    ),
    priceWhere:
      min !== undefined || max !== undefined
        ? (price) => and(min !== undefined ? gte(price, min) : undefined, max !== undefined ? lte(price, max) : undefined)
        : undefined,
  };
}

function productListOrder(sort: ProductSort, rank: SQL | undefined): CardQuery['orderBy'] {
  switch (sort) {
    case 'price_asc':
      return (price) => [up(price), ...newestFirst];
    case 'price_desc':
      return (price) => [down(price), ...newestFirst];
    case 'most_sold':
      return [down(products.totalSold), ...newestFirst];
    case 'relevance':
      // Best rank first; among equals, what can be bought before what is sold out, then newest.
      if (rank) return [down(rank), stockFirst, ...newestFirst];
      return newestFirst;
    case 'newest':
      return newestFirst;
  }
}

/** The sort a list query uses: the one asked for, else relevance for a search, else newest. */
export function resolveSort(filters: Pick<ProductListFilters, 'sort' | 'search'>): ProductSort {
  if (filters.sort) return filters.sort;
  return normalizeSearchText(filters.search) ? 'relevance' : 'newest';
}

/**
 * The search plan of a list request (the process's synonyms applied); undefined when the text is
 * blank (no search: the whole list). Text with nothing searchable in it ("%", "--") is a search
 * that finds nothing.
 */
export async function searchPlanOf(db: Database, search: string | undefined): Promise<SearchPlan | undefined> {
  if (!normalizeSearchText(search)) return undefined;
  const lexicon = await getSearchLexicon(db);
  return planSearch(search, lexicon.synonyms);
}

/** Whether a search's words fold to nothing searchable (only punctuation or stop words): such a search finds nothing. */
export function searchFindsNothing(plan: SearchPlan): boolean {
  return searchSql(plan) === undefined;
}

/**
 * One product list page (filters, search plan, sort, page) read by SQL: the cards and the capped
 * count. The catalog-lists service (server/services/catalog-lists.ts) asks the in-process index
 * first and comes here when it cannot answer.
 */
export async function listProductsFromDatabase(db: Database, filters: ProductListFilters, plan: SearchPlan | undefined, page: Page) {
  const search = plan ? searchSql(plan) : undefined;
  // Words that fold to nothing searchable (only punctuation or stop words) find nothing.
  if (plan && !search) return { data: [], meta: cappedMeta(page, 0, TOTAL_CAP) };
  return pagedCards(
    db,
    {
      ...productListConditions(filters, search?.match),
      orderBy: productListOrder(resolveSort(filters), search?.rank),
      scanAll: search !== undefined || filters.size !== undefined || filters.color !== undefined,
    },
    page,
    TOTAL_CAP,
  );
}

// ----------------------------------------------------------------------------------------------
// GET /api/products/facets

export const FACET_GROUPS = ['categories', 'sizes', 'colors', 'seasons', 'qualities', 'shops'] as const;
type FacetGroup = (typeof FACET_GROUPS)[number];
/** The list filter each facet group counts (and leaves out of its own counts). */
const FACET_FILTER: Record<FacetGroup, 'category' | 'size' | 'color' | 'season' | 'quality' | 'shop'> = {
  categories: 'category',
  sizes: 'size',
  colors: 'color',
  seasons: 'season',
  qualities: 'quality',
  shops: 'shop',
};

/** Issue 36: products per condition among the matches of every condition but the `condition` filter. */
async function conditionCounts(db: Database, query: CountQuery): Promise<{ value: ProductCondition; count: number }[]> {
  const sale = salePrices(db);
  const branches = branchesOf(db, sale, query, query.priceWhere !== undefined);
  const parts = branches.map((branch) =>
    selectBranch(db, sale, branch, { id: products.id, condition: sql`${products.condition}`.as('condition') }),
  );
  const key = sql<string>`"matches"."condition"`;
  const rows = await db
    .with(sale)
    .select({ value: key, n: count() })
    .from(sql`(${sql.join(parts, sql` UNION ALL `)}) AS "matches"`)
    .groupBy(key);
  const byValue = new Map(rows.map((row) => [row.value, row.n]));
  return PRODUCT_CONDITIONS.flatMap((value) => {
    const n = byValue.get(value) ?? 0;
    return n > 0 ? [{ value, count: n }] : [];
  });
}

/** Matching products' ids per option of one group: [option id, products]. */
async function facetCounts(db: Database, query: CountQuery, group: FacetGroup): Promise<{ id: number; n: number }[]> {
  const sale = salePrices(db);
  const branches = branchesOf(db, sale, query, query.priceWhere !== undefined);
  const parts = branches.map((branch) =>
    selectBranch(db, sale, branch, {
      id: products.id,
      category_id: sql`${products.categoryId}`.as('category_id'),
      shop_id: sql`${products.shopId}`.as('shop_id'),
      season_id: sql`${products.seasonId}`.as('season_id'),
      quality_id: sql`${products.qualityId}`.as('quality_id'),
    }),
  );
  const matches = sql`(${sql.join(parts, sql` UNION ALL `)}) AS "matches"`;
  const base = db.with(sale);
  if (group === 'sizes' || group === 'colors') {
    const link =
      group === 'sizes'
        ? { table: productSizes, option: productSizes.sizeId, product: productSizes.productId }
        : { table: productColors, option: productColors.colorId, product: productColors.productId };
    return base
      .select({ id: link.option, n: count() })
      .from(matches)
      .innerJoin(link.table, sql`${link.product} = "matches"."id"`)
      .groupBy(link.option);
  }
  const column = { categories: 'category_id', shops: 'shop_id', seasons: 'season_id', qualities: 'quality_id' }[group];
  const key = sql<number>`"matches".${sql.identifier(column)}`;
  const rows = await base.select({ id: key, n: count() }).from(matches).groupBy(key);
  return rows.filter((row) => row.id !== null).map((row) => ({ id: Number(row.id), n: row.n }));
}

/**
 * Facet counts of a product list (issue #13): for each group, the options present among the
 * products matching every condition except that group's own, with their counts; plus the list's
 * total. Names come from the options, categories and shops; options without products are left out.
 */
export async function listProductFacets(db: Database, filters: Omit<ProductListFilters, 'page'>, plan: SearchPlan | undefined) {
  const search = plan ? searchSql(plan) : undefined;
  const empty = { total: 0, categories: [], sizes: [], colors: [], seasons: [], qualities: [], shops: [], conditions: [] };
  if (plan && !search) return empty;
  const conditions = (without?: FacetGroup) =>
    productListConditions(without ? { ...filters, [FACET_FILTER[without]]: undefined } : filters, search?.match);
  const [total, conditionFacet, ...groups] = await Promise.all([
    countCards(db, conditions()),
    conditionCounts(db, productListConditions({ ...filters, condition: undefined }, search?.match)),
    ...FACET_GROUPS.map((group) => facetCounts(db, conditions(group), group)),
  ]);
  const counted = Object.fromEntries(FACET_GROUPS.map((group, i) => [group, groups[i]!])) as Record<
    FacetGroup,
    { id: number; n: number }[]
  >;
  const ids = (list: { id: number }[]) => list.map((row) => row.id);
  const optionIds = [...ids(counted.sizes), ...ids(counted.colors), ...ids(counted.seasons), ...ids(counted.qualities)];
  const [options, categoryRows, shopRows] = await Promise.all([
    optionIds.length
      ? db
          .select({ id: attributeOptions.id, name: attributeOptions.name, position: attributeOptions.position })
          .from(attributeOptions)
          .where(inArray(attributeOptions.id, optionIds))
      : [],
    counted.categories.length
      ? db
          .select({ id: categories.id, name: categories.name, position: categories.position })
          .from(categories)
          .where(inArray(categories.id, ids(counted.categories)))
      : [],
    counted.shops.length
      ? db
          .select({ id: shops.id, name: shops.name, position: shops.id })
          .from(shops)
          .where(inArray(shops.id, ids(counted.shops)))
      : [],
  ]);
  const named = (list: { id: number; n: number }[], names: { id: number; name: string; position: number }[]) => {
    const byId = new Map(names.map((row) => [row.id, row]));
    return list
      .filter((row) => row.n > 0 && byId.has(row.id))
      .sort((a, b) => byId.get(a.id)!.position - byId.get(b.id)!.position || a.id - b.id)
      .map((row) => ({ id: row.id, name: byId.get(row.id)!.name, count: row.n }));
  };
  return {
    total,
    categories: named(counted.categories, categoryRows),
    sizes: named(counted.sizes, options),
    colors: named(counted.colors, options),
    seasons: named(counted.seasons, options),
    qualities: named(counted.qualities, options),
    shops: named(counted.shops, shopRows),
    conditions: conditionFacet,
  };
}

/** GET /api/most-popular: most sold first (in-stock ones before sold-out ones). */
export function listMostPopular(db: Database, page: Page) {
  return pagedCards(db, { orderBy: [stockFirst, down(products.totalSold), ...newestFirst] }, page);
}

/**
 * GET /api/best-deal: announced reductions (sales included: the current price below its prior
 * price, issue 36), in-stock first, biggest reduction against the prior price next.
 */
export function listBestDeals(db: Database, page: Page) {
  return pagedCards(
    db,
    {
      priceWhere: isReduced,
      orderBy: (price, prior) => [stockFirst, down(reductionRatio(price, prior)), ...newestFirst],
    },
    page,
  );
}
