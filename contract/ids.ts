/**
 * Ids as every request carries them: a positive 32-bit integer, from a path, a query or a body
 * (strings are coerced), else `validation.id_invalid`.
 */
import { z } from 'zod';
import './zod-config.ts';

export const id = z.coerce
  .number({ message: 'validation.id_invalid' })
  .int('validation.id_invalid')
  .min(1, 'validation.id_invalid')
  .max(2_147_483_647, 'validation.id_invalid');

/** An id that may be left out: '' and a missing value are null. */
export const nullableId = z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable());

/** `/…/:id` path parameters. */
export const idParamSchema = z.object({ id });
