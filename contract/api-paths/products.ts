/** The products' API addresses (after `/api`): see storefront.ts. */
/** One page of products for any list screen (search, filters, category and shop pages). */
export const PRODUCT_LIST_PATH = '/products/filter';
export const productPath = (id: number | string) => `/products/${id}`;
export const similarProductsPath = (id: number | string) => `/products/${id}/similar`;
