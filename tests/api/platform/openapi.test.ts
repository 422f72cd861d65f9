/**
 * The OpenAPI 3.1 document (issue 14, ADR 021): generated from the zod contract at
 * /api/openapi.json, describing every /api route with its request schemas — including the
 * contract's control-character rule as a pattern.
 */
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.ts';
import { test } from '../support/app-fixture.ts';

let t: TestApp;
test.beforeAll(async ({ testApp }) => {
  t = testApp;
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of every /api route and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.entries(doc.paths as Record<string, object>).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const routes = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .filter((l) => l.includes('/api/'));
    expect(routes.length).toBeGreaterThan(0);
    expect(operations.length).toBeGreaterThanOrEqual(70);
    for (const op of [
      'POST /api/login',
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
  });

  it('carries the request schemas, with the contract string rule as a pattern', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const login = doc.paths['/api/login'].post.requestBody.content['application/json'].schema;
    expect(login.required).toEqual(expect.arrayContaining(['phone', 'password', 'phone_code']));
    expect(login.properties.device_key.anyOf?.[0]?.pattern ?? login.properties.device_key.pattern).toBeDefined();
    const order = doc.paths['/api/orders/{id}'].get;
    expect(order.parameters.some((p: { in: string; name: string }) => p.in === 'path' && p.name === 'id')).toBe(true);
  });
});
