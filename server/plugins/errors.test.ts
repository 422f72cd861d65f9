// @vitest-environment node
/** The error handler's promises the OpenAPI document repeats (issue 39, ADR 036). */
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import errorsPlugin from './errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS, HttpError } from '#server/lib/http-error.ts';

const app = Fastify({ logger: false });
await app.register(errorsPlugin);
app.get('/unconfigured', async () => {
  throw new HttpError(503, 'The storefront is not configured yet.');
});
app.get('/busy', async () => {
  throw new HttpError(503, 'media.busy', undefined, { headers: { 'Retry-After': '2' } });
});
afterAll(() => app.close());

describe('503 answers', () => {
  it('carry Retry-After: the database pause unless the error named its own', async () => {
    const unconfigured = await app.inject({ method: 'GET', url: '/unconfigured' });
    expect(unconfigured.statusCode).toBe(503);
    expect(unconfigured.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(unconfigured.json()).toEqual({ message: 'The storefront is not configured yet.' });
    const busy = await app.inject({ method: 'GET', url: '/busy' });
    expect(busy.headers['retry-after']).toBe('2');
  });
});
