/**
 * A shop's trader identity (issue 36, ADR 031): the columns every answer that shows it selects
 * (shop page, product details, checkout's shop groups — each in its own existing query, no extra
 * round trip), their wire shape, and the operator's write (scripts/ops/ops.ts shop:trader).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { shops } from '#server/db/schema.ts';
import type { Trader, TraderIdentity } from '#contract/trader.ts';

/** Select these beside the shop's other columns (`shops` joined). */
export const traderColumns = {
  traderListed: shops.traderListed,
  trader: {
    legalName: shops.traderLegalName,
    cui: shops.traderCui,
    registrationNumber: shops.traderRegistrationNumber,
    address: shops.traderAddress,
    email: shops.traderEmail,
    phone: shops.traderPhone,
    certifiedAt: shops.traderCertifiedAt,
  },
};

export interface TraderColumns {
  legalName: string | null;
  cui: string | null;
  registrationNumber: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
  certifiedAt: Date | null;
}

/** The wire shape; undefined when any part is missing (the shop is then not listed). */
export function traderOf(t: TraderColumns | null): Trader | undefined {
  if (!t?.legalName || !t.cui || !t.registrationNumber || !t.address || !t.email || !t.phone || !t.certifiedAt) return undefined;
  return {
    legal_name: t.legalName,
    cui: t.cui,
    registration_number: t.registrationNumber,
    address: t.address,
    email: t.email,
    phone: t.phone,
    certified_at: (t.certifiedAt instanceof Date ? t.certifiedAt : new Date(t.certifiedAt)).toISOString(),
  };
}

export async function findShopTrader(db: Database, shopId: number) {
  const [row] = await db
    .select({ id: shops.id, name: shops.name, ...traderColumns })
    .from(shops)
    .where(eq(shops.id, shopId));
  return row ? { id: row.id, name: row.name, listed: row.traderListed, trader: traderOf(row.trader) } : undefined;
}

/** Sets (validated values, contract/trader.ts) or clears (null) a shop's identity; certified now. Returns false for an unknown shop. */
export async function setShopTrader(db: Database, shopId: number, identity: TraderIdentity | null): Promise<boolean> {
  const values = identity
    ? {
        traderLegalName: identity.legal_name,
        traderCui: identity.cui,
        traderRegistrationNumber: identity.registration_number,
        traderAddress: identity.address,
        traderEmail: identity.email,
        traderPhone: identity.phone,
        traderCertifiedAt: new Date(),
      }
    : {
        traderLegalName: null,
        traderCui: null,
        traderRegistrationNumber: null,
        traderAddress: null,
        traderEmail: null,
        traderPhone: null,
        traderCertifiedAt: null,
      };
  const updated = await db.update(shops).set(values).where(eq(shops.id, shopId)).returning({ id: shops.id });
  return updated.length > 0;
}
