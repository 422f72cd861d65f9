/**
 * The sign-in calls of product §7, one function each, by their contract definitions
 * (contract/routes/auth.ts). Errors arrive as ApiError with the server's message and per-field
 * errors (already translated for the shopper's language).
 */
import { callRoute } from '#src/lib/api-client.ts';
import { readDeviceKey } from '#src/lib/push-device.ts';
import { authApi } from '#contract/routes/auth.ts';
import type { RouteBody, RouteParams } from '#contract/route.ts';

export const register = (body: RouteBody<typeof authApi.register>) => callRoute(authApi.register, { body });

export const sendOtp = (body: RouteBody<typeof authApi.sendOtp>) => callRoute(authApi.sendOtp, { body });

export const verifyOtpRegister = (body: RouteBody<typeof authApi.verifyOtpRegister>) => callRoute(authApi.verifyOtpRegister, { body });

export const verifyOtp = (body: RouteBody<typeof authApi.verifyOtp>) => callRoute(authApi.verifyOtp, { body });

export const resetPassword = (body: RouteBody<typeof authApi.resetPassword>) => callRoute(authApi.resetPassword, { body });

/** Product §3 Login payload: `device_key` is this device's push subscription when it has one (issue #6). */
export const login = (body: RouteBody<typeof authApi.login>) =>
  callRoute(authApi.login, { body: { ...body, device_key: body.device_key ?? readDeviceKey() } });

export const socialLogin = (provider: RouteParams<typeof authApi.socialLogin>['provider'], body: RouteBody<typeof authApi.socialLogin>) =>
  callRoute(authApi.socialLogin, { params: { provider }, body });

export const logout = () => callRoute(authApi.logout);
