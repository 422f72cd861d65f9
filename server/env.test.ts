// @vitest-environment node
import webpush from 'web-push';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, readEnv } from './env.ts';

describe('readEnv', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(readEnv({})).toEqual({
      NODE_ENV: 'development',
      PORT: 8080,
      WEB_CONCURRENCY: 1,
      HOST: '127.0.0.1',
      DATABASE_URL: undefined,
      DATA_DIR: './data',
      DATABASE_WAIT_SECONDS: 30,
      LOG_LEVEL: 'info',
      STATIC_DIR: './dist',
      MAIL_FROM: 'Talcioc <no-reply@talcioc.ro>',
      SESSION_IDLE_DAYS: 30,
      OTP_LENGTH: 4,
      GOOGLE_JWKS_URL: 'https://www.googleapis.com/oauth2/v3/certs',
      APPLE_JWKS_URL: 'https://appleid.apple.com/auth/keys',
      FACEBOOK_GRAPH_URL: 'https://graph.facebook.com',
      VAPID_SUBJECT: 'mailto:suport@talcioc.ro',
      PUSH_WORKER: true,
      PUSH_POLL_SECONDS: 5,
      PUSH_SERVICE_HOSTS: ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.push.apple.com', '*.notify.windows.com'],
      CATALOG_CACHE_SECONDS: 10,
      FIRST_ANSWERS_MS: 250,
      FIRST_SCREEN_HTML_MS: 300,
      FIRST_SCREEN_RENDERS_PER_SECOND: 4,
      IMAGE_NEW_VARIANTS_PER_MINUTE: 60,
      CATALOG_INDEX: 'true',
      CATALOG_INDEX_POLL_MS: 1000,
      TRUST_PROXY: false,
    });
  });

  it("refuses WEB_CONCURRENCY above 1 without DATABASE_URL (the embedded database is one process's)", () => {
    expect(() => readEnv({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY/);
    expect(readEnv({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/talcioc' }).WEB_CONCURRENCY).toBe(2);
  });

  it('reads TRUST_PROXY as none, a hop count or proxy addresses/CIDRs, and refuses `true` (ADR 014)', () => {
    expect(readEnv({}).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(readEnv({ NODE_ENV: 'production', SMS_GATEWAY_URL: 'https://sms.example' }).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(readEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => readEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would believe any client-written X-Forwarded-For/);
    expect(() => readEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: "10.0.0.0\/33"/);
    expect(() => readEnv({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
    expect(() => readEnv({ TRUST_PROXY: '99' })).toThrow(/hop count/);
  });

  it('reads CATALOG_CACHE_SECONDS, an empty value as unset (not 0, which turns the cache off)', () => {
    expect(readEnv({ CATALOG_CACHE_SECONDS: '0' }).CATALOG_CACHE_SECONDS).toBe(0);
    expect(readEnv({ CATALOG_CACHE_SECONDS: '' }).CATALOG_CACHE_SECONDS).toBe(10);
    expect(() => readEnv({ CATALOG_CACHE_SECONDS: '2.5' })).toThrow(/CATALOG_CACHE_SECONDS/);
  });

  it('coerces PORT from a string and rejects ports that are not ports', () => {
    expect(readEnv({ PORT: '4173' }).PORT).toBe(4173);
    expect(readEnv({ PORT: '0' }).PORT).toBe(0);
    expect(() => readEnv({ PORT: 'http' })).toThrow(/^Invalid environment: PORT: /);
    expect(() => readEnv({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => readEnv({ PORT: '80.5' })).toThrow(/PORT/);
  });

  it('accepts postgres:// and postgresql:// URLs and treats an empty DATABASE_URL as unset', () => {
    expect(readEnv({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' }).DATABASE_URL).toBe('postgres://u:p@127.0.0.1:5432/db');
    expect(readEnv({ DATABASE_URL: 'postgresql://127.0.0.1/db' }).DATABASE_URL).toBe('postgresql://127.0.0.1/db');
    expect(readEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('stops on a bad DATABASE_URL with a message naming the variable and the expected form', () => {
    expect(() => readEnv({ DATABASE_URL: 'mysql://root@localhost/db' })).toThrow(
      /^Invalid environment: DATABASE_URL: DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//,
    );
  });

  it('rejects unknown NODE_ENV and LOG_LEVEL values, naming each variable', () => {
    let message = '';
    try {
      readEnv({ NODE_ENV: 'staging', LOG_LEVEL: 'loud' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/NODE_ENV: /);
    expect(message).toMatch(/LOG_LEVEL: /);
  });

  it('keeps explicit values', () => {
    const env = readEnv({ NODE_ENV: 'test', HOST: '0.0.0.0', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', STATIC_DIR: 'build' });
    expect(env).toMatchObject({ NODE_ENV: 'test', HOST: '0.0.0.0', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', STATIC_DIR: 'build' });
  });
});

describe('readEnv: accounts (issue #4)', () => {
  it('refuses to start in production when no one-time code could be delivered', () => {
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(
      /^Invalid environment: SMS_GATEWAY_URL: in production one-time codes must be deliverable: set SMS_GATEWAY_URL \(SMS\) and\/or SMTP_URL \(e-mail\)$/,
    );
    expect(readEnv({ NODE_ENV: 'production', SMS_GATEWAY_URL: 'https://sms.example.ro/send' }).SMS_GATEWAY_URL).toBe(
      'https://sms.example.ro/send',
    );
    expect(readEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.ro:587' }).SMTP_URL).toBe('smtp://mail.example.ro:587');
    expect(() => readEnv({ NODE_ENV: 'production', SMS_GATEWAY_URL: 'ftp://x' })).toThrow(/SMS_GATEWAY_URL must be an http/);
  });

  it('takes OTP_LENGTH 4 or 6 only, and a positive SESSION_IDLE_DAYS', () => {
    expect(readEnv({ OTP_LENGTH: '6' }).OTP_LENGTH).toBe(6);
    expect(() => readEnv({ OTP_LENGTH: '5' })).toThrow(/OTP_LENGTH: OTP_LENGTH must be 4 or 6/);
    expect(readEnv({ SESSION_IDLE_DAYS: '7' }).SESSION_IDLE_DAYS).toBe(7);
    expect(() => readEnv({ SESSION_IDLE_DAYS: '0' })).toThrow(/SESSION_IDLE_DAYS/);
  });

  it('accepts TEST_SCRYPT_LOG_N only with NODE_ENV=test, so production never hashes cheaper', () => {
    expect(readEnv({ NODE_ENV: 'test', TEST_SCRYPT_LOG_N: '12' }).TEST_SCRYPT_LOG_N).toBe(12);
    expect(() => readEnv({ TEST_SCRYPT_LOG_N: '12' })).toThrow(/TEST_SCRYPT_LOG_N is for tests only/);
    expect(() => readEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://m', TEST_SCRYPT_LOG_N: '12' })).toThrow(/TEST_SCRYPT_LOG_N/);
  });

  it('wants the Facebook app id and secret together', () => {
    expect(() => readEnv({ FACEBOOK_APP_ID: '123' })).toThrow(/FACEBOOK_APP_SECRET: FACEBOOK_APP_ID and FACEBOOK_APP_SECRET go together/);
    expect(readEnv({ FACEBOOK_APP_ID: '123', FACEBOOK_APP_SECRET: 's' }).FACEBOOK_APP_ID).toBe('123');
  });

  it('takes a VAPID pair only when both keys are given and belong together', () => {
    // As `npx web-push generate-vapid-keys` makes them: web-push pads a private key that ECDH
    // gives with a leading zero byte dropped (1 time in 256) back to 32 bytes. A raw
    // getPrivateKey() made this test fail that often.
    const fresh = webpush.generateVAPIDKeys();
    const pair = { VAPID_PUBLIC_KEY: fresh.publicKey, VAPID_PRIVATE_KEY: fresh.privateKey };
    expect(readEnv(pair)).toMatchObject(pair);
    expect(() => readEnv({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/,
    );
    expect(() => readEnv({ ...pair, VAPID_PRIVATE_KEY: webpush.generateVAPIDKeys().privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY is not the public key/,
    );
    expect(() => readEnv({ ...pair, VAPID_PUBLIC_KEY: 'abc+/=' })).toThrow(/VAPID_PUBLIC_KEY must be base64url/);
    expect(() => readEnv({ ...pair, VAPID_PRIVATE_KEY: 'AAAA' })).toThrow(/VAPID_PRIVATE_KEY must decode to 32 bytes/);
  });

  it('checks the VAPID subject and the push worker settings', () => {
    expect(readEnv({ VAPID_SUBJECT: 'https://talcioc.ro/contact' }).VAPID_SUBJECT).toBe('https://talcioc.ro/contact');
    expect(() => readEnv({ VAPID_SUBJECT: 'http://talcioc.ro' })).toThrow(
      /VAPID_SUBJECT: VAPID_SUBJECT must be a mailto: address or an https:\/\/ URL/,
    );
    expect(readEnv({ PUSH_WORKER: 'false', PUSH_POLL_SECONDS: '2' })).toMatchObject({ PUSH_WORKER: false, PUSH_POLL_SECONDS: 2 });
    expect(() => readEnv({ PUSH_WORKER: 'no' })).toThrow(/PUSH_WORKER/);
    expect(() => readEnv({ PUSH_POLL_SECONDS: '0' })).toThrow(/PUSH_POLL_SECONDS/);
  });
});

describe("the README's configuration table", () => {
  it('lists every variable the server reads', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    // A row names one variable or several (`A`, `B`) in its first cell.
    const documented = new Set(
      readme
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)),
    );
    expect(ENV_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
  });
});
