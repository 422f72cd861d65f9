/**
 * The API's addresses (after `/api`) as the app asks them: one spelling for the api/ modules and
 * the inline start-up script (src/boot/first-screen.ts, ADR 042), whose early requests must be
 * the very addresses the app then asks (so the app's own requests are answered by the HTTP cache
 * or join the ones in flight), and whose first-answers keys (ADR 026) are made from them.
 *
 * One small file per domain, not one for all: the build places whole modules in chunks
 * (build/shell-chunk.ts), so each file goes where the api/ modules that ask it go — one file
 * would put every address in the first load's `shell` chunk. Plain strings: no zod, no globals
 * beyond the language's. Here: what every screen asks (lib/storefront, the i18n feature).
 * Also categories.ts, home.ts, products.ts.
 */
export const MASTER_PATH = '/master';
export const SETTINGS_PATH = '/settings';
export const translationsPath = (locale: string) => `/translations/${encodeURIComponent(locale)}`;
