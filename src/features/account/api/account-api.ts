/** The signed-in account's calls (issue #4) by their contract definitions (contract/routes/account.ts). */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, callRoute } from '#src/lib/api-client.ts';
import { accountApi } from '#contract/routes/account.ts';
import type { RouteAnswer, RouteBody } from '#contract/route.ts';

export type Dashboard = RouteAnswer<typeof accountApi.dashboard>['data'];

/** Private data: never persisted to the shared IndexedDB cache (meta.persist false). */
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'dashboard'],
    queryFn: async ({ signal }) => (await callRoute(accountApi.dashboard, { signal })).data,
    staleTime: 0,
    meta: { persist: false },
  });

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'user'],
    queryFn: async ({ signal }) => (await callRoute(accountApi.currentUser, { signal })).data.user,
    staleTime: 0,
    meta: { persist: false },
  });

export const updateProfile = (body: RouteBody<typeof accountApi.updateProfile>) => callRoute(accountApi.updateProfile, { body });

/** multipart/form-data (one `photo` part): the definition names the answer, the body is the form. */
export function uploadProfilePhoto(file: File) {
  const form = new FormData();
  form.append('photo', file);
  const { method, path } = accountApi.uploadPhoto;
  return apiRequest<RouteAnswer<typeof accountApi.uploadPhoto>>(path, { method, body: form });
}

export const sendPhoneChangeCode = (body: RouteBody<typeof accountApi.sendPhoneChangeCode>) =>
  callRoute(accountApi.sendPhoneChangeCode, { body });

export const verifyPhoneChange = (body: RouteBody<typeof accountApi.verifyPhoneChange>) =>
  callRoute(accountApi.verifyPhoneChange, { body });

export const changePassword = (body: RouteBody<typeof accountApi.changePassword>) => callRoute(accountApi.changePassword, { body });
