/**
 * Delivery addresses (issue #5): a user's address book, exactly one default per user (the
 * partial unique index addresses_one_default). Every function takes the user, so another user's
 * address ids are simply not found; the 404s are the callers' (routes/addresses.ts,
 * services/checkout-service.ts).
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { addresses } from '#server/db/schema.ts';

export type AddressRow = typeof addresses.$inferSelect;

/** What the shopper writes; the country is chosen by the caller (never empty). */
export interface AddressValues {
  name: string;
  phone: string;
  county: string;
  locality: string;
  street: string;
  postalCode: string;
  type: AddressRow['type'];
  country: string;
}

/** The user's addresses, the default first, then newest first. */
export function listAddresses(db: Database, userId: number): Promise<AddressRow[]> {
  return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), desc(addresses.id));
}

/** One of the user's addresses, or undefined. */
export async function findAddress(db: Database, userId: number, id: number): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row;
}

/** One of the user's addresses locked for change (FOR UPDATE), or undefined. */
export async function lockAddress(tx: Database, userId: number, id: number): Promise<AddressRow | undefined> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .for('update');
  return row;
}

/**
 * One default per user: serialises this user's address writes on their user row. Taken first in
 * every transaction that writes the user's addresses.
 */
export async function lockAddressBook(tx: Database, userId: number) {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
}

/** A new address (not the default: see makeDefaultAddress / ensureDefaultAddress). Answers its id. */
export async function insertAddress(tx: Database, userId: number, values: AddressValues): Promise<number> {
  const [inserted] = await tx
    .insert(addresses)
    .values({ userId, ...values })
    .returning();
  return inserted!.id;
}

export async function updateAddress(tx: Database, id: number, values: AddressValues) {
  await tx
    .update(addresses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(addresses.id, id));
}

export async function deleteAddress(tx: Database, id: number) {
  await tx.delete(addresses).where(eq(addresses.id, id));
}

/** Makes `id` the only default of the user. */
export async function makeDefaultAddress(tx: Database, userId: number, id: number) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), ne(addresses.id, id), eq(addresses.isDefault, true)));
  await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
}

/** When the user has addresses but no default, the newest becomes it. */
export async function ensureDefaultAddress(tx: Database, userId: number) {
  const [hasDefault] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  if (hasDefault) return;
  const [newest] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.id))
    .limit(1);
  if (newest) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, newest.id));
}
