/** The categories' API addresses (after `/api`): see storefront.ts. */
export const CATEGORIES_PATH = '/categories';
/** A category by its id or slug (as the router hands it: decoded; it is encoded here). */
export const categoryPath = (key: string) => `/categories/${encodeURIComponent(key)}`;
