/** The home page's API addresses (after `/api`): see storefront.ts. */
export const HOME_PATH = '/home';
export const BANNERS_PATH = '/banners';
