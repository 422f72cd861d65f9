/**
 * Every route of the app, read from the router's own route objects (src/app/router.tsx, through
 * the build's server bundle dist/.ssr/entry-server.js, which exports createRoutes): the
 * accessibility suite visits each, and fails when a route is added without a visit.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RouteObject } from 'react-router';

export interface AppRoute {
  /** The route's full path as the router writes it ('/', '/shops/:id', '*'). */
  path: string;
  /** Public pages, or the signed-in pages of the account layout (sidebar). */
  layout: 'public' | 'account' | 'bare';
}

export async function appRoutes(): Promise<AppRoute[]> {
  const bundle = pathToFileURL(path.resolve('dist/.ssr/entry-server.js')).href;
  const { createRoutes } = (await import(bundle)) as { createRoutes: (queryClient: unknown) => RouteObject[] };
  const found: AppRoute[] = [];
  const walk = (routes: RouteObject[], prefix: string, layout: AppRoute['layout'] | null) => {
    routes.forEach((route, index) => {
      // The root shell's three children are, in order, the public, account and bare layouts.
      const here = layout ?? null;
      const full = route.index ? prefix || '/' : route.path ? (route.path === '*' ? '*' : `${prefix}/${route.path}`) : prefix;
      if (route.children) {
        const childLayout =
          here ?? (prefix === '' && !route.path && routes.length === 3 ? (['public', 'account', 'bare'] as const)[index]! : null);
        walk(route.children, full, childLayout);
      } else if (route.index || route.path) found.push({ path: full, layout: here ?? 'public' });
    });
  };
  walk(createRoutes(null), '', null);
  return found;
}
