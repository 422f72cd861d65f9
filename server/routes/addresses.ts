/**
 * Delivery addresses (issue #5, product §7 GET /addresses and POST /address/store, plus PUT and
 * DELETE /address/{id} in the same spirit). Exactly one default per user: the first address is
 * the default, a new default clears the old one, deleting the default promotes the newest other
 * address. Another user's address ids answer 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressInputSchema, addressListResponseSchema, addressResponseSchema, DEFAULT_COUNTRY } from '#contract/addresses.ts';
import { messageOnlyResponseSchema } from '#contract/envelope.ts';
import { idParamSchema } from '#contract/ids.ts';
import { addressApi } from '#contract/routes/addresses.ts';
import { contractRoute } from '#server/lib/contract-route.ts';
import { HttpError } from '#server/lib/http-error.ts';
import type { Tx } from '#server/plugins/idempotency.ts';
import {
  deleteAddress,
  ensureDefaultAddress,
  insertAddress,
  listAddresses,
  lockAddress,
  lockAddressBook,
  makeDefaultAddress,
  updateAddress,
  type AddressRow,
} from '#server/repositories/address-repository.ts';

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

  /** The user's address, locked for the change; another user's id (or none) answers 404. */
  async function own(tx: Tx, userId: number, id: number) {
    const row = await lockAddress(tx, userId, id);
    if (!row) throw new HttpError(404, 'address.not_found');
    return row;
  }

  app.route({
    ...contractRoute(addressApi.list, { response: addressListResponseSchema }),
    handler: async (request) => ({
      message: request.t('address.list'),
      data: { addresses: (await listAddresses(db, request.auth!.user.id)).map(toAddress) },
    }),
  });

  app.route({
    ...contractRoute(addressApi.store, { body: addressInputSchema, response: addressResponseSchema }),
    handler: (request, reply) =>
      app.idempotent(request, reply, async (tx) => {
        const userId = request.auth!.user.id;
        const b = request.body;
        // One default per user: serialise this user's address writes on their user row.
        await lockAddressBook(tx, userId);
        const id = await insertAddress(tx, userId, {
          name: b.name,
          phone: b.phone,
          county: b.county,
          locality: b.locality,
          street: b.street,
          postalCode: b.postal_code,
          type: b.type,
          country: b.country || DEFAULT_COUNTRY,
        });
        if (b.is_default) await makeDefaultAddress(tx, userId, id);
        else await ensureDefaultAddress(tx, userId);
        const row = await own(tx, userId, id);
        return { message: request.t('address.saved'), data: { address: toAddress(row) } };
      }),
  });

  app.route({
    ...contractRoute(addressApi.update, { params: idParamSchema, body: addressInputSchema, response: addressResponseSchema }),
    handler: (request, reply) =>
      app.idempotent(request, reply, async (tx) => {
        const userId = request.auth!.user.id;
        await lockAddressBook(tx, userId);
        const current = await own(tx, userId, request.params.id);
        const b = request.body;
        await updateAddress(tx, current.id, {
          name: b.name,
          phone: b.phone,
          county: b.county,
          locality: b.locality,
          street: b.street,
          postalCode: b.postal_code,
          type: b.type,
          country: b.country || current.country || DEFAULT_COUNTRY,
        });
        // is_default true makes it the default; false on the default is ignored (exactly one default).
        if (b.is_default) await makeDefaultAddress(tx, userId, current.id);
        return { message: request.t('address.updated'), data: { address: toAddress(await own(tx, userId, current.id)) } };
      }),
  });

  app.route({
    ...contractRoute(addressApi.remove, { params: idParamSchema, response: messageOnlyResponseSchema }),
    handler: (request, reply) =>
      app.idempotent(request, reply, async (tx) => {
        const userId = request.auth!.user.id;
        await lockAddressBook(tx, userId);
        const current = await own(tx, userId, request.params.id);
        await deleteAddress(tx, current.id);
        await ensureDefaultAddress(tx, userId);
        return { message: request.t('address.deleted') };
      }),
  });
};
export default addressRoutes;
