/**
 * Sign-up, one-time codes, login, password reset, social sign-in and logout (issue #4, product §7,
 * contract contract/auth.ts). Rules and their reasons: ADR 005 (codes) and ADR 006 (sessions).
 *
 * Status codes where the spec is silent:
 * - 200 for every success, including /registration (the same answer for a new and a taken phone);
 * - 422 {message, errors: {field: [...]}} for invalid input, wrong codes (`otp`), a wrong phone or
 *   password at login (under `password`, the same message for both), a bad reset token (`token`)
 *   or a provider credential that does not verify (`code`);
 * - 403 {message, data: {requires_verification: true, user}} for a correct login of an
 *   unverified phone (a code is sent);
 * - 404 for a social provider that is not active; 429 with Retry-After for rate limits;
 *   503 when a code cannot be delivered; 401 {message} without a live session.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authApi } from '#contract/routes/auth.ts';
import { contractRoute } from '#server/lib/contract-route.ts';
import {
  loginResponseSchema,
  loginSchema,
  loginUnverifiedResponseSchema,
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
import { HttpError, fieldError } from '#server/lib/http-error.ts';
import { maskEmail, maskPhone } from '#server/lib/phone.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import { getAccountSettings, type AccountSettings } from '#server/repositories/settings-repository.ts';
import {
  claimEmail,
  findUserByEmail,
  findUserByPhone,
  insertUser,
  isUniqueViolation,
  markPhoneVerified,
  updateUser,
  type UserRow,
} from '#server/repositories/user-repository.ts';
import { consumeResetToken, findLiveResetToken, insertResetToken, retireOtps } from '#server/repositories/otp-repository.ts';
import { revokeSession, revokeUserSessions } from '#server/repositories/session-repository.ts';
import { bucketCount, clearBucket, failureDelay, hitBucket } from '#server/repositories/rate-limit-repository.ts';
import { Countries, requirePhone, throwFieldErrors } from '#server/services/identity.ts';
import {
  enforceLimit,
  liftLoginLockout,
  LIMITS,
  LOGIN_FAILURES,
  loginKeys,
  rememberLoginAddress,
  tooManyRequests,
} from '#server/services/limits.ts';
import type { MessageChannel } from '#server/services/message-delivery.ts';
import {
  checkCode,
  issueCode,
  OTP_TTL_SECONDS,
  recordDecoyCode,
  RESET_TOKEN_TTL_SECONDS,
  throttleSend,
  VERIFY_PHONE_PURPOSES,
} from '#server/services/otp-service.ts';
import { clientIp, openSession, toUser } from '#server/services/session-service.ts';
import { SocialTokenInvalid } from '#server/services/social-auth.ts';
import { PROVIDER_TITLES, signInWithProvider, SocialProviderUnavailable } from '#server/services/social-sign-in.ts';
import { deleteSessionSubscriptions } from '#server/repositories/push-repository.ts';
import { registerDevicePush } from '#server/services/push-device.ts';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const { env, passwords, sender, social } = app.accounts;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  const available = (channel: MessageChannel) => app.accounts.gateways.available(channel);
  const codeDeps = (settings: AccountSettings) => ({ db, sender, otpLength: env.OTP_LENGTH, appName: settings.appName, available });

  /** Where phone-verification codes of `user` go: the phone, or the e-mail when register_otp_type is email and one is known. */
  const verificationChannel = (settings: AccountSettings, user: UserRow): { channel: MessageChannel; recipient: string } =>
    settings.registerOtpType === 'email' && user.email
      ? { channel: 'email', recipient: user.email }
      : { channel: 'sms', recipient: user.phone! };

  // --- POST /registration -----------------------------------------------------------------------
  app.route({
    ...contractRoute(authApi.register, { body: registrationSchema, response: registrationResponseSchema }),
    handler: async (request) => {
      const body = request.body;
      await enforceLimit(db, `register:ip:${clientIp(request)}`, LIMITS.registration.ip);
      const countries = await Countries.load(db);
      const country = countries.byName(body.country);
      const checked = countries.phone(body.phone, body.phone_code);
      throwFieldErrors({ ...(!country && { country: ['validation.country_invalid'] }), ...checked.errors });
      const phone = checked.phone!;
      await enforceLimit(db, `register:phone:${phone.e164}`, LIMITS.registration.phone);

      // Hash first, whatever happens next: a taken phone costs the same time as a new one.
      const passwordHash = await passwords.hash(body.password);
      const email = body.email ? body.email.toLowerCase() : null;
      const settings = await getAccountSettings(db);
      let existing = await findUserByPhone(db, phone.e164);
      if (email && (await claimEmail(db, email, existing?.id)) === 'taken') throw fieldError('email', 'validation.email_taken');
      const details = { name: body.name, email, phoneCode: phone.phoneCode, countryId: country!.id, passwordHash };

      if (settings.registerOtpVerify) {
        // Enumeration-safe: a verified phone gets the same answer, and nothing changes for it.
        if (!existing) {
          try {
            existing = await insertUser(db, { ...details, phone: phone.e164 });
          } catch (error) {
            if (!isUniqueViolation(error)) throw error;
            existing = await findUserByPhone(db, phone.e164);
          }
        } else if (!existing.phoneVerifiedAt) {
          // Nobody proved this number yet: the latest sign-up wins, and codes sent for the earlier one stop working.
          await updateUser(db, existing.id, details);
          await retireOtps(db, existing.id, VERIFY_PHONE_PURPOSES);
        }
        return {
          message: request.t('auth.registered'),
          data: {
            // The account id is not revealed before the phone is verified (it would tell new from taken).
            user: {
              id: 0,
              name: body.name,
              email,
              phone: phone.national,
              phone_code: phone.phoneCode,
              profile_photo: null,
              phone_verified_at: null,
            },
            requires_verification: true,
          },
        };
      }

      // register_otp_verify off: signed in at once. A verified phone cannot be answered neutrally here.
      if (existing?.phoneVerifiedAt) throw fieldError('phone', 'validation.phone_taken');
      let user: UserRow | undefined;
      try {
        user = existing
          ? await updateUser(db, existing.id, { ...details, phoneVerifiedAt: new Date() })
          : await insertUser(db, { ...details, phone: phone.e164, phoneVerifiedAt: new Date() });
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('phone', 'validation.phone_taken');
        throw error;
      }
      const session = await openSession(db, user!, env.SESSION_IDLE_DAYS);
      return { message: request.t('auth.registered_signed_in'), data: { ...session, requires_verification: false } };
    },
  });

  // --- POST /send-otp -----------------------------------------------------------------------------
  app.route({
    ...contractRoute(authApi.sendOtp, { body: sendOtpSchema, response: sendOtpResponseSchema }),
    handler: async (request) => {
      const body = request.body;
      const settings = await getAccountSettings(db);
      const reset = body.forgot_password === 1 || body.forgot_password === '1';

      let user: UserRow | undefined;
      let recipientKey: string;
      let shown: string;
      if (reset && settings.forgotOtpType === 'email') {
        if (!body.email) throw fieldError('email', 'validation.email_required');
        recipientKey = body.email.toLowerCase();
        shown = maskEmail(recipientKey);
        user = await findUserByEmail(db, recipientKey);
      } else {
        if (!body.phone) throw fieldError('phone', 'validation.phone_required');
        const phone = await requirePhone(db, body.phone, body.phone_code);
        recipientKey = phone.e164;
        shown = maskPhone(phone.e164);
        user = await findUserByPhone(db, phone.e164);
      }

      // Counted for every recipient, known or not, so the answer never depends on an account existing.
      const family = reset ? 'reset' : 'verify';
      const { resendIn } = await throttleSend(db, request, recipientKey, family);
      // Codes are only queued (ADR 020); when none is due, a decoy answers verify tries the same way.
      if (user && reset) {
        const channel: MessageChannel = settings.forgotOtpType === 'email' ? 'email' : 'sms';
        await issueCode(codeDeps(settings), request, { userId: user.id, purpose: 'reset', channel, recipient: recipientKey });
      } else if (user && !reset && !user.phoneVerifiedAt && user.phone) {
        const target = verificationChannel(settings, user);
        await issueCode(codeDeps(settings), request, { userId: user.id, purpose: 'register', ...target });
        if (target.channel === 'email') shown = maskEmail(target.recipient);
      } else {
        await recordDecoyCode(db, family, recipientKey);
      }
      return {
        message: request.t('auth.otp_sent', { recipient: shown }),
        data: { email_or_phone: shown, otp_length: env.OTP_LENGTH, resend_in: resendIn, expires_in: OTP_TTL_SECONDS },
      };
    },
  });

  /** The account a verify payload names (phone, or e-mail for e-mailed reset codes), after the verify limits. */
  async function verifyTarget(request: { body: { phone?: string; email?: string; phone_code?: string } }, ip: string, byEmail: boolean) {
    // Per recipient, the limit is each code's own tries (OTP_MAX_ATTEMPTS, then burned; a new
    // code asked for starts afresh): strangers' wrong tries never refuse the owner's next code
    // (issue 38, ADR 029). Codes themselves are limited by the send limits.
    await enforceLimit(db, `verify:ip:${ip}`, LIMITS.verifyOtp.ip);
    const { body } = request;
    if (byEmail && body.email) {
      const email = body.email.toLowerCase();
      return { user: await findUserByEmail(db, email), recipient: email };
    }
    if (!body.phone) throw fieldError('phone', 'validation.phone_required');
    const phone = await requirePhone(db, body.phone, body.phone_code);
    return { user: await findUserByPhone(db, phone.e164), recipient: phone.e164 };
  }

  // --- POST /verify-otp (forgot password): a one-use reset token ----------------------------------
  app.route({
    ...contractRoute(authApi.verifyOtp, { body: verifyOtpSchema, response: verifyOtpResponseSchema }),
    handler: async (request) => {
      const settings = await getAccountSettings(db);
      const { user, recipient } = await verifyTarget(request, clientIp(request), settings.forgotOtpType === 'email');
      await checkCode(db, { userId: user?.id, purposes: ['reset'], decoy: { family: 'reset', recipient } }, request.body.otp);
      // A code sent to her proves the owner: strangers' failed logins stop refusing her (ADR 029).
      if (user!.phone) await liftLoginLockout(db, user!.phone, clientIp(request));
      const token = newToken();
      await insertResetToken(db, { userId: user!.id, tokenHash: hashToken(token), ttlSeconds: RESET_TOKEN_TTL_SECONDS });
      return { message: request.t('auth.reset_allowed'), data: { token } };
    },
  });

  // --- POST /verify-otp-register: phone verified, signed in --------------------------------------
  app.route({
    ...contractRoute(authApi.verifyOtpRegister, { body: verifyOtpSchema, response: verifyOtpRegisterResponseSchema }),
    handler: async (request) => {
      const settings = await getAccountSettings(db);
      const { user, recipient } = await verifyTarget(
        request,
        clientIp(request),
        settings.registerOtpType === 'email' && !request.body.phone,
      );
      await checkCode(db, { userId: user?.id, purposes: VERIFY_PHONE_PURPOSES, decoy: { family: 'verify', recipient } }, request.body.otp);
      const verified = await markPhoneVerified(db, user!.id);
      return { message: request.t('auth.verified'), data: await openSession(db, verified!, env.SESSION_IDLE_DAYS) };
    },
  });

  // --- POST /reset-password: new password, every session ends -----------------------------------
  app.route({
    ...contractRoute(authApi.resetPassword, { body: resetPasswordSchema, response: messageResponseSchema }),
    handler: async (request) => {
      await enforceLimit(db, `reset:ip:${clientIp(request)}`, LIMITS.resetPassword.ip);
      const found = await findLiveResetToken(db, hashToken(request.body.token));
      if (!found) throw fieldError('token', 'validation.token_invalid');
      await enforceLimit(db, `reset:user:${found.userId}`, LIMITS.resetPassword.user);
      const passwordHash = await passwords.hash(request.body.password);
      if (!(await consumeResetToken(db, found.id))) throw fieldError('token', 'validation.token_invalid');
      const updated = await updateUser(db, found.userId, { passwordHash });
      await revokeUserSessions(db, found.userId);
      // A successful reset by code clears the password lockout (ADR 029).
      if (updated?.phone) await liftLoginLockout(db, updated.phone);
      return { message: request.t('auth.password_reset') };
    },
  });

  // --- POST /login ----------------------------------------------------------------------------------
  app.route({
    ...contractRoute(authApi.login, { body: loginSchema, response: loginResponseSchema }, { 403: loginUnverifiedResponseSchema }),
    handler: async (request, reply) => {
      const body = request.body;
      const ip = clientIp(request);
      await enforceLimit(db, `login:ip:${ip}`, LIMITS.login.ip);
      const phone = await requirePhone(db, body.phone, body.phone_code);

      // Failures (ADR 017): growing delays per (phone, address); past the per-phone ceiling only
      // addresses this account signed in from lately may try. Strangers never lock the owner out.
      const F = LOGIN_FAILURES;
      const { pair: pairKey, phone: phoneKey, known: knownKey } = loginKeys(phone.e164, ip);
      const wait = await failureDelay(db, pairKey, { windowSeconds: F.windowSeconds, free: F.freeFailures, maxSeconds: F.maxDelaySeconds });
      if (wait > 0) throw tooManyRequests(wait);
      const phoneFailures = await bucketCount(db, phoneKey, F.windowSeconds);
      if (phoneFailures.count >= F.phoneCeiling && (await bucketCount(db, knownKey, F.knownAddressDays * 86_400)).count === 0) {
        // The same words for every phone, known or not; they name the way out a code gives (ADR 029).
        throw tooManyRequests(phoneFailures.secondsLeft, 'limits.login_paused');
      }

      const user = await findUserByPhone(db, phone.e164);
      const ok = user?.passwordHash ? await passwords.verify(body.password, user.passwordHash) : await passwords.verifyDummy(body.password);
      // One message for an unknown phone and a wrong password (and the same work for both).
      if (!ok || !user) {
        const count = { windowSeconds: F.windowSeconds, max: 1_000_000 };
        await hitBucket(db, pairKey, count);
        await hitBucket(db, phoneKey, count);
        throw fieldError('password', 'auth.invalid_credentials');
      }

      if (passwords.needsRehash(user.passwordHash!)) await updateUser(db, user.id, { passwordHash: await passwords.hash(body.password) });
      // This address's failures are forgotten; the phone's (strangers' included) are not.
      await clearBucket(db, pairKey);
      await rememberLoginAddress(db, phone.e164, ip);

      if (!user.phoneVerifiedAt) {
        // Product §4: 403 with requires_verification, and a code is sent (unless one went out moments ago).
        const settings = await getAccountSettings(db);
        const target = verificationChannel(settings, user);
        try {
          await throttleSend(db, request, target.recipient, 'verify');
          await issueCode(codeDeps(settings), request, { userId: user.id, purpose: 'login_verify', ...target });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          request.log.info({ status: error.statusCode }, 'login of an unverified phone: no new code sent');
        }
        return reply
          .code(403)
          .send({ message: request.t('auth.verify_phone'), data: { requires_verification: true as const, user: toUser(user) } });
      }

      const session = await openSession(db, user, env.SESSION_IDLE_DAYS, body.device_key);
      // Issue #6: a device_key that is this device's Web Push subscription keeps the device
      // receiving pushes, now for whoever signed in (ADR 009). Anything else is only stored.
      await registerDevicePush(
        db,
        { userId: user.id, token: session.access.token.token, deviceKey: body.device_key, locale: request.locale },
        { hosts: env.PUSH_SERVICE_HOSTS, allowLoopbackHttp: env.NODE_ENV === 'test' },
      ).catch((err: unknown) => request.log.warn({ err }, 'device_key push subscription not stored'));
      return reply.code(200).send({ message: request.t('auth.login_success'), data: session });
    },
  });

  // --- POST /auth/:provider/token ----------------------------------------------------------------
  app.route({
    ...contractRoute(authApi.socialLogin, { params: socialProviderParamSchema, body: socialTokenSchema, response: sessionResponseSchema }),
    handler: async (request) => {
      const { provider } = request.params;
      await enforceLimit(db, `social:ip:${clientIp(request)}`, LIMITS.social.ip);
      let user;
      try {
        user = await signInWithProvider({ db, env, verifier: social }, provider, request.body);
      } catch (error) {
        if (error instanceof SocialProviderUnavailable) {
          throw new HttpError(404, 'auth.social_unavailable', undefined, { vars: { provider: PROVIDER_TITLES[provider] } });
        }
        if (!(error instanceof SocialTokenInvalid)) throw error;
        request.log.info({ provider, reason: error.message }, 'social credential refused');
        throw fieldError('code', 'auth.social_invalid', { provider: PROVIDER_TITLES[provider] });
      }
      return { message: request.t('auth.login_success'), data: await openSession(db, user, env.SESSION_IDLE_DAYS) };
    },
  });

  // --- POST /logout (auth), and GET /logout kept for the spec's clients (deprecated, issue 39) ---
  for (const route of [authApi.logout, authApi.logoutLegacy]) {
    app.route({
      ...contractRoute(route, { response: messageResponseSchema }),
      preHandler: app.authenticate,
      handler: async (request) => {
        // The session is only revoked (pruned later), so its devices' push subscriptions go now (issue #6).
        await deleteSessionSubscriptions(db, request.auth!.sessionId);
        await revokeSession(db, request.auth!.sessionId);
        return { message: request.t('auth.logout_success') };
      },
    });
  }
};
export default authRoutes;
