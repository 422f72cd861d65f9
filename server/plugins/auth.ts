/**
 * Accounts plumbing shared by the account route plugins (issue #4):
 * - `app.accounts`: environment, password hasher, message sender, social verifier;
 * - `app.authenticate`: a preHandler that reads `Authorization: Bearer <token>`, finds the live
 *   session (not revoked, used within SESSION_IDLE_DAYS) and sets `request.auth`; otherwise
 *   401 {message} (ADR 006);
 * - `bearerTokenHash(request)`: the one reading of that header — the token's hash when a
 *   well-formed bearer token is sent, else null (anonymous). app.authenticate and the public
 *   routes that answer a signed-in shopper differently (routes/catalog.ts) both use it;
 * - hourly housekeeping: expired codes, reset tokens, sessions and rate-limit buckets are deleted.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '#server/env.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { createPasswordHasher, DEFAULT_LOG_N, type PasswordHasher } from '#server/lib/password.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { createMessageSender, type MessageChannel, type MessageSender } from '#server/services/message-delivery.ts';
import { DeliveryWorker, queuedSender } from '#server/services/delivery-queue.ts';
import { createSocialVerifier, type SocialVerifier } from '#server/services/social-auth.ts';
import { findLiveSession, pruneSessions } from '#server/repositories/session-repository.ts';
import { pruneOtps } from '#server/repositories/otp-repository.ts';
import { pruneBuckets } from '#server/repositories/rate-limit-repository.ts';
import type { UserRow } from '#server/repositories/user-repository.ts';

export interface Accounts {
  env: Env;
  passwords: PasswordHasher;
  /** Queues a message for the delivery worker (never waits for a gateway). */
  sender: MessageSender;
  /** The gateways themselves: which channels can be delivered at all. */
  gateways: MessageSender & { available(channel: MessageChannel): boolean };
  social: SocialVerifier;
}

export interface RequestAuth {
  user: UserRow;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    /** Set by app.authenticate on routes that require a session. */
    auth: RequestAuth | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/;

export const unauthenticated = () => new HttpError(401, 'auth.unauthenticated');

/**
 * The SHA-256 of the request's bearer token (what sessions store, ADR 006) when it sends a
 * well-formed `Authorization: Bearer <token>`, else null: anonymous. Whether the session is live
 * is the caller's lookup (findLiveSession, or a query joining sessions).
 */
export function bearerTokenHash(request: { headers: { authorization?: string } }): string | null {
  const token = BEARER.exec(request.headers.authorization?.trim() ?? '')?.[1];
  return token ? hashToken(token) : null;
}

/**
 * Signs the request in when it carries a live session, and leaves it anonymous otherwise (a bad or
 * expired token is no error): forms anyone may send, with the sender's account when there is one.
 */
export async function authenticateIfSignedIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (!request.headers.authorization) return;
  try {
    await app.authenticate(request, reply);
  } catch {
    request.auth = null;
  }
}

export default fp<{ env: Env }>(async function authPlugin(app: FastifyInstance, { env }) {
  const delivery = createMessageSender(env, app.db, app.log);
  // Issue 14, ADR 020: routes only queue codes; this worker (one per instance) sends them.
  const deliveryWorker = new DeliveryWorker({ db: app.db, sender: delivery.sender, log: app.log, pollSeconds: 2 });
  app.decorate('accounts', {
    env,
    passwords: createPasswordHasher(env.NODE_ENV === 'test' ? (env.TEST_SCRYPT_LOG_N ?? DEFAULT_LOG_N) : DEFAULT_LOG_N),
    sender: queuedSender(app.db, deliveryWorker),
    gateways: delivery.sender,
    social: createSocialVerifier(env),
  });
  app.decorateRequest('auth', null);

  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    const tokenHash = bearerTokenHash(request);
    if (!tokenHash) throw unauthenticated();
    const found = await findLiveSession(app.db, tokenHash, env.SESSION_IDLE_DAYS);
    if (!found) throw unauthenticated();
    request.auth = { user: found.user, sessionId: found.session.id };
  });

  const housekeeping = async () => {
    try {
      await pruneOtps(app.db);
      await pruneSessions(app.db, env.SESSION_IDLE_DAYS);
      await pruneBuckets(app.db);
    } catch (err) {
      app.log.warn({ err }, 'accounts housekeeping failed');
    }
  };
  const timer = setInterval(housekeeping, 3_600_000);
  timer.unref();
  app.addHook('onReady', async () => deliveryWorker.start());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await deliveryWorker.stop();
    delivery.close();
  });
});
