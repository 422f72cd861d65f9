/**
 * Web Push test kit (issue #6): a push service of our own on 127.0.0.1 (the world's edge), a
 * browser-like subscription with keys generated here, and the receiving side of RFC 8291 —
 * the test decrypts what the server sent with the subscription's private key, and checks the
 * VAPID signature (RFC 8292) with the server's public key, like a real push service and browser.
 */
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import app from '#server/app.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { readEnv } from '#server/env.ts';
import { trustProxyOption } from '#server/lib/trust-proxy.ts';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushService {
  url: string;
  received: ReceivedPush[];
  /** Statuses to answer next, in order (then 201). */
  answer(...statuses: number[]): void;
  /** Forgets statuses still queued (a failed test must not leave them to the next). */
  reset(): void;
  /** Resolves when `count` pushes in all have arrived (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const queue: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const status = queue.shift() ?? 201;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? '' : `status ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (...statuses) => queue.push(...statuses),
    reset: () => queue.splice(0),
    async waitFor(count, ms = 8000) {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} pushes, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a browser holds for one subscription: its P-256 key pair and auth secret. */
export interface DeviceKeys {
  ecdh: ECDH;
  auth: Buffer;
  endpoint: string;
  /** PushSubscription.toJSON() */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

let device = 0;
export function newDevice(service: PushService): DeviceKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  device += 1;
  const endpoint = `${service.url}/push/${process.pid}-${device}-${randomBytes(6).toString('hex')}`;
  return {
    ecdh,
    auth,
    endpoint,
    json: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } },
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 / RFC 8188 (aes128gcm) decryption by the user agent: answers the plaintext. */
export function decryptPush(body: Buffer, keys: Pick<DeviceKeys, 'ecdh' | 'auth'>): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (idlen !== 65 || asPublic[0] !== 4) throw new Error('keyid is not an uncompressed P-256 key');
  if (records.length > rs) throw new Error('more than one record');
  const uaPublic = keys.ecdh.getPublicKey();
  const ecdhSecret = keys.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(keys.auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): k is `publicKey`, the JWT is
 * ES256-signed by it, for the endpoint's origin, not expired, with our subject. Answers its claims.
 */
export function verifyVapid(authorization: string | undefined, endpoint: string, publicKey: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a vapid Authorization header: ${authorization}`);
  const [, jwt, k] = match;
  if (k !== publicKey) throw new Error('k is not the server public key');
  const [header, payload, signature] = jwt!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const head = JSON.parse(Buffer.from(header!, 'base64url').toString()) as { alg: string };
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (head.alg !== 'ES256') throw new Error(`alg ${head.alg}`);
  if (claims.aud !== new URL(endpoint).origin) throw new Error(`aud ${claims.aud}`);
  if (claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3600_000 + 60_000) throw new Error(`exp ${claims.exp}`);
  return claims;
}

/**
 * Another instance of the app on the SAME database (a restart): on PostgreSQL a new connection
 * pool to the same database; on in-memory PGlite the same handle (the data lives in it).
 */
export async function buildAppOn(
  handle: DatabaseHandle,
  env: Record<string, string> = {},
  { serveStatic = false }: { serveStatic?: boolean } = {},
): Promise<{ app: FastifyInstance; handle: DatabaseHandle; close(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL?.trim();
  const own = url ? await openDatabase({ databaseUrl: url, dataDir: 'memory://' }) : null;
  const appEnv = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    DATABASE_URL: url ?? '',
    TEST_SCRYPT_LOG_N: '12',
    ...env,
  });
  // trustProxy as server/server.ts sets it (TRUST_PROXY), as for buildTestApp.
  const fastify = Fastify({ logger: false, trustProxy: trustProxyOption(appEnv.TRUST_PROXY) });
  await fastify.register(app, {
    env: appEnv,
    database: own ?? handle,
    serveStatic,
  });
  await fastify.ready();
  return {
    app: fastify,
    handle: own ?? handle,
    async close() {
      await fastify.close();
      await own?.close();
    },
  };
}
