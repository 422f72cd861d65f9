/** Environment, validated once at boot: a bad value stops the server with a clear message. */
import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';

/** An optional string where an empty value means "unset" (as shells and .env files often give it). */
const optional = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal('').transform(() => undefined));

const httpUrl = (name: string) => z.string().regex(/^https?:\/\/\S+$/, `${name} must be an http:// or https:// URL`);

/** Whether `publicKey` is the uncompressed P-256 public key of `privateKey` (both base64url). */
function isVapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false;
  }
}

/** FCM (Chrome, Edge on Android…), Mozilla autopush, Apple (Safari), Windows (WNS). */
export const DEFAULT_PUSH_SERVICE_HOSTS = 'fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com';

/** An IPv4/IPv6 address, a CIDR of one, or one of proxy-addr's names (loopback, linklocal, uniquelocal). */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const family = isIP(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** base64url (no padding) of exactly `bytes` bytes, e.g. a VAPID key. */
const base64url = (name: string, bytes: number) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+$/, `${name} must be base64url (A-Z a-z 0-9 - _, no padding)`)
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, `${name} must decode to ${bytes} bytes`);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** Server processes sharing PORT (server/server.ts, node:cluster); more than 1 needs DATABASE_URL. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')),
    DATA_DIR: z.string().min(1).default('./data'),
    /**
     * PostgreSQL only: seconds to wait at start for the database to answer (retried with growing
     * pauses) before exiting with one clear line (issue 14, ADR 013).
     */
    DATABASE_WAIT_SECONDS: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int('DATABASE_WAIT_SECONDS must be a whole number').min(0).max(600).default(30),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Built front end served by the same process; absent in API-only test runs. */
    STATIC_DIR: z.string().default('./dist'),
    /**
     * Which X-Forwarded-For hops to believe for the client address (rate limits; issue 14,
     * ADR 014): unset/`false`/`0` = none (the socket's address); a hop count (`1` = the address
     * the nearest proxy saw); or a comma-separated list of proxy addresses/CIDRs (`127.0.0.1`,
     * `10.0.0.0/8`; proxy-addr's `loopback`, `linklocal`, `uniquelocal` too). `true` (every hop,
     * so the leftmost, client-written address wins) is refused. The browser tests name 127.0.0.1.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx): false | number | string[] => {
        const text = value?.trim() ?? '';
        if (text === '' || text === 'false' || text === '0') return false;
        if (/^\d+$/.test(text)) {
          const hops = Number(text);
          if (hops > 10) ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY hop count must be 0-10' });
          return hops;
        }
        if (text === 'true') {
          ctx.addIssue({
            code: 'custom',
            message:
              "TRUST_PROXY=true would believe any client-written X-Forwarded-For: give the hop count (e.g. 1) or the proxies' addresses/CIDRs",
          });
          return false;
        }
        const entries = text
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean);
        for (const entry of entries)
          if (!isProxyAddress(entry))
            ctx.addIssue({ code: 'custom', message: `TRUST_PROXY: "${entry}" is not an address, CIDR or hop count` });
        return entries;
      }),

    /**
     * Requests a minute one client address may make to /api, counted across every instance in
     * the database (issue 14, ADR 023). Unset: 300, or 10 000 under NODE_ENV=test. Loopback
     * addresses are not counted outside production.
     */
    API_RATE_LIMIT: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int('API_RATE_LIMIT must be a whole number').min(1).max(1_000_000).optional(),
    ),

    /**
     * The origin clients reach the API at (https://talcioc.ro), named as `servers` in the OpenAPI
     * document (issue 39); unset, the document names the origin of the request that asked for it.
     */
    PUBLIC_ORIGIN: optional(z.string().regex(/^https?:\/\/[^/\s]+$/, 'PUBLIC_ORIGIN must be an origin: http(s)://host[:port], no path')),

    // --- Accounts (issue #4) -------------------------------------------------------------
    /** HTTP SMS gateway: POST {to, message} as JSON with `Authorization: Bearer SMS_GATEWAY_TOKEN`. */
    SMS_GATEWAY_URL: optional(httpUrl('SMS_GATEWAY_URL')),
    SMS_GATEWAY_TOKEN: optional(z.string()),
    /** smtp:// or smtps:// URL for e-mailed codes (nodemailer). */
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\/\S+$/, 'SMTP_URL must start with smtp:// or smtps://')),
    MAIL_FROM: z.string().min(3).default('Talcioc <no-reply@talcioc.ro>'),
    /** A session unused for this many days ends (ADR 006). */
    SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Digits in a one-time code (product §9: 4; 6 allowed). Also answered as settings.otp_length. */
    OTP_LENGTH: z.coerce
      .number()
      .refine((n) => n === 4 || n === 6, 'OTP_LENGTH must be 4 or 6')
      .default(4)
      .transform((n) => n as 4 | 6),
    GOOGLE_CLIENT_ID: optional(z.string()),
    APPLE_CLIENT_ID: optional(z.string()),
    FACEBOOK_APP_ID: optional(z.string()),
    FACEBOOK_APP_SECRET: optional(z.string()),
    GOOGLE_JWKS_URL: httpUrl('GOOGLE_JWKS_URL').default('https://www.googleapis.com/oauth2/v3/certs'),
    APPLE_JWKS_URL: httpUrl('APPLE_JWKS_URL').default('https://appleid.apple.com/auth/keys'),
    FACEBOOK_GRAPH_URL: httpUrl('FACEBOOK_GRAPH_URL').default('https://graph.facebook.com'),
    /**
     * TEST ONLY: log2 of scrypt's N for new password hashes (default 17, i.e. N = 2^17). Accepted
     * only with NODE_ENV=test, so production never hashes with a lower cost.
     */
    TEST_SCRYPT_LOG_N: optional(z.coerce.number().int().min(10).max(20)),

    // --- Web Push (issue #6, ADR 009) -----------------------------------------------------
    /**
     * VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints them). Both or
     * neither: without them a pair is generated at first start and kept in the database.
     */
    VAPID_PUBLIC_KEY: optional(base64url('VAPID_PUBLIC_KEY', 65)),
    VAPID_PRIVATE_KEY: optional(base64url('VAPID_PRIVATE_KEY', 32)),
    /** Contact the push services may use: a mailto: or https: URL. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address or an https:// URL')
      .default('mailto:suport@talcioc.ro'),
    /**
     * Push services subscriptions may point at (issue 14, ADR 019): comma-separated host names,
     * `*.suffix` for any subdomain of suffix. Anything else is refused with 422 (the server POSTs
     * to these addresses: no SSRF to internal hosts). Defaults: the major browsers' services.
     */
    PUSH_SERVICE_HOSTS: z
      .string()
      .default(DEFAULT_PUSH_SERVICE_HOSTS)
      .transform((value) =>
        value
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((hosts) => hosts.length > 0, 'PUSH_SERVICE_HOSTS needs at least one host')
      .refine(
        (hosts) => hosts.every((h) => /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(h)),
        'PUSH_SERVICE_HOSTS: each entry is a host name or *.domain',
      ),
    /** Work the push queue in this process (default on; off for a process that must not send). */
    PUSH_WORKER: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** Seconds between two looks at the push queue (new pushes are also sent right after they are queued). */
    PUSH_POLL_SECONDS: z.coerce.number().int().min(1).max(300).default(5),

    // --- Catalog (issue #3, ADR 045) --------------------------------------------------------
    /**
     * Seconds an anonymous catalog answer is kept in this process's response micro-cache
     * (plugins/response-cache.ts); 0 turns it off. Writes made by this process clear it at once;
     * writes from another process (`npm run ops`, a second instance) show after at most this long.
     */
    // An empty value means unset (as for the other variables), not 0: it must not turn the cache off.
    CATALOG_CACHE_SECONDS: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int('CATALOG_CACHE_SECONDS must be a whole number').min(0).max(300).default(10),
    ),

    /**
     * The in-process catalog index (issue #13, ADR 041): lists and searches choose their page from
     * memory, kept current from the catalog_changes log. 'false' answers every list with SQL.
     */
    CATALOG_INDEX: z.enum(['true', 'false']).default('true'),
    /** How often each instance reads the catalog change log (ms); a list request also reads it when behind. */
    CATALOG_INDEX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),

    /**
     * How long a first screen's page waits for the answers it carries (ADR 026,
     * first-screen/first-answers.ts), in ms; 0 sends every page without them.
     */
    FIRST_ANSWERS_MS: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int('FIRST_ANSWERS_MS must be a whole number').min(0).max(5_000).default(250),
    ),
    /**
     * The time a first screen's HTML may take to render on the server (ADR 044,
     * first-screen/render.ts), in ms; 0 sends every page without it (the browser draws it).
     */
    FIRST_SCREEN_HTML_MS: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int('FIRST_SCREEN_HTML_MS must be a whole number').min(0).max(5_000).default(300),
    ),
    /** At most this many first screens drawn per second and process (ADR 044): the CPU it may take. */
    FIRST_SCREEN_RENDERS_PER_SECOND: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int('FIRST_SCREEN_RENDERS_PER_SECOND must be a whole number').min(1).max(1_000).default(4),
    ),

    // --- Photographs (issue 15, ADR 043) ----------------------------------------------------
    /**
     * After listening, make the home page's and the category list's photos in the background
     * (media/warm-up.ts), so the first visitor of a fresh database does not wait for each photo
     * to be drawn. Default on; off in tests unless asked (it competes for the test's cores).
     */
    IMAGE_WARMUP: z.enum(['true', 'false']).optional(),
    /**
     * New image variants (not yet stored) one client address may have made a minute, counted
     * across every instance in the database (issue 38); over it: 429 with Retry-After. Stored
     * variants are never counted; loopback addresses are not counted outside production.
     */
    IMAGE_NEW_VARIANTS_PER_MINUTE: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int('IMAGE_NEW_VARIANTS_PER_MINUTE must be a whole number').min(1).max(1_000_000).default(60),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: 'WEB_CONCURRENCY above 1 needs DATABASE_URL (the embedded database belongs to one process)',
      });
    }
    if (env.TEST_SCRYPT_LOG_N !== undefined && env.NODE_ENV !== 'test') {
      ctx.addIssue({ code: 'custom', path: ['TEST_SCRYPT_LOG_N'], message: 'TEST_SCRYPT_LOG_N is for tests only (NODE_ENV=test)' });
    }
    if (env.NODE_ENV === 'production' && !env.SMS_GATEWAY_URL && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_GATEWAY_URL'],
        message: 'in production one-time codes must be deliverable: set SMS_GATEWAY_URL (SMS) and/or SMTP_URL (e-mail)',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together' });
    } else if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && !isVapidPair(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY (P-256)',
      });
    }
    if (Boolean(env.FACEBOOK_APP_ID) !== Boolean(env.FACEBOOK_APP_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['FACEBOOK_APP_SECRET'], message: 'FACEBOOK_APP_ID and FACEBOOK_APP_SECRET go together' });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Every variable the server reads (the README's configuration table lists each: server/env.test.ts). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as (keyof Env)[];

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${detail}`);
  }
  return parsed.data;
}
