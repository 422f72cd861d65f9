/**
 * Generated SVG artwork, mounted at /media (server/app.ts):
 *   /media/brand/logo.svg
 *   /media/payments/{cash|card}.svg
 *   /media/social/{facebook|instagram|tiktok}.svg
 *   /media/products/{productId}-{n}.svg       n = 1..3 (image position + 1)
 *   /media/products/{productId}-video.svg     thumbnail of the product's video
 *   /media/categories/{slug}.svg
 *   /media/shops/{slug}/logo.svg
 *   /media/shops/{slug}/banner.svg
 *   /media/banners/{id}.svg
 *   /media/flash-sales/{id}.svg
 * Images are immutable for a week; a strict CSP keeps an SVG opened directly from running anything.
 *
 * Photographs (issue 15, ADR 043), content-addressed, made on first request by media/pipeline.ts:
 *   /media/img/v1/{key}/{width}.{avif|webp|jpg}   immutable for a year, ETag; a private upload's
 *     only to its owner's session, `private` (issue 38); new variants limited per client address
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '#server/lib/http-error.ts';
import { imagePipeline, VariantAbandoned } from '#server/media/pipeline.ts';
import { addressKey } from '#server/lib/client-address.ts';
import { isInternalRequest } from '#server/lib/internal-request.ts';
import { enforceLimit } from '#server/services/limits.ts';
import { ifNoneMatchNames } from '#server/lib/etag.ts';
import { IMAGE_CONTENT_TYPES, IMAGE_FORMATS, type ImageFormat } from '#contract/image-constants.ts';
import {
  findBanner,
  findCategoryBySlug,
  findFlashSale,
  findProductArt,
  findShopBySlug,
  productHasVideo,
} from '#server/repositories/media-repository.ts';
import {
  renderBrandLogo,
  renderCategoryThumbnail,
  renderFlashSale,
  renderHomeBanner,
  renderPaymentLogo,
  renderProductImage,
  renderShopBanner,
  renderShopLogo,
  renderSocialLogo,
  renderVideoThumbnail,
} from '#server/media/render.ts';

const MAX_PRODUCT_IMAGES = 3;
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Invalid slug.')
  .max(120);
const svgFile = (pattern: RegExp, message: string) => z.string().regex(pattern, message);
const idFile = svgFile(/^[1-9]\d{0,8}\.svg$/, 'Expected {id}.svg.');
const namedFile = svgFile(/^[a-z]+\.svg$/, 'Expected {name}.svg.');

const fileId = (file: string) => Number(file.slice(0, -'.svg'.length));

function sendSvg(reply: FastifyReply, body: string) {
  return reply
    .header('Content-Type', 'image/svg+xml; charset=utf-8')
    .header('Cache-Control', 'public, max-age=604800')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('X-Content-Type-Options', 'nosniff')
    .send(body);
}

const isLoopback = (ip: string) => ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';

export default async function mediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { env } = app.accounts;
  const newVariantLimit = { windowSeconds: 60, max: env.IMAGE_NEW_VARIANTS_PER_MINUTE };
  // As the API-wide limit: development and tests on this machine are not counted, production always is.
  const exemptLoopback = env.NODE_ENV !== 'production';

  app.get(
    '/img/v1/:key/:file',
    {
      schema: {
        params: z.object({
          key: z.string().regex(/^[0-9a-f]{32}$/, 'Expected a 32-character image key.'),
          file: z.string().regex(new RegExp(`^[1-9]\\d{1,3}\\.(?:${IMAGE_FORMATS.join('|')})$`), 'Expected {width}.{avif|webp|jpg}.'),
        }),
      },
    },
    async (request, reply) => {
      const { key, file } = request.params;
      const [widthText, format] = file.split('.') as [string, ImageFormat];
      const width = Number(widthText);
      const etag = `"${key}-${width}-${format}"`;
      const pipeline = imagePipeline(app);
      // A private upload's variants (a ticket attachment, issue 38) go to its owner's session only,
      // kept by her browser alone; to anyone else the key is unknown (the same 404).
      const owner = await pipeline.privateOwner(key);
      if (owner !== null) {
        const signedIn = await app.authenticate(request, reply).then(
          () => true,
          () => false,
        );
        if (!signedIn || request.auth?.user.id !== owner) throw new HttpError(404, 'media.image_not_found');
      }
      const cached = () =>
        reply
          .header('Cache-Control', owner === null ? 'public, max-age=31536000, immutable' : 'private, max-age=31536000, immutable')
          .header('ETag', etag)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'");
      // The URL names the content: a client holding this ETag holds these bytes.
      if (ifNoneMatchNames(request.headers['if-none-match'], etag)) return cached().status(304).send();
      // A new variant counts against the client's per-address limit, in the database so every
      // instance shares it; the job is dropped if the client goes away before encoding starts.
      // The connection's own close (a request's 'close' also fires once a body is read; the socket
      // outlives the request under keep-alive, so the listener goes with the answer).
      const gone = new AbortController();
      const socket = request.raw.socket as typeof request.raw.socket | undefined;
      const leave = () => gone.abort();
      if (socket?.destroyed) gone.abort();
      socket?.once('close', leave);
      const counted = !(exemptLoopback && isLoopback(request.ip)) && !isInternalRequest(request);
      const admit = () => enforceLimit(app.db, `img-new:ip:${addressKey(request.ip)}`, newVariantLimit, 'limits.image_variants_too_many');
      let bytes: Buffer | undefined;
      try {
        bytes = await pipeline.variant(key, width, format, { admit: counted ? admit : undefined, signal: gone.signal });
      } catch (error) {
        if (!(error instanceof VariantAbandoned)) throw error;
        request.log.info({ key, width, format }, 'image variant dropped: its client went away');
        return reply
          .status(503)
          .header('Retry-After', '2')
          .send({ message: request.t('media.busy') });
      } finally {
        socket?.off('close', leave);
      }
      if (!bytes) throw new HttpError(404, 'media.image_not_found');
      return cached().header('Content-Type', IMAGE_CONTENT_TYPES[format]).send(bytes);
    },
  );

  app.get('/brand/logo.svg', async (_request, reply) => sendSvg(reply, renderBrandLogo()));

  app.get('/payments/:file', { schema: { params: z.object({ file: namedFile }) } }, async (request, reply) => {
    const body = renderPaymentLogo(request.params.file.slice(0, -4));
    if (!body) throw new HttpError(404, 'Unknown payment method.');
    return sendSvg(reply, body);
  });

  app.get('/social/:file', { schema: { params: z.object({ file: namedFile }) } }, async (request, reply) => {
    const body = renderSocialLogo(request.params.file.slice(0, -4));
    if (!body) throw new HttpError(404, 'Unknown social network.');
    return sendSvg(reply, body);
  });

  app.get(
    '/products/:file',
    {
      schema: {
        params: z.object({
          file: svgFile(/^[1-9]\d{0,8}-(?:\d{1,2}|video)\.svg$/, 'Expected {productId}-{n}.svg or {productId}-video.svg.'),
        }),
      },
    },
    async (request, reply) => {
      const [idPart, which] = request.params.file.slice(0, -4).split('-') as [string, string];
      const product = await findProductArt(app.db, Number(idPart));
      if (!product) throw new HttpError(404, 'Product image not found.');
      if (which === 'video') {
        if (!(await productHasVideo(app.db, product.id))) throw new HttpError(404, 'Product video thumbnail not found.');
        return sendSvg(reply, renderVideoThumbnail(product));
      }
      const n = Number(which);
      if (n < 1 || n > MAX_PRODUCT_IMAGES) throw new HttpError(404, 'Product image not found.');
      return sendSvg(reply, renderProductImage(product, n));
    },
  );

  app.get(
    '/categories/:file',
    { schema: { params: z.object({ file: svgFile(/^[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/, 'Expected {slug}.svg.').max(124) }) } },
    async (request, reply) => {
      const category = await findCategoryBySlug(app.db, request.params.file.slice(0, -4));
      if (!category) throw new HttpError(404, 'Category not found.');
      return sendSvg(reply, renderCategoryThumbnail(category));
    },
  );

  app.get('/shops/:slug/logo.svg', { schema: { params: z.object({ slug }) } }, async (request, reply) => {
    const shop = await findShopBySlug(app.db, request.params.slug);
    if (!shop) throw new HttpError(404, 'Shop not found.');
    return sendSvg(reply, renderShopLogo(shop));
  });

  app.get('/shops/:slug/banner.svg', { schema: { params: z.object({ slug }) } }, async (request, reply) => {
    const shop = await findShopBySlug(app.db, request.params.slug);
    if (!shop) throw new HttpError(404, 'Shop not found.');
    return sendSvg(reply, renderShopBanner(shop));
  });

  app.get('/banners/:file', { schema: { params: z.object({ file: idFile }) } }, async (request, reply) => {
    const banner = await findBanner(app.db, fileId(request.params.file));
    if (!banner) throw new HttpError(404, 'Banner not found.');
    return sendSvg(reply, renderHomeBanner(banner));
  });

  app.get('/flash-sales/:file', { schema: { params: z.object({ file: idFile }) } }, async (request, reply) => {
    const sale = await findFlashSale(app.db, fileId(request.params.file));
    if (!sale) throw new HttpError(404, 'Flash sale not found.');
    return sendSvg(reply, renderFlashSale(sale));
  });
}
