/**
 * Known and unknown phones answer alike, in time and in words (issue 14, ADR 020), in production
 * mode against an SMS gateway that takes 300 ms (the world's edge, faked on 127.0.0.1): codes are
 * queued, so no request waits for the gateway, and a decoy answers verify tries for a phone that
 * got no code exactly as a real code would.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { deliveryWorkerFor } from '#server/services/delivery-queue.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { api, newIp, newPhone } from '../harness/auth-helpers.ts';

const GATEWAY_MS = 300;
let t: TestApp;
const received: string[] = [];

// The SMS gateway comes first (the app's environment names it) and closes after the app.
// eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern: none
test.override('appOptions', async ({}, { onCleanup }) => {
  const gateway = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      received.push(data);
      setTimeout(() => {
        res.writeHead(202, { 'content-type': 'application/json' });
        res.end('{}');
      }, GATEWAY_MS);
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  onCleanup(async () => {
    await new Promise((resolve) => gateway.close(resolve));
  });
  return {
    env: {
      NODE_ENV: 'production',
      SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`,
      PUSH_WORKER: 'false',
    },
  };
});
test.beforeAll(async ({ testApp }) => {
  t = testApp;
});

/** A verified account on a fresh phone (written directly: production hashing is slow and not under test). */
async function knownPhone() {
  const phone = newPhone();
  await t.db.insert(users).values({ name: 'Ana', phone: phone.e164, phoneCode: '+40', passwordHash: 'x', phoneVerifiedAt: new Date() });
  return phone;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** The answer with the masked number taken out (it differs by phone, not by account). */
const words = (body: string) => body.replace(/\+407\*+\d+/g, '<phone>');

async function timed(run: () => Promise<{ statusCode: number; body: string }>) {
  const started = performance.now();
  const res = await run();
  return { ms: performance.now() - started, status: res.statusCode, words: words(res.body) };
}

describe('forgot password (send-otp with forgot_password)', () => {
  it('answers a registered and an unknown phone in the same words and the same time, without waiting for the gateway', async () => {
    const call = api(t);
    const known: Awaited<ReturnType<typeof timed>>[] = [];
    const unknown: Awaited<ReturnType<typeof timed>>[] = [];
    for (let i = 0; i < 7; i += 1) {
      const k = await knownPhone();
      const u = newPhone();
      known.push(
        await timed(() => call.post('/send-otp', { phone: k.typed, phone_code: '+40', forgot_password: 1 }, { ip: newIp(), lang: 'en' })),
      );
      unknown.push(
        await timed(() => call.post('/send-otp', { phone: u.typed, phone_code: '+40', forgot_password: 1 }, { ip: newIp(), lang: 'en' })),
      );
    }
    expect(new Set([...known, ...unknown].map((r) => `${r.status} ${r.words}`))).toEqual(new Set([`200 ${known[0]!.words}`]));
    const [k, u] = [median(known.map((r) => r.ms)), median(unknown.map((r) => r.ms))];
    console.info(`send-otp (reset) median: registered ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms (gateway ${GATEWAY_MS} ms)`);
    expect(k).toBeLessThan(GATEWAY_MS / 2);
    expect(Math.abs(k - u)).toBeLessThan(60);
    // The codes did go out, afterwards.
    await deliveryWorkerFor(t.db).runDue();
    expect(received.length).toBeGreaterThanOrEqual(7);
  });
});

describe('verify-otp after a reset code was asked for', () => {
  it('answers six wrong codes for a registered and an unknown phone with the same words', async () => {
    const call = api(t);
    const sequence = async (typed: string) => {
      const ip = newIp();
      expect((await call.post('/send-otp', { phone: typed, phone_code: '+40', forgot_password: 1 }, { ip, lang: 'en' })).statusCode).toBe(
        200,
      );
      const answers: string[] = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await call.post('/verify-otp', { phone: typed, phone_code: '+40', otp: '000000' }, { ip, lang: 'en' });
        answers.push(`${res.statusCode} ${res.body}`);
      }
      return answers;
    };
    const known = await sequence((await knownPhone()).typed);
    const unknown = await sequence(newPhone().typed);
    expect(unknown).toEqual(known);
    expect(known[0]).toContain('not correct');
    expect(known[4]).toContain('too many');
  });

  it('with no code asked for, both answer "not correct"', async () => {
    const call = api(t);
    const res = async (typed: string) =>
      (await call.post('/verify-otp', { phone: typed, phone_code: '+40', otp: '000000' }, { ip: newIp(), lang: 'en' })).body;
    expect(await res(newPhone().typed)).toEqual(await res((await knownPhone()).typed));
  });
});
