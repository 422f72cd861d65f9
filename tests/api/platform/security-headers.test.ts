/**
 * Security headers (issue 14, ADR 018): a strict CSP whose only inline script is the built
 * index.html's, allowed by its SHA-256 computed from the file on disk (a rebuild changes it);
 * frame-ancestors 'none', nosniff, Referrer-Policy, Permissions-Policy; HSTS in production only.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import securityHeaders, { inlineScriptHashes, PERMISSIONS_POLICY } from '#server/plugins/security-headers.ts';
import staticPlugin from '#server/plugins/static.ts';
import { test } from '../harness/app-fixture.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const page = (inline: string) =>
  `<!doctype html><html><head><script>${inline}</script><script type="module" crossorigin src="/assets/app.js"></script></head><body></body></html>`;

function csp(headers: Record<string, unknown>) {
  const value = String(headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    value
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('the built app', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'talcioc-csp-'));
    writeFileSync(path.join(dir, 'index.html'), page('window.first=1;'));
    app = Fastify();
    await app.register(securityHeaders, { staticDir: dir, production: false, recheckMs: 0 });
    await app.register(staticPlugin, { root: dir });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('allows the inline start-up script by its hash, never by unsafe-inline, and forbids framing', async () => {
    const res = await app.inject({ method: 'GET', url: '/produse/ceva' });
    expect(res.statusCode).toBe(200);
    const policy = csp(res.headers);
    expect(policy['script-src']).toContain(sha('window.first=1;'));
    expect(policy['script-src']).toContain("'self'");
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['upgrade-insecure-requests']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('follows a rebuild: the new inline script is allowed, the old one no longer', async () => {
    writeFileSync(path.join(dir, 'index.html'), page('window.second=2;/* a longer build */'));
    const policy = csp((await app.inject({ method: 'GET', url: '/' })).headers);
    expect(policy['script-src']).toContain(sha('window.second=2;/* a longer build */'));
    expect(policy['script-src']).not.toContain(sha('window.first=1;'));
  });

  it('hashes exactly the inline scripts, not the ones with src', () => {
    expect(inlineScriptHashes(page('a()'))).toEqual([sha('a()')]);
    expect(inlineScriptHashes('<script src="/x.js"></script>')).toEqual([]);
  });
});

describe('the API', () => {
  test('JSON answers carry the same headers; no HSTS outside production', async ({ testApp }) => {
    const res = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(csp(res.headers)['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('HSTS and upgrade-insecure-requests in production', async () => {
    const app = Fastify();
    await app.register(securityHeaders, { production: true });
    app.get('/api/x', async () => ({ ok: true }));
    const res = await app.inject({ method: 'GET', url: '/api/x' });
    await app.close();
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(csp(res.headers)['upgrade-insecure-requests']).toEqual([]);
  });
});
