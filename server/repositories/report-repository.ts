/**
 * Reports of illegal content and what an operator's decision does to the reported content (issue 37,
 * DSA art. 16–17, ADR 033). Moderating a product writes the products row, whose trigger appends to
 * catalog_changes (migration 0011): every instance's catalog index drops it before its next list.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { contentReports, products, shopReviews, shops } from '#server/db/schema.ts';
import type { ReportDecision, ReportReason, ReportTargetType } from '#contract/reports.ts';

export type ReportRow = typeof contentReports.$inferSelect;
export type ProductModeration = 'removed' | 'suspended';

/** What a report names: its shop and a label the operator and the shop recognise. */
export async function findReportTarget(db: Database, type: ReportTargetType, id: number) {
  if (type === 'product') {
    const [row] = await db
      .select({ shopId: products.shopId, label: products.name })
      .from(products)
      .where(and(eq(products.id, id), isNull(products.moderation)));
    return row;
  }
  if (type === 'shop') {
    const [row] = await db.select({ shopId: shops.id, label: shops.name }).from(shops).where(eq(shops.id, id));
    return row;
  }
  const [row] = await db
    .select({ shopId: shopReviews.shopId, label: sql<string>`'#' || ${shopReviews.id} || ' (' || ${shopReviews.rating} || '★)'` })
    .from(shopReviews)
    .where(and(eq(shopReviews.id, id), isNull(shopReviews.removedAt)));
  return row;
}

export async function insertReport(
  db: Database,
  report: {
    reference: string;
    targetType: ReportTargetType;
    targetId: number;
    shopId: number;
    reason: ReportReason;
    explanation: string;
    reporterName: string;
    reporterEmail: string;
    reporterUserId: number | null;
    locale: string;
  },
) {
  const [row] = await db
    .insert(contentReports)
    .values(report)
    .returning({ reference: contentReports.reference, createdAt: contentReports.createdAt });
  return row!;
}

/** Reports without a decision, oldest first. */
export function listOpenReports(db: Database, limit = 200) {
  return db
    .select()
    .from(contentReports)
    .where(isNull(contentReports.decision))
    .orderBy(asc(contentReports.createdAt), asc(contentReports.id))
    .limit(limit);
}

export async function lockReport(tx: Database, reference: string): Promise<ReportRow | undefined> {
  const [row] = await tx.select().from(contentReports).where(eq(contentReports.reference, reference)).for('update');
  return row;
}

export async function recordDecision(tx: Database, id: number, decision: ReportDecision, reason: string) {
  await tx
    .update(contentReports)
    .set({ decision, decisionReason: reason, decidedAt: sql`now()` })
    .where(eq(contentReports.id, id));
}

/** Takes one product, or every listing of a shop, out of the catalog with the given moderation. */
export async function moderateProducts(tx: Database, where: { productId: number } | { shopId: number }, moderation: ProductModeration) {
  const target = 'productId' in where ? eq(products.id, where.productId) : eq(products.shopId, where.shopId);
  const rows = await tx
    .update(products)
    .set({ isActive: false, moderation })
    .where(and(target, isNull(products.moderation)))
    .returning({ id: products.id });
  return rows.length;
}

/** A product's moderation, if an operator's decision took it out (for GET /products/{id}: 410). */
export async function productModeration(db: Database, id: number): Promise<ProductModeration | undefined> {
  const [row] = await db.select({ moderation: products.moderation }).from(products).where(eq(products.id, id));
  return row?.moderation ?? undefined;
}

/** The shop told of a decision: its name and e-mail. */
export async function shopContact(db: Database, id: number) {
  const [row] = await db.select({ name: shops.name, email: shops.email }).from(shops).where(eq(shops.id, id));
  return row;
}
