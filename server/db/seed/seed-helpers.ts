/** What the seed's modules share: slugs, insert batches, a day in ms. */
/** Lower-case ASCII slug: diacritics dropped, anything else becomes a dash. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Splits rows into batches for multi-row inserts. */
export function chunks<T>(rows: readonly T[], size = 200): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
