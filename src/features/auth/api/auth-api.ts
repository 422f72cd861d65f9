/**
 * The sign-in calls of spec §7, one function each, typed by the shared contract
 * (contract/auth.ts). Errors arrive as ApiError with the server's message and per-field
 * errors (already translated for the shopper's language).
 */
import { apiRequest } from '../../../lib/api-client.ts';
import { readDeviceKey } from '../../../lib/push-device.ts';
import type {
  LoginPayload,
  RegistrationPayload,
  ResetPasswordPayload,
  SendOtpPayload,
  SessionResponse,
  User,
  VerifyOtpPayload,
} from '../../../../contract/auth.ts';

type Envelope<T> = { message: string; data: T };
type Access = SessionResponse['data']['access'];

export const register = (body: RegistrationPayload) =>
  apiRequest<Envelope<{ user: User; requires_verification: boolean; access?: Access }>>('/registration', { method: 'POST', body });

export const sendOtp = (body: SendOtpPayload) =>
  apiRequest<Envelope<{ email_or_phone: string; otp_length: number; resend_in: number; expires_in: number }>>('/send-otp', {
    method: 'POST',
    body,
  });

export const verifyOtpRegister = (body: VerifyOtpPayload) => apiRequest<SessionResponse>('/verify-otp-register', { method: 'POST', body });

export const verifyOtp = (body: VerifyOtpPayload) => apiRequest<Envelope<{ token: string }>>('/verify-otp', { method: 'POST', body });

export const resetPassword = (body: ResetPasswordPayload) => apiRequest<{ message: string }>('/reset-password', { method: 'POST', body });

/** Spec §3 Login payload: `device_key` is this device's push subscription when it has one (issue #6). */
export const login = (body: LoginPayload) =>
  apiRequest<SessionResponse>('/login', { method: 'POST', body: { ...body, device_key: body.device_key ?? readDeviceKey() } });

export const socialLogin = (provider: 'google' | 'facebook' | 'apple', body: { code: string; data?: Record<string, unknown> }) =>
  apiRequest<SessionResponse>(`/auth/${provider}/token`, { method: 'POST', body });
