/** The address endpoints (product §7): GET /addresses, POST /address/store, PUT and DELETE /address/:id. */
import type { addressInputSchema, addressListResponseSchema, addressResponseSchema } from '#contract/addresses.ts';
import type { messageOnlyResponseSchema } from '#contract/envelope.ts';
import type { idParamSchema } from '#contract/ids.ts';
import { defineRoute } from '#contract/route.ts';

export const addressApi = {
  list: defineRoute<{ response: typeof addressListResponseSchema }>()('GET', '/addresses'),
  store: defineRoute<{ body: typeof addressInputSchema; response: typeof addressResponseSchema }>()('POST', '/address/store'),
  update: defineRoute<{ params: typeof idParamSchema; body: typeof addressInputSchema; response: typeof addressResponseSchema }>()(
    'PUT',
    '/address/:id',
  ),
  remove: defineRoute<{ params: typeof idParamSchema; response: typeof messageOnlyResponseSchema }>()('DELETE', '/address/:id'),
};
