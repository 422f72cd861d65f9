/** The signed-in account (product §7): who I am, profile, phone change, password, dashboard. */
import type {
  changePasswordSchema,
  changePhoneSchema,
  currentUserResponseSchema,
  dashboardResponseSchema,
  sendOtpResponseSchema,
  sessionResponseSchema,
  updateProfileSchema,
  verifyPhoneChangeSchema,
} from '#contract/auth.ts';
import { defineRoute } from '#contract/route.ts';

export const accountApi = {
  currentUser: defineRoute<{ response: typeof currentUserResponseSchema }>()('GET', '/user'),
  updateProfile: defineRoute<{ body: typeof updateProfileSchema; response: typeof currentUserResponseSchema }>()('PUT', '/profile'),
  /** multipart/form-data with one `photo` file: no JSON body schema (the server reads the part itself). */
  uploadPhoto: defineRoute<{ response: typeof currentUserResponseSchema }>()('POST', '/profile/photo'),
  sendPhoneChangeCode: defineRoute<{ body: typeof changePhoneSchema; response: typeof sendOtpResponseSchema }>()(
    'POST',
    '/profile/phone/send-otp',
  ),
  verifyPhoneChange: defineRoute<{ body: typeof verifyPhoneChangeSchema; response: typeof currentUserResponseSchema }>()(
    'POST',
    '/profile/phone/verify',
  ),
  changePassword: defineRoute<{ body: typeof changePasswordSchema; response: typeof sessionResponseSchema }>()('POST', '/change-password'),
  dashboard: defineRoute<{ response: typeof dashboardResponseSchema }>()('GET', '/dashboard'),
};
