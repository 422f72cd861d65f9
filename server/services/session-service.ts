/** Sessions and the user as the API answers it (contract contract/auth.ts). */
import type { FastifyRequest } from 'fastify';
import type { User } from '#contract/auth.ts';
import type { Database } from '#server/db/client.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import { insertSession } from '#server/repositories/session-repository.ts';
import type { UserRow } from '#server/repositories/user-repository.ts';

export const AVATAR_URL_PREFIX = '/media/avatars/';

/**
 * Product §3 User: `phone` is the national number without the dial code or trunk 0 and
 * `phone_code` the dial code ("+40"); both are "" for a social sign-in user without a phone.
 */
export function toUser(row: UserRow): User {
  const phoneCode = row.phoneCode ?? '';
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone ? row.phone.slice(phoneCode.length) : '',
    phone_code: row.phone ? phoneCode : '',
    profile_photo: row.profilePhoto ? `${AVATAR_URL_PREFIX}${row.profilePhoto}` : null,
    phone_verified_at: row.phoneVerifiedAt ? row.phoneVerifiedAt.toISOString() : null,
  };
}

/** A new session for `user`: the token is answered once and stored only as its SHA-256. */
export async function openSession(db: Database, user: UserRow, idleDays: number, deviceKey?: string | null) {
  const token = newToken();
  const session = await insertSession(db, { userId: user.id, tokenHash: hashToken(token), deviceKey: deviceKey || null });
  const expiresAt = new Date(session.lastUsedAt.getTime() + idleDays * 86_400_000).toISOString();
  return { user: toUser(user), access: { token: { token, expires_at: expiresAt } } };
}

/** The client's address as the rate limits key it (behind a trusted proxy in production). */
export const clientIp = (request: FastifyRequest) => request.ip || 'unknown';
