/**
 * Vouchers (issue #5, product §4 Voucher): the shops' coupons, which a user collects before using
 * one at checkout. "Valid" is always judged by the database's clock: starts_at <= now() <
 * expires_at.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { collectedVouchers, vouchers } from '#server/db/schema.ts';

export type VoucherRow = typeof vouchers.$inferSelect;

const validNow = sql<boolean>`(${vouchers.startsAt} <= now() AND ${vouchers.expiresAt} > now())`;

/** Vouchers valid now (of one shop, or all), soonest to expire first, each with whether the user collected it. */
export async function listValidVouchers(
  db: Database,
  userId: number,
  shopId?: number,
): Promise<{ voucher: VoucherRow; collected: boolean }[]> {
  const rows = await db
    .select({ voucher: vouchers, collected: collectedVouchers.userId })
    .from(vouchers)
    .leftJoin(collectedVouchers, and(eq(collectedVouchers.voucherId, vouchers.id), eq(collectedVouchers.userId, userId)))
    .where(and(shopId === undefined ? undefined : eq(vouchers.shopId, shopId), validNow))
    .orderBy(vouchers.expiresAt, vouchers.id);
  return rows.map(({ voucher, collected }) => ({ voucher, collected: collected !== null }));
}

/** A voucher by id and whether it is valid now, or undefined. */
export async function findVoucherValidity(db: Database, id: number): Promise<{ id: number; valid: boolean } | undefined> {
  const [voucher] = await db.select({ id: vouchers.id, valid: validNow }).from(vouchers).where(eq(vouchers.id, id));
  return voucher;
}

/** Collects a voucher for the user; collecting twice is harmless (the second insert does nothing). */
export async function collectVoucher(db: Database, userId: number, voucherId: number) {
  await db.insert(collectedVouchers).values({ userId, voucherId }).onConflictDoNothing();
}

/** A voucher by code (any case), whether the user collected it and whether it is valid now, or undefined. */
export async function findVoucherByCode(
  db: Database,
  userId: number,
  code: string,
): Promise<{ voucher: VoucherRow; collected: boolean; valid: boolean } | undefined> {
  const [row] = await db
    .select({ voucher: vouchers, collected: collectedVouchers.userId, valid: validNow })
    .from(vouchers)
    .leftJoin(collectedVouchers, and(eq(collectedVouchers.voucherId, vouchers.id), eq(collectedVouchers.userId, userId)))
    .where(sql`lower(${vouchers.code}) = lower(${code})`);
  return row && { voucher: row.voucher, collected: row.collected !== null, valid: row.valid };
}
