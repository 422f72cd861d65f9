/** The signed-in account's calls (issue #4): profile, photo, phone change, password, dashboard. */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ChangePasswordPayload, SessionResponse, UpdateProfilePayload, User } from '../../../../contract/auth.ts';

type Envelope<T> = { message: string; data: T };

export interface Dashboard {
  user: User;
  orders_by_status: Record<string, number>;
  favorites_count: number;
  recent_orders: { id: number; number: string; status: string; total: number; created_at: string }[];
}

/** Private data: never persisted to the shared IndexedDB cache (meta.persist false). */
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'dashboard'],
    queryFn: async ({ signal }) => (await apiRequest<Envelope<Dashboard>>('/dashboard', { signal })).data,
    staleTime: 0,
    meta: { persist: false },
  });

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'user'],
    queryFn: async ({ signal }) => (await apiRequest<Envelope<{ user: User }>>('/user', { signal })).data.user,
    staleTime: 0,
    meta: { persist: false },
  });

export const updateProfile = (body: UpdateProfilePayload) => apiRequest<Envelope<{ user: User }>>('/profile', { method: 'PUT', body });

export function uploadProfilePhoto(file: File) {
  const form = new FormData();
  form.append('photo', file);
  return apiRequest<Envelope<{ user: User }>>('/profile/photo', { method: 'POST', body: form });
}

export const sendPhoneChangeCode = (body: { phone: string; phone_code: string }) =>
  apiRequest<Envelope<{ email_or_phone: string; resend_in: number }>>('/profile/phone/send-otp', { method: 'POST', body });

export const verifyPhoneChange = (body: { phone: string; phone_code: string; otp: string }) =>
  apiRequest<Envelope<{ user: User }>>('/profile/phone/verify', { method: 'POST', body });

export const changePassword = (body: ChangePasswordPayload) => apiRequest<SessionResponse>('/change-password', { method: 'POST', body });
