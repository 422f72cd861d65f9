/**
 * The signed-in account (issue #4): GET /user, PUT /profile, POST /profile/photo, phone change
 * through a code sent to the NEW number, POST /change-password, GET /dashboard. Every route
 * requires a live session (app.authenticate) and acts on that session's user only: no route
 * takes a user id, so one user's token can never reach another user's data.
 *
 * `avatarRoutes` (mounted at /media/avatars) serves the photos: only names this server generated
 * and a user still uses, with their real type, nosniff and a locked-down CSP.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountApi } from '#contract/routes/account.ts';
import { countFavorites } from '#server/repositories/favorite-repository.ts';
import { contractRoute } from '#server/lib/contract-route.ts';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  changePasswordSchema,
  changePhoneSchema,
  currentUserResponseSchema,
  dashboardResponseSchema,
  PROFILE_PHOTO_MAX_BYTES,
  sendOtpResponseSchema,
  sessionResponseSchema,
  updateProfileSchema,
  verifyPhoneChangeSchema,
} from '#contract/auth.ts';
import { HttpError, fieldError } from '#server/lib/http-error.ts';
import { maskPhone } from '#server/lib/phone.ts';
import { AVATAR_FILE, AVATAR_TYPES, type AvatarExtension } from '#server/lib/avatars.ts';
import { readImageUpload } from '#server/lib/uploads.ts';
import { imagePipeline } from '#server/media/pipeline.ts';
import { getAccountSettings } from '#server/repositories/settings-repository.ts';
import {
  claimEmail,
  findUserByPhone,
  isProfilePhotoInUse,
  isUniqueViolation,
  releaseUnverifiedPhone,
  updateUser,
} from '#server/repositories/user-repository.ts';
import { revokeUserSessions } from '#server/repositories/session-repository.ts';
import { requirePhone } from '#server/services/identity.ts';
import { enforceLimit, LIMITS } from '#server/services/limits.ts';
import { checkCode, issueCode, OTP_TTL_SECONDS, throttleSend } from '#server/services/otp-service.ts';
import { clientIp, openSession, toUser } from '#server/services/session-service.ts';
import { dashboardOrders } from '#server/repositories/order-repository.ts';

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const { env, passwords, sender } = app.accounts;

  await app.register(multipart, { limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  app.addHook('preHandler', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.route({
    ...contractRoute(accountApi.currentUser, { response: currentUserResponseSchema }),
    handler: async (request) => ({
      message: 'User',
      data: { user: toUser(request.auth!.user) },
    }),
  });

  app.route({
    ...contractRoute(accountApi.updateProfile, { body: updateProfileSchema, response: currentUserResponseSchema }),
    handler: async (request) => {
      const me = request.auth!.user;
      const email = request.body.email ? request.body.email.toLowerCase() : null;
      if (email && email !== me.email && (await claimEmail(db, email, me.id)) === 'taken')
        throw fieldError('email', 'validation.email_taken');
      let user;
      try {
        user = await updateUser(db, me.id, {
          name: request.body.name,
          email,
          // A changed address is no longer the one a provider verified.
          ...(email !== me.email && { emailVerifiedAt: null }),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('email', 'validation.email_taken');
        throw error;
      }
      return { message: request.t('auth.profile_updated'), data: { user: toUser(user!) } };
    },
  });

  app.route({
    ...contractRoute(accountApi.uploadPhoto, { response: currentUserResponseSchema }),
    handler: async (request) => {
      if (!request.isMultipart()) throw fieldError('photo', 'validation.photo_required');
      const file = await request.file();
      if (!file || file.fieldname !== 'photo') {
        file?.file.resume();
        throw fieldError('photo', 'validation.photo_required');
      }
      // The content decides, not the file name or the declared type (lib/uploads.ts).
      const image = await readImageUpload(file, {
        field: 'photo',
        tooLarge: 'validation.photo_too_large',
        wrongType: 'validation.photo_type',
      });
      // Through the image pipeline (issue 15, ADR 043): decoded under the pixel limit, turned
      // upright, every metadata block (GPS) dropped, stored once under its content address where
      // every instance reads it (services/file-store.ts, ADR 022); variants at /media/img/v1/<key>/….
      const stored = await imagePipeline(app).ingest(image.bytes, {
        field: 'photo',
        wrongType: 'validation.photo_type',
        tooManyPixels: 'validation.photo_pixels',
      });
      const name = `${stored.key}.${stored.format}`;
      const previous = request.auth!.user.profilePhoto;
      const user = await updateUser(db, request.auth!.user.id, { profilePhoto: name });
      if (previous && previous !== name && AVATAR_FILE.test(previous)) {
        // A photo from before the pipeline, or a pipeline original nobody else uses.
        await app.files.remove('avatars', previous).catch(() => undefined);
        await imagePipeline(app)
          .forgetIfUnused(previous)
          .catch(() => undefined);
      }
      return { message: request.t('auth.photo_updated'), data: { user: toUser(user!) } };
    },
  });

  // --- phone change: a code to the NEW number, then verify ---------------------------------------
  app.route({
    ...contractRoute(accountApi.sendPhoneChangeCode, { body: changePhoneSchema, response: sendOtpResponseSchema }),
    handler: async (request) => {
      const me = request.auth!.user;
      const phone = await requirePhone(db, request.body.phone, request.body.phone_code);
      const holder = await findUserByPhone(db, phone.e164);
      // Signed in and rate-limited: telling that a number is taken is acceptable here (ADR 005).
      if (holder && holder.id !== me.id && (holder.phoneVerifiedAt || holder.emailVerifiedAt))
        throw fieldError('phone', 'validation.phone_taken');
      const { resendIn } = await throttleSend(db, request, phone.e164, 'phone_change');
      const settings = await getAccountSettings(db);
      await issueCode({ db, sender, otpLength: env.OTP_LENGTH, appName: settings.appName }, request, {
        userId: me.id,
        purpose: 'phone_change',
        channel: 'sms',
        recipient: phone.e164,
      });
      const shown = maskPhone(phone.e164);
      return {
        message: request.t('auth.otp_sent', { recipient: shown }),
        data: { email_or_phone: shown, otp_length: env.OTP_LENGTH, resend_in: resendIn, expires_in: OTP_TTL_SECONDS },
      };
    },
  });

  app.route({
    ...contractRoute(accountApi.verifyPhoneChange, { body: verifyPhoneChangeSchema, response: currentUserResponseSchema }),
    handler: async (request) => {
      const me = request.auth!.user;
      await enforceLimit(db, `verify:ip:${clientIp(request)}`, LIMITS.verifyOtp.ip);
      await enforceLimit(db, `verify:user:${me.id}`, LIMITS.verifyPhoneChange.user);
      const phone = await requirePhone(db, request.body.phone, request.body.phone_code);
      await checkCode(db, { userId: me.id, purposes: ['phone_change'], recipient: phone.e164 }, request.body.otp);
      await releaseUnverifiedPhone(db, phone.e164, me.id);
      let user;
      try {
        user = await updateUser(db, me.id, { phone: phone.e164, phoneCode: phone.phoneCode, phoneVerifiedAt: new Date() });
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('phone', 'validation.phone_taken');
        throw error;
      }
      return { message: request.t('auth.phone_changed'), data: { user: toUser(user!) } };
    },
  });

  // --- POST /change-password: this device gets a fresh session, every other one ends -------------
  app.route({
    ...contractRoute(accountApi.changePassword, { body: changePasswordSchema, response: sessionResponseSchema }),
    handler: async (request) => {
      const me = request.auth!.user;
      await enforceLimit(db, `change-password:user:${me.id}`, LIMITS.changePassword.user);
      const ok = me.passwordHash
        ? await passwords.verify(request.body.current_password, me.passwordHash)
        : await passwords.verifyDummy(request.body.current_password);
      if (!ok) throw fieldError('current_password', 'validation.current_password_wrong');
      const user = await updateUser(db, me.id, { passwordHash: await passwords.hash(request.body.password) });
      await revokeUserSessions(db, me.id);
      return { message: request.t('auth.password_changed'), data: await openSession(db, user!, env.SESSION_IDLE_DAYS) };
    },
  });

  // --- GET /dashboard --------------------------------------------------------------------------------
  app.route({
    ...contractRoute(accountApi.dashboard, { response: dashboardResponseSchema }),
    handler: async (request) => ({
      message: 'Dashboard',
      data: {
        user: toUser(request.auth!.user),
        // Orders by status and the five newest (issue #5); favourites of products still listed.
        ...(await dashboardOrders(db, request.auth!.user.id)),
        favorites_count: await countFavorites(db, request.auth!.user.id),
      },
    }),
  });
};
export default accountRoutes;

/** GET /media/avatars/:file — public, immutable (names are random and never reused). */
export async function avatarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/:file', { schema: { params: z.object({ file: z.string().max(64) }) } }, async (request, reply) => {
    const { file } = request.params;
    if (!AVATAR_FILE.test(file) || !(await isProfilePhotoInUse(app.db, file))) throw new HttpError(404, 'Photo not found.');
    // Pipeline originals (issue 15); photos uploaded before it are under `avatars`.
    const bytes = (await app.files.get('originals', file)) ?? (await app.files.get('avatars', file));
    if (!bytes) throw new HttpError(404, 'Photo not found.');
    return reply
      .header('Content-Type', AVATAR_TYPES[file.slice(file.lastIndexOf('.') + 1) as AvatarExtension])
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .header('Content-Disposition', 'inline')
      .send(bytes);
  });
}
