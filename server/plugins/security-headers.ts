/**
 * Security headers on every answer (issue 14, ADR 048), made by helmet:
 *
 * - Content-Security-Policy: scripts only from this origin, the social sign-in SDKs and the
 *   inline start-up script of the built index.html allowed by its SHA-256 (computed here from the
 *   file on disk, again whenever it changes, so a rebuild or deploy needs no configuration); no
 *   'unsafe-inline' for scripts. Styles allow 'unsafe-inline' (Mantine writes <style> elements).
 *   `frame-ancestors 'none'`: nothing may frame the app (clickjacking of signed-in pages).
 *   Routes that set their own policy (the sandbox payment page, uploaded files) keep theirs.
 * - X-Content-Type-Options nosniff, Referrer-Policy strict-origin-when-cross-origin,
 *   X-Frame-Options DENY (older browsers), Cross-Origin-Opener-Policy same-origin-allow-popups
 *   (the Google/Apple/Facebook sign-in popups), a Permissions-Policy that turns off what the app
 *   never uses, and Strict-Transport-Security in production only (HTTPS is the proxy's).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), interest-cohort=()';

/** Social sign-in SDKs (src/features/auth/lib/social-sdk.ts) and what they talk to. */
const SOCIAL_SCRIPTS = ['https://accounts.google.com', 'https://connect.facebook.net', 'https://appleid.cdn-apple.com'];
const SOCIAL_FRAMES = ['https://accounts.google.com', 'https://*.facebook.com', 'https://appleid.apple.com'];
const SOCIAL_CONNECT = ['https://accounts.google.com', 'https://graph.facebook.com', 'https://appleid.apple.com'];

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** 'sha256-…' sources of every inline <script> in `html`. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '', 'utf8')
        .digest('base64')}'`,
  );
}

/** The hashes of `file`'s inline scripts, read again when its size or mtime changes (checked at most once a second). */
function hashesOf(file: string | undefined, recheckMs: number) {
  let checkedAt = 0;
  let stamp = '';
  let value = '';
  return () => {
    if (!file) return '';
    const now = Date.now();
    if (now - checkedAt < recheckMs && checkedAt !== 0) return value;
    checkedAt = now;
    try {
      const stat = statSync(file);
      const next = `${stat.size}:${stat.mtimeMs}`;
      if (next !== stamp) {
        stamp = next;
        value = inlineScriptHashes(readFileSync(file, 'utf8')).join(' ');
      }
    } catch {
      stamp = '';
      value = '';
    }
    return value;
  };
}

export interface SecurityHeadersOptions {
  /** The built app's directory (its index.html's inline scripts are allowed by hash); none for API-only. */
  staticDir?: string;
  production: boolean;
  /** How often index.html is looked at again (ms, default 1000; tests use 0). */
  recheckMs?: number;
}

/**
 * The headers a helmet middleware sets, read once from a stand-in response: the middleware is
 * built once and the same headers are set on every answer. (@fastify/helmet builds a new helmet
 * middleware — parsing every CSP directive again — for each request: 12 % of the server's CPU
 * on /api/health under load, ADR 048.)
 */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export default fp<SecurityHeadersOptions>(
  async function securityHeaders(app: FastifyInstance, { staticDir, production, recheckMs = 1000 }) {
    const inlineHashes = hashesOf(staticDir ? path.join(path.resolve(staticDir), 'index.html') : undefined, recheckMs);
    const options = (hashes: string): HelmetOptions => ({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", ...SOCIAL_SCRIPTS, ...(hashes ? [hashes] : [])],
          'script-src-attr': ["'none'"],
          'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'", ...SOCIAL_CONNECT],
          'frame-src': SOCIAL_FRAMES,
          'worker-src': ["'self'"],
          'manifest-src': ["'self'"],
          'media-src': ["'self'", 'blob:'],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          ...(production && { 'upgrade-insecure-requests': [] }),
        },
      },
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // Images and files of this origin may be shown by the app only; the push service and social
      // SDKs never load them.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      frameguard: { action: 'deny' },
      hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    // Made again only when index.html's inline scripts change (a rebuild or a deploy).
    let madeFor: string | undefined;
    let headers: Record<string, string> = {};
    const current = () => {
      const hashes = inlineHashes();
      if (hashes !== madeFor) {
        headers = { ...headersOf(helmet(options(hashes))), 'Permissions-Policy': PERMISSIONS_POLICY };
        madeFor = hashes;
      }
      return headers;
    };
    current();
    // Set first: a route that needs its own policy (the sandbox payment page, files) replaces it.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(current());
      done();
    });
  },
  { name: 'security-headers' },
);
