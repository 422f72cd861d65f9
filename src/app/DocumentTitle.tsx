/** Page title on each navigation: '<route title> - <app name>', or the app name alone (product §2). */
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import type { RouteHandle } from './route-handle.ts';

export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  const { t } = useTranslation();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]!.handle as RouteHandle | undefined)?.title;
    if (typeof title === 'string') return t(title);
    if (typeof title === 'function') return title(matches[i]!.loaderData, t);
  }
  return undefined;
}

/** `title` overrides the matched route's own (a 404 thrown by a loader keeps the route's match). */
export function DocumentTitle({ title: override }: { title?: string } = {}) {
  const { appName } = useStorefront();
  const routeTitle = useRouteTitle();
  const title = override ?? routeTitle;
  useEffect(() => {
    document.title = title ? `${title} - ${appName}` : appName;
  }, [title, appName]);
  return null;
}
