/**
 * Input hygiene (issue 14, ADR 015): one contract string type (contract/text.ts) refuses NUL
 * and other control characters with a 422 on the field (tabs and newlines only in multi-line
 * fields); PostgreSQL data errors (SQLSTATE class 22) and malformed multipart bodies are 4xx, never
 * 500; the logs carry neither the failed query's values nor the URL's query string.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import Fastify from 'fastify';
import errorsPlugin from '#server/plugins/errors.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { api, newIp, newPhone, PASSWORD, signUp } from '../harness/auth-helpers.ts';
import { makeProduct, makeShop } from '../harness/cart-fixtures.ts';
import { serializeError } from '#server/lib/log-serializers.ts';
import { loggerOptions } from '#server/logger.ts';

const NUL = 'Ana\u0000Popescu';
const CONTROL_EN = 'Remove the control characters (such as NUL) from this field.';

let t: TestApp;
const logLines: string[] = [];
let token: string;
let productId: number;

test.override('appOptions', {
  logStream: new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  }),
});
test.beforeAll(async ({ testApp }) => {
  t = testApp;
  token = (await signUp(t)).token;
  const shop = await makeShop(t);
  productId = (await makeProduct(t, shop.id, { quantity: 50 })).id;
});

function call(method: 'POST' | 'PUT', url: string, payload: unknown, signedIn = true) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    payload: payload as Record<string, unknown>,
    remoteAddress: newIp(),
    headers: { 'accept-language': 'en', ...(signedIn && { authorization: `Bearer ${token}` }) },
  });
}

const address = {
  name: 'Ana',
  phone: '0722123456',
  county: 'Cluj',
  locality: 'Cluj-Napoca',
  street: 'Str. Lungă 1',
  postal_code: '400001',
  type: 'home',
};

describe('NUL and other control characters are a 422 on the field, never a 500', () => {
  const phone = () => newPhone().typed;
  const cases: [string, 'POST' | 'PUT', string, () => Record<string, unknown>, string, boolean][] = [
    [
      'registration name',
      'POST',
      '/registration',
      () => ({ name: NUL, phone: phone(), email: '', password: PASSWORD, country: 'România', phone_code: '+40' }),
      'name',
      false,
    ],
    [
      'registration country',
      'POST',
      '/registration',
      () => ({ name: 'Ana', phone: phone(), email: '', password: PASSWORD, country: 'Rom\u0000', phone_code: '+40' }),
      'country',
      false,
    ],
    [
      'login device_key',
      'POST',
      '/login',
      () => ({ phone: phone(), password: PASSWORD, phone_code: '+40', device_key: 'k\u0000' }),
      'device_key',
      false,
    ],
    ['login password', 'POST', '/login', () => ({ phone: phone(), password: 'parola\u0000sigura', phone_code: '+40' }), 'password', false],
    ['profile name', 'PUT', '/profile', () => ({ name: NUL, email: '' }), 'name', true],
    ['address street', 'POST', '/address/store', () => ({ ...address, street: 'Str.\u0000' }), 'street', true],
    ['address locality (a tab in one line)', 'POST', '/address/store', () => ({ ...address, locality: 'Cluj\tNapoca' }), 'locality', true],
    ['address name', 'POST', '/address/store', () => ({ ...address, name: NUL }), 'name', true],
    ['address country', 'POST', '/address/store', () => ({ ...address, country: 'Ro\u0000' }), 'country', true],
    ['cart unit', 'POST', '/cart/store', () => ({ product_id: productId, quantity: 1, unit: 'buc\u0000' }), 'unit', true],
    ['checkout coupon', 'POST', '/cart/checkout', () => ({ selected_products: [productId], coupon_code: 'X\u0000' }), 'coupon_code', true],
    [
      'order note',
      'POST',
      '/place-order',
      () => ({ selected_products: [productId], payment_method: 'cash', address_id: 1, note: 'la\u0000poartă' }),
      'note',
      true,
    ],
    [
      'ticket subject',
      'POST',
      '/support-tickets',
      () => ({ subject: 'Comanda\u0007 mea', message: 'Nu a ajuns comanda, vă rog verificați.' }),
      'subject',
      true,
    ],
    [
      'ticket message',
      'POST',
      '/support-tickets',
      () => ({ subject: 'Comanda mea', message: 'Nu a ajuns\u0000 comanda, vă rog.' }),
      'message',
      true,
    ],
    [
      'push endpoint',
      'POST',
      '/push/subscriptions',
      () => ({ endpoint: 'https://fcm.googleapis.com/x\u0000', keys: { p256dh: 'a', auth: 'b' } }),
      'endpoint',
      true,
    ],
    [
      'contact name',
      'POST',
      '/contact',
      () => ({ name: NUL, email: 'ana@example.ro', subject: 'Salut acolo', message: 'Un mesaj destul de lung.' }),
      'name',
      false,
    ],
  ];

  it.each(cases)('%s', async (_name, method, url, body, field, signedIn) => {
    const res = await call(method, url, body(), signedIn);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toEqual([CONTROL_EN]);
  });

  it('multi-line fields keep tabs and newlines', async () => {
    const res = await call('POST', '/support-tickets', {
      subject: 'Comanda mea',
      message: 'Prima linie\n\tA doua linie, destul de lungă.',
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('the message is translated (ro by default)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      payload: { name: NUL },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['Elimină caracterele de control (precum NUL) din acest câmp.']);
  });
});

describe('a value PostgreSQL refuses (SQLSTATE class 22) is a 4xx', () => {
  // The contract should stop such values first; this is the net under it: the real error plugin
  // and a real query on the test database, in a Fastify of its own (routes cannot be added to t.app).
  it('answers 422 with a generic message: no SQL, no value, no stack', async () => {
    const probe = Fastify({ logger: false });
    await probe.register(errorsPlugin);
    probe.get('/nul', async () => t.db.execute(sql`select ${'a\u0000b'}::text`));
    probe.get('/int', async () => t.db.execute(sql`select ${'12345678901234567890'}::int`));
    probe.get('/syntax', async () => t.db.execute(sql`select ${'scrypt$17$abc'}::int`));
    try {
      for (const url of ['/nul', '/int', '/syntax']) {
        const res = await probe.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
        expect(res.statusCode, `${url} ${res.body}`).toBe(422);
        expect(res.json()).toEqual({ message: 'This value cannot be accepted.', errors: { request: ['This value cannot be accepted.'] } });
      }
    } finally {
      await probe.close();
    }
  });

  it('request log lines have the path without its query string', async () => {
    const before = logLines.length;
    await t.app.inject({ method: 'GET', url: '/api/products?search=secret-term&page=1' });
    const logged = logLines.slice(before).join('');
    expect(logged).toContain('/api/products');
    expect(logged).not.toContain('secret-term');
  });
});

describe('malformed multipart is a 4xx', () => {
  const boundary = '----talcioc';
  const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\nNu a ajuns comanda mea deloc`;
  const targets: [string, string][] = [
    ['place-order', '/api/place-order'],
    ['buy-now', '/api/buy-now'],
    ['order cancel', '/api/orders/1/cancel'],
    ['support ticket', '/api/support-tickets'],
    ['ticket reply', '/api/support-tickets/T-1/replies'],
    ['profile photo', '/api/profile/photo'],
  ];
  for (const [name, url] of targets) {
    it(`${name}: no boundary, and a truncated body`, async () => {
      for (const [contentType, payload] of [
        ['multipart/form-data', 'whatever'],
        [`multipart/form-data; boundary=${boundary}`, truncated],
        [`multipart/form-data; boundary=${boundary}`, ''],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
        });
        expect(res.statusCode, `${contentType} ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${contentType} ${res.body}`).toBeLessThan(500);
      }
    });
  }
});

describe('logs', () => {
  it("an error's log line never carries the failed query's values (a scrypt hash here)", async () => {
    const hash = 'scrypt$17$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
    let error: unknown;
    try {
      await t.db.execute(sql`select ${hash}::int`);
    } catch (e) {
      error = e;
    }
    const wrapped =
      error instanceof DrizzleQueryError
        ? error
        : new DrizzleQueryError('insert into users (password_hash) values ($1)', [hash], error as Error);
    const lines: string[] = [];
    const logger = pino({ ...loggerOptions('info') }, { write: (l: string) => lines.push(l) });
    logger.error({ err: wrapped }, 'unhandled error');
    expect(lines.join('')).not.toContain('c2FsdHNhbHQ');
    expect(JSON.stringify(serializeError(wrapped))).not.toContain('params:');
  });

  it('request log lines have the path without its query string', async () => {
    const before = logLines.length;
    await api(t).get('/dev/outbox?recipient=%2B40722000001');
    const logged = logLines.slice(before).join('');
    expect(logged).toContain('/api/dev/outbox');
    expect(logged).not.toContain('recipient=');
  });
});
