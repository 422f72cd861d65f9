/** GET /api/master and GET /api/settings (product §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { masterApi } from '#contract/routes/master.ts';
import { contractRoute } from '#server/lib/contract-route.ts';
import { masterResponseSchema, settingsResponseSchema, type SocialAuths } from '#contract/master.ts';
import { getGeneralSettings, getMasterData } from '#server/repositories/settings-repository.ts';
import { HttpError } from '#server/lib/http-error.ts';
import type { Env } from '#server/env.ts';

/**
 * Social sign-in as the client must see it: a provider is active only when the settings say so
 * AND a client id is configured (GOOGLE_CLIENT_ID / APPLE_CLIENT_ID / FACEBOOK_APP_ID with its
 * secret win over the stored client_id), exactly the providers POST /auth/{provider}/token accepts.
 */
function effectiveSocialAuths(stored: SocialAuths, env: Env): SocialAuths {
  const resolve = <T extends { is_active: boolean; client_id: string | null }>(entry: T, envId: string | undefined, usable = true): T => {
    const clientId = envId ?? entry.client_id;
    return { ...entry, client_id: clientId, is_active: entry.is_active && Boolean(clientId) && usable };
  };
  return {
    google: resolve(stored.google, env.GOOGLE_CLIENT_ID),
    facebook: resolve(stored.facebook, env.FACEBOOK_APP_ID, Boolean(env.FACEBOOK_APP_SECRET)),
    apple: resolve(stored.apple, env.APPLE_CLIENT_ID),
  };
}

const masterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(masterApi.master, { response: masterResponseSchema }),
    handler: async (_request, reply) => {
      const master = await getMasterData(app.db);
      if (!master) throw new HttpError(503, 'The storefront is not configured yet.');
      master.social_auths = effectiveSocialAuths(master.social_auths, app.accounts.env);
      // Shared, non-personal data: the service worker and browsers may revalidate it in the background.
      reply.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=86400');
      return { message: 'Master data', data: { data: master } };
    },
  });

  app.route({
    ...contractRoute(masterApi.settings, { response: settingsResponseSchema }),
    handler: async (_request, reply) => {
      const stored = await getGeneralSettings(app.db);
      if (!stored) throw new HttpError(503, 'The storefront is not configured yet.');
      // The code length is the server's (OTP_LENGTH): the dialog shows as many boxes as the codes have digits.
      const settings = { ...stored, otp_length: app.accounts.env.OTP_LENGTH };
      reply.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=86400');
      return { message: 'Settings', data: { data: settings } };
    },
  });
};
export default masterRoutes;
