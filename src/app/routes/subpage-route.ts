/**
 * Information pages backed by subpages (product §2, §3 Subpage): fixed paths such as
 * /terms-and-conditions and the generic /{slug}. An unknown slug is a 404 → page not found.
 */
import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { subpagesQueryOptions } from '#src/features/content/api/get-subpages.ts';
import type { Subpage } from '#contract/content.ts';
import type { RouteHandle } from '../route-handle.ts';

export interface SubpageLoaderData {
  slug: string;
  /** undefined when the pages could not be loaded at all (offline on a first visit). */
  page: Subpage | undefined;
}

export function subpageRoute(queryClient: QueryClient, options: { path: string; slug?: string; title?: string }): RouteObject {
  return {
    path: options.path,
    handle: {
      title: (loaderData, t) =>
        (loaderData as SubpageLoaderData | undefined)?.page?.title ?? (options.title ? t(options.title) : undefined),
    } satisfies RouteHandle,
    loader: async ({ params }: LoaderFunctionArgs): Promise<SubpageLoaderData> => {
      const slug = options.slug ?? params.slug ?? '';
      const pages = await queryClient.ensureQueryData(subpagesQueryOptions()).catch(() => undefined);
      const page = pages?.find((p) => p.slug === slug);
      if (pages && !page) throw data(null, { status: 404 });
      return { slug, page };
    },
    lazy: () => import('./subpage.tsx'),
  };
}
