/** The rows of `db.execute(sql…)`: node-postgres answers `{ rows }`, PGlite's drizzle driver too, some drivers an array. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
