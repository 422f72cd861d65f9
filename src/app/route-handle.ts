import type { TFunction } from 'i18next';

/** Every route says its title (product §2): an i18n key, or a function of the route's loader data. */
export interface RouteHandle {
  title?: string | ((data: unknown, t: TFunction) => string | undefined);
  /** Which account sidebar link stays highlighted (order details → Order History, §2). */
  accountNav?: string;
}
