/**
 * The built app as the server sends it (server/plugins/static.ts): the build's Brotli and gzip
 * copies (build/vite-precompress.ts) go to browsers that accept them, with the caching rules
 * of the original file — the service worker and index.html always revalidated, hashed assets
 * immutable — and client routes answer index.html.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import staticPlugin from '#server/plugins/static.ts';

let dir: string;
let app: FastifyInstance;
const html = `<!doctype html><html lang="ro"><body>${'shell '.repeat(400)}</body></html>`;
const script = `console.log(${JSON.stringify('cod '.repeat(500))});`;

function writeWithCopies(file: string, content: string) {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'talcioc-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeWithCopies(path.join(dir, 'index.html'), html);
  writeWithCopies(path.join(dir, 'sw.js'), script);
  writeWithCopies(path.join(dir, 'assets', 'app-abc123.js'), script);
  app = Fastify();
  await app.register(compress, { threshold: 1024 });
  await app.register(staticPlugin, { root: dir });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding: string) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

describe('static files', () => {
  it('sends the Brotli copy of a hashed asset, immutable', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a browser without Brotli, and the file itself to one that accepts neither', async () => {
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/app-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('keeps the service worker and index.html revalidated when their compressed copy is sent', async () => {
    const sw = await get('/sw.js', 'br');
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const index = await get('/index.html', 'br');
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('answers a client route with index.html (compressed, revalidated) and a missing asset with 404', async () => {
    const route = await get('/products/3/details', 'br');
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toMatch(/^text\/html/);
    expect(route.headers['content-encoding']).toBe('br');
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(route.rawPayload).toString()).toBe(html);
    const missing = await get('/assets/missing-1.js', 'br');
    expect(missing.statusCode).toBe(404);
    // A copy is not a file of its own: its address is not served (it would be raw Brotli bytes).
    expect((await get('/assets/app-abc123.js.br', 'br')).statusCode).toBe(404);
  });
});

describe('files appear and change on disk while the server runs (issue 14)', () => {
  it('a rebuild beside the running server: new hashed assets are served at once, old ones 404, index.html is the new one', async () => {
    const newHtml = html.replace('shell', 'rebuilt');
    writeWithCopies(path.join(dir, 'index.html'), newHtml);
    writeWithCopies(path.join(dir, 'assets', 'app-def456.js'), script);
    rmSync(path.join(dir, 'assets', 'app-abc123.js'));
    rmSync(path.join(dir, 'assets', 'app-abc123.js.br'));
    rmSync(path.join(dir, 'assets', 'app-abc123.js.gz'));
    const fresh = await get('/assets/app-def456.js', 'br');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['content-encoding']).toBe('br');
    expect(fresh.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/app-abc123.js', 'br')).statusCode).toBe(404);
    const route = await get('/categories/3', 'identity');
    expect(route.body).toBe(newHtml);
    expect(route.headers['cache-control']).toBe('no-cache');
  });

  it('a file added without compressed copies is sent as it is', async () => {
    writeFileSync(path.join(dir, 'assets', 'late-1.css'), 'body{color:red}');
    const res = await get('/assets/late-1.css', 'identity');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('body{color:red}');
  });

  it('never leaves its directory', async () => {
    for (const url of [
      '/../package.json',
      '/assets/..%2F..%2Fpackage.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/%2e%2e/%2e%2e/%2e%2e/etc/hostname',
    ]) {
      const res = await get(url, 'identity');
      expect(res.body).not.toMatch(/"name"|root:|^[a-z0-9-]+\n$/);
      if (res.statusCode === 200) expect(res.headers['content-type']).toMatch(/^text\/html/); // a client route: the app
    }
  });
});

describe('a server started before the first build', () => {
  it('serves the app as soon as it is built', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'talcioc-static-late-'));
    const late = Fastify();
    await late.register(staticPlugin, { root: empty });
    await late.ready();
    try {
      expect((await late.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
      writeFileSync(path.join(empty, 'index.html'), html);
      const res = await late.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(html);
    } finally {
      await late.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
