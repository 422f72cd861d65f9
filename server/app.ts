/**
 * The application as one Fastify plugin (fastify/demo layout): external plugins first,
 * then the database, then one encapsulated route plugin per domain under /api, then the
 * built front end. server/server.ts only creates the instance, listens and closes.
 */
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './env.ts';
import type { DatabaseHandle } from './db/client.ts';
import errorsPlugin from './plugins/errors.ts';
import i18nPlugin from './plugins/i18n.ts';
import databasePlugin from './plugins/database.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import authPlugin from './plugins/auth.ts';
import staticPlugin from './plugins/static.ts';
import securityHeaders from './plugins/security-headers.ts';
import openapiPlugin from './plugins/openapi.ts';
import responseCachePlugin from './plugins/response-cache.ts';
import catalogIndexPlugin from './plugins/catalog-index.ts';
import healthRoutes from './routes/health.ts';
import masterRoutes from './routes/master.ts';
import translationRoutes from './routes/translations.ts';
import contentRoutes from './routes/content.ts';
import catalogRoutes from './routes/catalog.ts';
import mediaRoutes from './routes/media.ts';
import { WARM_UP_LOCK_KEY, warmFirstScreens } from './media/warm-up.ts';
import { imagePipeline } from './media/pipeline.ts';
import authRoutes from './routes/auth.ts';
import accountRoutes, { avatarRoutes } from './routes/account.ts';
import devOutboxRoutes from './routes/dev-outbox.ts';
import devOperatorRoutes from './routes/dev-operator.ts';
import devApiReferenceRoutes from './routes/dev-api-reference.ts';
import idempotencyPlugin from './plugins/idempotency.ts';
import cartRoutes from './routes/cart.ts';
import addressRoutes from './routes/addresses.ts';
import orderRoutes from './routes/orders.ts';
import paymentRoutes from './routes/payments.ts';
import pushPlugin from './plugins/push.ts';
import orderStatusEventsPlugin from './plugins/order-status-events.ts';
import notifierPlugin from './plugins/notifier.ts';
import favoriteRoutes from './routes/favorites.ts';
import notificationRoutes from './routes/notifications.ts';
import pushRoutes from './routes/push.ts';
import supportTicketRoutes from './routes/support-tickets.ts';
import contactRoutes from './routes/contact.ts';
import reviewRoutes from './routes/reviews.ts';
import reportRoutes from './routes/reports.ts';

/** Answers this large or larger are compressed for browsers that accept it (the compressor and the catalog cache's kept codings). */
const COMPRESS_ABOVE_BYTES = 1024;

export interface AppOptions {
  env: Env;
  /** An opened database (tests); otherwise opened from env. */
  database?: DatabaseHandle;
  /** Serve the built front end from env.STATIC_DIR (off in API tests). */
  serveStatic?: boolean;
}

export default async function app(fastify: FastifyInstance, options: AppOptions) {
  const { env } = options;
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);

  await fastify.register(errorsPlugin);
  await fastify.register(i18nPlugin);
  // Issue 14, ADR 048: CSP (inline start-up script by hash), frame-ancestors, nosniff, HSTS in production…
  await fastify.register(securityHeaders, {
    staticDir: options.serveStatic !== false ? env.STATIC_DIR : undefined,
    production: env.NODE_ENV === 'production',
  });
  // Issue 14, ADR 021: the OpenAPI 3.1 document of every /api route, from the zod contract.
  await fastify.register(openapiPlugin, { publicOrigin: env.PUBLIC_ORIGIN });
  await fastify.register(compress, { threshold: COMPRESS_ABOVE_BYTES });
  await fastify.register(databasePlugin, {
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    waitSeconds: env.DATABASE_WAIT_SECONDS,
    handle: options.database,
  });
  // Per client address, API_RATE_LIMIT requests a minute to /api, counted in the database so
  // every instance shares the count (issue 14, ADR 023). Before any route (it hooks onRoute).
  await fastify.register(rateLimitPlugin, {
    max: env.API_RATE_LIMIT ?? (env.NODE_ENV === 'test' ? 10_000 : 300),
    exemptLoopback: env.NODE_ENV !== 'production',
  });
  // Accounts (issue #4): password hasher, code delivery, social verifier, app.authenticate.
  await fastify.register(authPlugin, { env });
  // Cart and orders (issue #5): app.idempotent, the Idempotency-Key helper (ADR 007).
  await fastify.register(idempotencyPlugin);
  // Orders (issue #5): app.orderStatusEvents, this app's listeners of committed status changes.
  await fastify.register(orderStatusEventsPlugin);
  // Engagement (issue #6): app.notifier, this app's notifications and their listeners.
  await fastify.register(notifierPlugin);
  // Engagement (issue #6, ADR 009): VAPID keys, notifications → push queue, the push worker.
  await fastify.register(pushPlugin, { env });
  // Catalog (issue #3, ADR 045): app.catalogCache, the anonymous catalog's response micro-cache
  // (cleared by this app's committed cancellations, heard on app.orderStatusEvents).
  await fastify.register(responseCachePlugin, { ttlSeconds: env.CATALOG_CACHE_SECONDS, compressAbove: COMPRESS_ABOVE_BYTES });
  // Catalog (issue #13, ADR 041): app.catalogIndex, lists chosen from memory, followed from the change log.
  await fastify.register(catalogIndexPlugin, { enabled: env.CATALOG_INDEX === 'true', pollMs: env.CATALOG_INDEX_POLL_MS });

  await fastify.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(masterRoutes);
      await api.register(translationRoutes);
      await api.register(contentRoutes);
      await api.register(catalogRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(cartRoutes);
      await api.register(addressRoutes);
      await api.register(orderRoutes);
      await api.register(favoriteRoutes);
      await api.register(notificationRoutes);
      await api.register(pushRoutes);
      await api.register(supportTicketRoutes);
      await api.register(contactRoutes);
      await api.register(reviewRoutes);
      await api.register(reportRoutes);
      // Development and tests only: the route does not exist in production.
      if (env.NODE_ENV !== 'production') await api.register(devOutboxRoutes);
      // Plays the support operator (what `npm run ops -- ticket:reply` does): never in production.
      if (env.NODE_ENV !== 'production') await api.register(devOperatorRoutes);
      // The API's readable reference (Redoc over /api/openapi.json, ADR 036): never in production.
      if (env.NODE_ENV !== 'production') await api.register(devApiReferenceRoutes);
      // The sandbox card payment page (ADR 007): never in production.
      if (env.NODE_ENV !== 'production') await api.register(paymentRoutes, { prefix: '/payments' });
    },
    { prefix: '/api' },
  );
  await fastify.register(mediaRoutes, { prefix: '/media' });
  await fastify.register(avatarRoutes, { prefix: '/media/avatars' });
  // Issue 15: once listening, the first screens' photos are made in the background.
  if ((env.IMAGE_WARMUP ?? (env.NODE_ENV === 'test' ? 'false' : 'true')) === 'true') {
    let closing = false;
    fastify.addHook('onClose', async () => {
      closing = true;
    });
    fastify.addHook('onListen', async () => {
      void fastify
        .tryExclusive(WARM_UP_LOCK_KEY, () => warmFirstScreens(fastify, imagePipeline(fastify), () => closing))
        .then(
          (done) =>
            fastify.log.info(done.ran ? done.value : { skipped: 'another instance is warming them' }, "first screens' photos ready"),
          (err: unknown) => fastify.log.warn({ err }, "warming the first screens' photos stopped"),
        );
    });
  }

  if (options.serveStatic !== false)
    await fastify.register(staticPlugin, {
      root: env.STATIC_DIR,
      firstAnswersMs: env.FIRST_ANSWERS_MS,
      firstScreenHtmlMs: env.FIRST_SCREEN_HTML_MS,
      firstScreenRendersPerSecond: env.FIRST_SCREEN_RENDERS_PER_SECOND,
    });
}
