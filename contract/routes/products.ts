/**
 * The catalog's product endpoints (product §7, issue #13): the lists (GET /products and
 * /products/filter, the fixed-order collections /most-popular and /best-deal), the facet counts
 * and search suggestions beside them, a product's details and similar products, a flash sale and
 * the home sections.
 */
import type {
  flashSaleResponseSchema,
  homeResponseSchema,
  idParamSchema,
  pageQuerySchema,
  productDetailsResponseSchema,
  productFacetsResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
  productSearchResponseSchema,
  searchSuggestionsQuerySchema,
  searchSuggestionsResponseSchema,
  similarProductsResponseSchema,
} from '#contract/catalog.ts';
import { HOME_PATH } from '#contract/api-paths/home.ts';
import { PRODUCT_LIST_PATH } from '#contract/api-paths/products.ts';
import { defineRoute } from '#contract/route.ts';

type ProductListShape = { query: typeof productListQuerySchema; response: typeof productSearchResponseSchema };
type CollectionShape = { query: typeof pageQuerySchema; response: typeof productListResponseSchema };

export const productApi = {
  list: defineRoute<ProductListShape>()('GET', '/products'),
  /** The one the app asks for every list screen (search, filters, category and shop pages). */
  filter: defineRoute<ProductListShape>()('GET', PRODUCT_LIST_PATH),
  /** Facet counts of the same query as the list (its page, per_page and sort change nothing). */
  facets: defineRoute<{ query: typeof productListQuerySchema; response: typeof productFacetsResponseSchema }>()('GET', '/products/facets'),
  suggestions: defineRoute<{ query: typeof searchSuggestionsQuerySchema; response: typeof searchSuggestionsResponseSchema }>()(
    'GET',
    '/search/suggestions',
  ),
  /** `/products/:id` and `/products/:id/similar`: the addresses productPath and similarProductsPath spell. */
  details: defineRoute<{ params: typeof idParamSchema; response: typeof productDetailsResponseSchema }>()('GET', '/products/:id'),
  similar: defineRoute<{ params: typeof idParamSchema; response: typeof similarProductsResponseSchema }>()('GET', '/products/:id/similar'),
  mostPopular: defineRoute<CollectionShape>()('GET', '/most-popular'),
  bestDeals: defineRoute<CollectionShape>()('GET', '/best-deal'),
  flashSale: defineRoute<{ params: typeof idParamSchema; query: typeof pageQuerySchema; response: typeof flashSaleResponseSchema }>()(
    'GET',
    '/flash-sales/:id',
  ),
  home: defineRoute<{ response: typeof homeResponseSchema }>()('GET', HOME_PATH),
};
