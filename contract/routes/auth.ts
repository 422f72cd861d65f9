/** Signing up, codes, signing in and out (product §7). */
import type {
  loginResponseSchema,
  loginSchema,
  messageResponseSchema,
  registrationResponseSchema,
  registrationSchema,
  resetPasswordSchema,
  sendOtpResponseSchema,
  sendOtpSchema,
  sessionResponseSchema,
  socialProviderParamSchema,
  socialTokenSchema,
  verifyOtpRegisterResponseSchema,
  verifyOtpResponseSchema,
  verifyOtpSchema,
} from '#contract/auth.ts';
import { defineRoute } from '#contract/route.ts';

export const authApi = {
  register: defineRoute<{ body: typeof registrationSchema; response: typeof registrationResponseSchema }>()('POST', '/registration'),
  sendOtp: defineRoute<{ body: typeof sendOtpSchema; response: typeof sendOtpResponseSchema }>()('POST', '/send-otp'),
  /** The reset flow's code check: a short-lived token for /reset-password. */
  verifyOtp: defineRoute<{ body: typeof verifyOtpSchema; response: typeof verifyOtpResponseSchema }>()('POST', '/verify-otp'),
  verifyOtpRegister: defineRoute<{ body: typeof verifyOtpSchema; response: typeof verifyOtpRegisterResponseSchema }>()(
    'POST',
    '/verify-otp-register',
  ),
  resetPassword: defineRoute<{ body: typeof resetPasswordSchema; response: typeof messageResponseSchema }>()('POST', '/reset-password'),
  /** 403 with `requires_verification` when the account's code was never entered (loginUnverifiedResponseSchema). */
  login: defineRoute<{ body: typeof loginSchema; response: typeof loginResponseSchema }>()('POST', '/login'),
  socialLogin: defineRoute<{
    params: typeof socialProviderParamSchema;
    body: typeof socialTokenSchema;
    response: typeof sessionResponseSchema;
  }>()('POST', '/auth/:provider/token'),
  /** Ends the session the bearer token belongs to (issue 39: a change, so POST). */
  logout: defineRoute<{ response: typeof messageResponseSchema }>()('POST', '/logout'),
  /** The spec's original GET form of logout, kept for its clients; deprecated in the OpenAPI document. */
  logoutLegacy: defineRoute<{ response: typeof messageResponseSchema }>()('GET', '/logout'),
};
