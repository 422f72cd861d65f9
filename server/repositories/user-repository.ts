/** Users, their social identities, and the country list as accounts need it (issue #4). */
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { countries, socialAccounts, users } from '#server/db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

/** PostgreSQL's unique_violation, from node-postgres or PGlite (possibly wrapped by drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByPhone(db: Database, e164: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, e164));
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function insertUser(db: Database, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Database, id: number, patch: UserPatch): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function deleteUser(db: Database, id: number) {
  await db.delete(users).where(eq(users.id, id));
}

/** Whether a user's profile photo is this file (only such files are served). */
export async function isProfilePhotoInUse(db: Database, file: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.profilePhoto, file)).limit(1);
  return Boolean(row);
}

/** Sets phone_verified_at (once) and answers the row. */
export async function markPhoneVerified(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ phoneVerifiedAt: sql`coalesce(${users.phoneVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * Whether `email` belongs to an account other than `exceptUserId` that owns it: one with a
 * verified phone or a provider-verified e-mail. An e-mail merely typed into a sign-up that was
 * never verified is released instead (removed from that account), so nobody can squat
 * addresses with unverified sign-ups.
 */
export async function claimEmail(db: Database, email: string, exceptUserId?: number): Promise<'free' | 'taken'> {
  const holder = await findUserByEmail(db, email);
  if (!holder || holder.id === exceptUserId) return 'free';
  if (holder.phoneVerifiedAt || holder.emailVerifiedAt) return 'taken';
  await db
    .update(users)
    .set({ email: null, updatedAt: sql`now()` })
    .where(eq(users.id, holder.id));
  return 'free';
}

/** An account that never verified its phone and holds `e164` gives the number up (phone change). */
export async function releaseUnverifiedPhone(db: Database, e164: string, exceptUserId: number) {
  await db
    .delete(users)
    .where(and(eq(users.phone, e164), isNull(users.phoneVerifiedAt), isNull(users.emailVerifiedAt), ne(users.id, exceptUserId)));
}

export function listCountries(db: Database) {
  return db.select({ id: countries.id, name: countries.name, isoCode: countries.isoCode, phoneCode: countries.phoneCode }).from(countries);
}

// --- social identities --------------------------------------------------------------------------

export type SocialProviderName = (typeof socialAccounts.$inferSelect)['provider'];

export async function findUserBySocialAccount(db: Database, provider: SocialProviderName, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(socialAccounts)
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.subject, subject)));
  return row?.user;
}

/** The account whose e-mail a provider already verified (never one merely typed into a form). */
export async function findUserByVerifiedEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNotNull(users.emailVerifiedAt)));
  return row;
}

export async function linkSocialAccount(
  db: Database,
  values: { userId: number; provider: SocialProviderName; subject: string; email: string | null },
) {
  await db.insert(socialAccounts).values(values).onConflictDoNothing();
}
