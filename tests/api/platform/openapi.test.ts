/**
 * The OpenAPI 3.1 document (issue 14, ADR 021; issue 39, ADR 036): generated from the zod contract
 * at /api/openapi.json and finished by server/openapi/document.ts with what a generated client
 * needs — operationIds, tags, rules, security, every error answer, headers — and checked in as
 * docs/api/openapi.json.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { OPERATIONS } from '#server/openapi/operations.ts';

/** An OpenAPI document read key by key. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON by nature
type Json = any;

let t: TestApp;
let doc: Json;
test.beforeAll(async ({ testApp }) => {
  t = testApp;
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});

const operationsOf = (document: Json) =>
  Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([p, methods]) =>
    Object.entries(methods).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, path: p, method: m.toUpperCase(), op })),
  );

/** Every schema of an operation (parameters, bodies, answers) with the property name it sits under. */
function eachSchema(op: Json, visit: (schema: Json, name: string) => void) {
  const walk = (node: Json, name: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n) => walk(n, name));
    visit(node, name);
    for (const [key, child] of Object.entries(node.properties ?? {})) walk(child, key);
    for (const key of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties']) walk(node[key], name);
  };
  for (const p of op.parameters ?? []) walk(p.schema, p.name ?? '');
  for (const c of Object.values(op.requestBody?.content ?? {}) as Json[]) walk(c.schema, '');
  for (const r of Object.values(op.responses ?? {}) as Json[]) for (const c of Object.values(r.content ?? {}) as Json[]) walk(c.schema, '');
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of every production /api route and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi).toBe('3.1.0');
    const operations = operationsOf(doc).map((o) => o.key);
    expect(operations.length).toBeGreaterThanOrEqual(80);
    for (const op of [
      'POST /api/login',
      'POST /api/logout',
      'POST /api/place-order',
      'GET /api/products/{id}',
      'POST /api/support-tickets',
      'GET /api/health/ready',
      'POST /api/push/subscriptions',
    ]) {
      expect(operations).toContain(op);
    }
    expect(operations.every((op) => op.split(' ')[1]!.startsWith('/api/'))).toBe(true);
    expect(operations).not.toContain('GET /api/openapi.json');
    // The development-only routes answer here (NODE_ENV=test) but are never in the document.
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(200);
    expect(operations.filter((op) => /\/api\/(dev|payments)\//.test(op))).toEqual([]);
  });

  it('carries the request schemas, with the contract string rule as a pattern', async () => {
    const login = doc.paths['/api/login'].post.requestBody.content['application/json'].schema;
    expect(login.required).toEqual(expect.arrayContaining(['phone', 'password', 'phone_code']));
    expect(login.properties.device_key.anyOf?.[0]?.pattern ?? login.properties.device_key.pattern).toBeDefined();
    const order = doc.paths['/api/orders/{id}'].get;
    expect(order.parameters.some((p: { in: string; name: string }) => p.in === 'path' && p.name === 'id')).toBe(true);
  });

  it('gives every operation a unique camelCase operationId, a tag, a summary, a description and its security', () => {
    const ids = new Set<string>();
    const tags = new Set((doc.tags as { name: string }[]).map((tag) => tag.name));
    for (const { key, op } of operationsOf(doc)) {
      expect(op.operationId, key).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(op.operationId), `${key}: ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId);
      expect(op.tags, key).toHaveLength(1);
      expect(tags.has(op.tags[0]), key).toBe(true);
      expect(op.summary?.length, key).toBeGreaterThan(3);
      expect(op.description?.length, key).toBeGreaterThan(20);
      expect(Array.isArray(op.security), key).toBe(true);
    }
    // From the contract's route names.
    expect(doc.paths['/api/cart/store'].post.operationId).toBe('cartStore');
    expect(doc.paths['/api/orders/{id}'].get.operationId).toBe('orderDetails');
    // Every described operation exists (no entry left behind by a removed route).
    expect(Object.keys(OPERATIONS).sort()).toEqual(
      operationsOf(doc)
        .map((o) => o.key)
        .sort(),
    );
  });

  it('declares the errors with the shared envelopes, Retry-After on 429 and 503', () => {
    const { components } = doc;
    expect(components.schemas.ErrorResponse.required).toEqual(['message']);
    expect(components.schemas.ValidationErrorResponse.properties.errors.additionalProperties.items.type).toBe('string');
    for (const name of ['TooManyRequests', 'ServiceUnavailable']) {
      expect(components.responses[name].headers['Retry-After'].$ref).toBe('#/components/headers/RetryAfter');
    }
    // A real message of the product as the example (Romanian, the default language).
    expect(components.responses.Unauthorized.content['application/json'].example.message).toMatch(/autentific/i);
    for (const { key, op } of operationsOf(doc)) {
      for (const status of ['429', '500', '503']) expect(op.responses[status], `${key} ${status}`).toBeDefined();
      if (op.security.some((s: object) => 'bearer' in s) && !op.security.some((s: object) => Object.keys(s).length === 0))
        expect(op.responses['401'], key).toEqual({ $ref: '#/components/responses/Unauthorized' });
      if (op.parameters?.some((p: Json) => p.in === 'path')) expect(op.responses['404'], key).toBeDefined();
      if (op.requestBody) expect(op.responses['422'], key).toEqual({ $ref: '#/components/responses/ValidationFailed' });
    }
    expect(doc.paths['/api/login'].post.responses['403'].content['application/json'].schema.properties.data).toBeDefined();
    expect(doc.paths['/api/products/{id}'].get.responses['410']).toBeDefined();
  });

  it('declares Idempotency-Key with the server pattern, Accept-Language and the multipart bodies', () => {
    const key = doc.components.parameters.IdempotencyKey;
    expect(key).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    expect(new RegExp(key.schema.pattern).test('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(new RegExp(key.schema.pattern).test('not-a-uuid')).toBe(false);
    const refs = (op: Json) => (op.parameters as Json[]).map((p) => p.$ref).filter(Boolean);
    expect(refs(doc.paths['/api/cart/store'].post)).toContain('#/components/parameters/IdempotencyKey');
    expect(refs(doc.paths['/api/place-order'].post)).toContain('#/components/parameters/IdempotencyKey');
    expect(refs(doc.paths['/api/products'].get)).toEqual(['#/components/parameters/AcceptLanguage']);
    const photo = doc.paths['/api/profile/photo'].post.requestBody.content['multipart/form-data'].schema;
    expect(photo.required).toEqual(['photo']);
    expect(photo.properties.photo.description).toMatch(/2 MiB/);
    const ticket = doc.paths['/api/support-tickets'].post.requestBody.content;
    expect(Object.keys(ticket).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(ticket['multipart/form-data'].schema.properties.attachment.description).toMatch(/5 MiB/);
    expect(doc.paths['/api/place-order'].post.requestBody.content['multipart/form-data']).toBeDefined();
  });

  it('says ids are integers, timestamps date-times and money lei, in every schema', () => {
    const problems: string[] = [];
    for (const { key, op } of operationsOf(doc)) {
      eachSchema(op, (schema, name) => {
        const types = [schema.type].flat();
        if ((name === 'id' || name.endsWith('_id')) && types.includes('number')) problems.push(`${key}: ${name} is a number`);
        if (name.endsWith('_at') && types.includes('string') && schema.format !== 'date-time')
          problems.push(`${key}: ${name} no date-time`);
      });
    }
    expect(problems).toEqual([]);
    const price =
      doc.paths['/api/products/{id}'].get.responses['200'].content['application/json'].schema.properties.data.properties.product.properties
        .price;
    expect(price.description).toMatch(/lei/);
  });

  it('names its server from the request, and marks GET /api/logout deprecated beside POST', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: 'shop.example.ro:8443' } });
    expect(res.json().servers).toEqual([{ url: 'http://shop.example.ro:8443', description: 'This server.' }]);
    expect(doc.paths['/api/logout'].get.deprecated).toBe(true);
    expect(doc.paths['/api/logout'].post.deprecated).toBeUndefined();
  });

  it('is the checked-in docs/api/openapi.json (npm run build:openapi), servers aside', () => {
    const file = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../docs/api/openapi.json'), 'utf8'));
    expect(file.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect({ ...doc, servers: file.servers }).toEqual(file);
  });
});

describe('GET /api/dev/reference (development only)', () => {
  it('serves Redoc over the document from this server, under the strict Content-Security-Policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/dev/reference' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<redoc spec-url="/api/openapi.json"');
    // No inline script: every <script> has a src on this origin.
    expect(page.body.match(/<script[^>]*>/g)).toEqual(['<script src="/api/dev/reference/redoc.standalone.js">']);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Nothing fetched from another origin (Redoc's footer logo lives on Redocly's CDN).
    expect(csp).toMatch(/img-src 'self' data:(;|$)/);
    const bundle = await t.app.inject({ method: 'GET', url: '/api/dev/reference/redoc.standalone.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/^text\/javascript/);
    expect(bundle.body.length).toBeGreaterThan(100_000);
  });
});

describe('security requirements are true', () => {
  it('every operation that requires a bearer token refuses a call without one (401), and no other answers 401', async () => {
    const wrong: string[] = [];
    for (const { key, path: template, method, op } of operationsOf(doc)) {
      const url = template
        .replace('{ticketNumber}', 'T-0000000000')
        .replace(/\{(\w+)\}/g, (_, name: string) => (name === 'locale' ? 'ro' : '1'));
      const res = await t.app.inject({
        method,
        url,
        ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
      });
      const signedInOnly = op.security.length === 1 && 'bearer' in op.security[0];
      // Routes that check the session in preHandler validate the body first: the empty body sent
      // here may be refused (422) before the missing token is; never is anything done.
      const refused = res.statusCode === 401 || (res.statusCode === 422 && op.requestBody !== undefined);
      if (signedInOnly ? !refused : res.statusCode === 401)
        wrong.push(`${key}: ${res.statusCode} (security ${JSON.stringify(op.security)})`);
    }
    expect(wrong).toEqual([]);
  });
});
