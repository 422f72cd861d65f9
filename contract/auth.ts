/**
 * The accounts wire contract (issue #4, product §3 and §7): registration, one-time codes, login,
 * password reset, social sign-in, logout, profile and password change.
 *
 * Validation messages are i18n KEYS (`validation.*` in src/locales/{ro,en}.json). The same
 * schemas run in the forms (messages shown with t()) and on the server, whose error handler
 * answers 422 `{message, errors: {field: [messages]}}` with the keys translated for the
 * request's Accept-Language (ro by default). Product §5 texts are the English catalogue's values.
 */
import { z } from 'zod';
import { line } from './text.ts';
import { envelope } from './envelope.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 120;
export const OTP_LENGTHS = [4, 6] as const;

/** Product §5: phone fields keep digits only. Applied as the shopper types; the server checks again. */
export const digitsOnly = (value: string) => value.replace(/\D+/g, '');

const required = (key: string) => ({ message: key });

export const phoneField = line(required('validation.phone_required'))
  .trim()
  .min(1, 'validation.phone_required')
  .max(20, 'validation.phone_invalid')
  .regex(/^\d+$/, 'validation.phone_digits');

/** Dial code as the country list gives it: "+40". */
export const phoneCodeField = line(required('validation.country_required'))
  .trim()
  .min(1, 'validation.country_required')
  .regex(/^\+?\d{1,4}$/, 'validation.country_invalid');

export const passwordField = line(required('validation.password_required'))
  .min(1, 'validation.password_required')
  .min(PASSWORD_MIN, 'validation.password_min')
  .max(PASSWORD_MAX, 'validation.password_max');

export const nameField = line(required('validation.name_required'))
  .trim()
  .min(1, 'validation.name_required')
  .max(NAME_MAX, 'validation.name_max');

export const emailField = line().trim().max(190, 'validation.email_invalid').email('validation.email_invalid');
const optionalEmail = z.union([z.literal(''), emailField]).nullish();

export const otpField = line(required('validation.otp_required'))
  .trim()
  .regex(/^\d{4}(\d{2})?$/, 'validation.otp_invalid');

/** Product §3 User. `phone` is the national number (digits), `phone_code` its dial code. */
export const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  phone_code: z.string(),
  profile_photo: z.string().nullable(),
  phone_verified_at: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** Product §7: the bearer token is read at data.access.token.token. */
export const accessSchema = z.object({ token: z.object({ token: z.string(), expires_at: z.string().nullable() }) });
export const sessionResponseSchema = envelope(z.object({ user: userSchema, access: accessSchema }));
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** POST /registration — product §3 Registration payload. Country is the country's name. */
export const registrationSchema = z.object({
  name: nameField,
  phone: phoneField,
  email: optionalEmail,
  password: passwordField,
  country: line(required('validation.country_required')).trim().min(1, 'validation.country_required').max(80, 'validation.country_invalid'),
  phone_code: phoneCodeField,
});
export type RegistrationPayload = z.infer<typeof registrationSchema>;
/**
 * With register_otp_verify on: the account exists unverified and the client sends a code
 * (product §4: "form resets and closes, OTP dialog opens and a code is sent"). With it off the
 * answer carries the session directly (`access` present).
 */
export const registrationResponseSchema = envelope(
  z.object({ user: userSchema, requires_verification: z.boolean(), access: accessSchema.optional() }),
);

/** POST /send-otp — product §3 OTP send payload; forgot_password 1 for the reset flow. */
export const sendOtpSchema = z.object({
  phone: phoneField.optional(),
  email: emailField.optional(),
  phone_code: phoneCodeField.optional(),
  forgot_password: z.union([z.literal(1), z.literal('1'), z.null()]).optional(),
});
export type SendOtpPayload = z.infer<typeof sendOtpSchema>;
/** `email_or_phone` names where the code went (masked); `resend_in` seconds until a resend is allowed. */
export const sendOtpResponseSchema = envelope(
  z.object({ email_or_phone: z.string(), otp_length: z.number().int(), resend_in: z.number().int(), expires_in: z.number().int() }),
);

/** POST /verify-otp (reset flow) and /verify-otp-register — product §3 OTP verify (phone_code added so the phone is unambiguous). */
export const verifyOtpSchema = z.object({
  phone: phoneField.optional(),
  email: emailField.optional(),
  phone_code: phoneCodeField.optional(),
  otp: otpField,
});
export type VerifyOtpPayload = z.infer<typeof verifyOtpSchema>;
/** Reset flow: data.token is a one-use reset token for /reset-password. */
export const verifyOtpResponseSchema = envelope(z.object({ token: z.string() }));
export const verifyOtpRegisterResponseSchema = sessionResponseSchema;

/** POST /reset-password — product §3 Reset payload; 'Confirm Password does not match.' checked first (§5). */
export const resetPasswordSchema = z
  .object({
    password: passwordField,
    password_confirmation: line(required('validation.password_confirmation_required')),
    token: line(required('validation.token_invalid')).min(20, 'validation.token_invalid').max(200, 'validation.token_invalid'),
  })
  .refine((v) => v.password === v.password_confirmation, { message: 'validation.password_mismatch', path: ['password_confirmation'] });
export type ResetPasswordPayload = z.infer<typeof resetPasswordSchema>;
export const messageResponseSchema = z.object({ message: z.string() });

/** POST /login — product §3 Login payload. */
export const loginSchema = z.object({
  phone: phoneField,
  password: line(required('validation.password_required'))
    .min(1, 'validation.password_required')
    .max(PASSWORD_MAX, 'validation.password_max'),
  phone_code: phoneCodeField,
  device_key: line().max(2000).nullish(),
});
export type LoginPayload = z.infer<typeof loginSchema>;
export const loginResponseSchema = sessionResponseSchema;
/** 403 answer of /login for an unverified phone: not an error for the client (product §4). */
export const loginUnverifiedResponseSchema = envelope(z.object({ requires_verification: z.literal(true), user: userSchema }));

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
/** POST /auth/{provider}/token: `code` is the provider's ID token (Google, Apple) or access token (Facebook). */
export const socialTokenSchema = z.object({
  code: line(required('validation.token_invalid')).min(10, 'validation.token_invalid').max(8000, 'validation.token_invalid'),
  data: z.record(z.string(), z.unknown()).optional(),
});
export const socialProviderParamSchema = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });

/** GET /user (auth): the signed-in user. PUT /profile: name and e-mail. */
export const currentUserResponseSchema = envelope(z.object({ user: userSchema }));
export const updateProfileSchema = z.object({ name: nameField, email: optionalEmail });
export type UpdateProfilePayload = z.infer<typeof updateProfileSchema>;

/** Profile photo upload (multipart field `photo`): these types, at most 2 MB. */
export const PROFILE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** Phone change: a code to the NEW number first, then verify it. */
export const changePhoneSchema = z.object({ phone: phoneField, phone_code: phoneCodeField });
export const verifyPhoneChangeSchema = changePhoneSchema.extend({ otp: otpField });

/** POST /change-password (auth): other sessions end, this one gets a fresh token. */
export const changePasswordSchema = z
  .object({
    current_password: line(required('validation.current_password_required'))
      .min(1, 'validation.current_password_required')
      .max(PASSWORD_MAX),
    password: passwordField,
    password_confirmation: line(required('validation.password_confirmation_required')),
  })
  .refine((v) => v.password === v.password_confirmation, { message: 'validation.password_mismatch', path: ['password_confirmation'] });
export type ChangePasswordPayload = z.infer<typeof changePasswordSchema>;

/** GET /dashboard (auth): counts for the account home; orders arrive with the Cart issue. */
export const dashboardResponseSchema = envelope(
  z.object({
    user: userSchema,
    orders_by_status: z.record(z.string(), z.number().int()),
    favorites_count: z.number().int(),
    recent_orders: z.array(z.object({ id: z.number(), number: z.string(), status: z.string(), total: z.number(), created_at: z.string() })),
  }),
);

/** GET /dev/outbox (never in production): the messages a real gateway would have delivered. */
export const outboxResponseSchema = envelope(
  z.object({
    messages: z.array(
      z.object({ id: z.number(), channel: z.enum(['sms', 'email']), recipient: z.string(), body: z.string(), created_at: z.string() }),
    ),
  }),
);
