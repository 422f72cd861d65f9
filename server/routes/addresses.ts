/**
 * Delivery addresses (issue #5, spec §7 GET /addresses and POST /address/store, plus PUT and
 * DELETE /address/{id} in the same spirit). Exactly one default per user: the first address is
 * the default, a new default clears the old one, deleting the default promotes the newest other
 * address. Another user's address ids answer 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { addressInputSchema, addressListResponseSchema, addressResponseSchema, DEFAULT_COUNTRY } from '../../contract/addresses.ts';
import { messageOnlyResponseSchema } from '../../contract/envelope.ts';
import { idParamSchema } from '../../contract/ids.ts';
import { addresses } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import type { Tx } from '../plugins/idempotency.ts';

type AddressRow = typeof addresses.$inferSelect;

export const toAddress = (row: AddressRow) => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  county: row.county,
  locality: row.locality,
  street: row.street,
  postal_code: row.postalCode,
  type: row.type,
  is_default: row.isDefault,
  country: row.country,
});

const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('preHandler', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  const list = (userId: number) =>
    db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), desc(addresses.id));

  async function own(tx: Tx, userId: number, id: number) {
    const [row] = await tx.select().from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId))).for('update');
    if (!row) throw new HttpError(404, 'address.not_found');
    return row;
  }

  /** Makes `id` the only default of the user. */
  async function makeDefault(tx: Tx, userId: number, id: number) {
    await tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.userId, userId), ne(addresses.id, id), eq(addresses.isDefault, true)));
    await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
  }

  /** When the user has addresses but no default, the newest becomes it. */
  async function ensureDefault(tx: Tx, userId: number) {
    const [hasDefault] = await tx.select({ id: addresses.id }).from(addresses).where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
    if (hasDefault) return;
    const [newest] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.id)).limit(1);
    if (newest) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, newest.id));
  }

  app.get('/addresses', { schema: { response: { 200: addressListResponseSchema } } }, async (request) => ({
    message: request.t('address.list'),
    data: { addresses: (await list(request.auth!.user.id)).map(toAddress) },
  }));

  app.post('/address/store', { schema: { body: addressInputSchema, response: { 200: addressResponseSchema } } }, (request, reply) =>
    app.idempotent(request, reply, async (tx) => {
      const userId = request.auth!.user.id;
      const b = request.body;
      // One default per user: serialise this user's address writes on their user row.
      await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
      const [inserted] = await tx
        .insert(addresses)
        .values({
          userId,
          name: b.name,
          phone: b.phone,
          county: b.county,
          locality: b.locality,
          street: b.street,
          postalCode: b.postal_code,
          type: b.type,
          country: b.country || DEFAULT_COUNTRY,
        })
        .returning();
      if (b.is_default) await makeDefault(tx, userId, inserted!.id);
      else await ensureDefault(tx, userId);
      const row = await own(tx, userId, inserted!.id);
      return { message: request.t('address.saved'), data: { address: toAddress(row) } };
    }),
  );

  app.put('/address/:id', { schema: { params: idParamSchema, body: addressInputSchema, response: { 200: addressResponseSchema } } }, (request, reply) =>
    app.idempotent(request, reply, async (tx) => {
      const userId = request.auth!.user.id;
      await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
      const current = await own(tx, userId, request.params.id);
      const b = request.body;
      await tx
        .update(addresses)
        .set({
          name: b.name,
          phone: b.phone,
          county: b.county,
          locality: b.locality,
          street: b.street,
          postalCode: b.postal_code,
          type: b.type,
          country: b.country || current.country || DEFAULT_COUNTRY,
          updatedAt: sql`now()`,
        })
        .where(eq(addresses.id, current.id));
      // is_default true makes it the default; false on the default is ignored (exactly one default).
      if (b.is_default) await makeDefault(tx, userId, current.id);
      return { message: request.t('address.updated'), data: { address: toAddress(await own(tx, userId, current.id)) } };
    }),
  );

  app.delete('/address/:id', { schema: { params: idParamSchema, response: { 200: messageOnlyResponseSchema } } }, (request, reply) =>
    app.idempotent(request, reply, async (tx) => {
      const userId = request.auth!.user.id;
      await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
      const current = await own(tx, userId, request.params.id);
      await tx.delete(addresses).where(eq(addresses.id, current.id));
      await ensureDefault(tx, userId);
      return { message: request.t('address.deleted') };
    }),
  );
};
export default addressRoutes;
