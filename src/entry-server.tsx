/**
 * A first screen's HTML, rendered on the server (docs/decisions/044-first-screen-html-today.md).
 *
 * The very components, routes, loaders and queryOptions the browser uses, rendered once to a
 * string for an anonymous Romanian visitor: the page paints its screen before ~200 KB of
 * JavaScript has arrived, and main.tsx hydrates it instead of building it again. The data comes
 * from the server's own API, asked in-process (`transport`, server/first-screen/render.ts), so it
 * is exactly what the browser's first requests are then handed (the page's first answers).
 *
 * One render at a time per process (the caller serializes): `setServerTransport` is module state.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient } from './lib/query-client.ts';
import { setServerTransport } from './lib/api-client.ts';
import { initI18n } from './lib/i18n.ts';
import { DEFAULT_LOCALE } from '#contract/constants.ts';
import { loadMessages } from './features/i18n/lib/load-messages.ts';
import { masterQueryOptions } from './lib/storefront/get-master.ts';
import { settingsQueryOptions } from './lib/storefront/get-settings.ts';
import { AppProvider } from './app/provider.tsx';
import { createRoutes } from './app/router.tsx';

export type ServerTransport = (pathAndQuery: string) => Promise<unknown>;

let i18nReady: ReturnType<typeof initI18n> | undefined;

/**
 * The HTML of `url`'s screen (what goes inside `<div id="root">`), or null when the screen is not
 * one to render here (a redirect, an error, data that did not come).
 */
export async function renderFirstScreen(url: string, transport: ServerTransport): Promise<string | null> {
  setServerTransport(transport);
  const queryClient = createQueryClient();
  try {
    i18nReady ??= initI18n(DEFAULT_LOCALE);
    const i18n = await i18nReady;
    await Promise.all([
      loadMessages(queryClient, DEFAULT_LOCALE, { fresh: true }),
      queryClient.fetchQuery(masterQueryOptions()),
      queryClient.fetchQuery(settingsQueryOptions()).catch(() => undefined),
    ]);
    const handler = createStaticHandler(createRoutes(queryClient));
    const context = await handler.query(new Request(new URL(url, 'http://server.invalid')));
    if (context instanceof Response) return null;
    if (context.errors || context.statusCode !== 200) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    return renderToString(
      <StrictMode>
        <AppProvider queryClient={queryClient} persistedCache={null} i18n={i18n}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
    );
  } finally {
    setServerTransport(null);
    // Its queries' garbage-collection timers would keep every render's data for minutes.
    queryClient.clear();
  }
}

/** The app's route objects, for the browser tests that must visit every route (tests/e2e/routes.ts). */
export { createRoutes };
