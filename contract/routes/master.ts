/** The storefront's settings (product §7): GET /master (master data) and GET /settings (general settings). */
import type { masterResponseSchema, settingsResponseSchema } from '#contract/master.ts';
import { MASTER_PATH, SETTINGS_PATH } from '#contract/api-paths/storefront.ts';
import { defineRoute } from '#contract/route.ts';

export const masterApi = {
  master: defineRoute<{ response: typeof masterResponseSchema }>()('GET', MASTER_PATH),
  settings: defineRoute<{ response: typeof settingsResponseSchema }>()('GET', SETTINGS_PATH),
};
