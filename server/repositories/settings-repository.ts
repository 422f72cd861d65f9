/** Master data and general settings (product §3 Storefront settings, §7 GET /master, GET /settings). */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { attributeOptions, languages, settings } from '#server/db/schema.ts';
import type { FilterOption, GeneralSettings, MasterData } from '#contract/master.ts';

type StoredMaster = Omit<MasterData, 'languages' | 'seasons' | 'qualities' | 'colors' | 'sizes' | 'filter_categories'>;

/** The stored value of a setting (a JSON document), or undefined. */
export async function readSetting<T>(db: Database, key: string): Promise<T | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value as T | undefined;
}

/** Stores a setting unless it exists (then keeps what is there: the first writer wins). */
export async function insertSettingIfMissing(db: Database, key: string, value: unknown) {
  await db.insert(settings).values({ key, value }).onConflictDoNothing();
}

export async function getMasterData(db: Database): Promise<MasterData | undefined> {
  const [stored, languageRows, optionRows] = await Promise.all([
    readSetting<StoredMaster>(db, 'master'),
    db.select().from(languages).orderBy(asc(languages.position)),
    db.select().from(attributeOptions).orderBy(asc(attributeOptions.position), asc(attributeOptions.id)),
  ]);
  if (!stored) return undefined;
  const optionsOf = (kind: (typeof optionRows)[number]['kind']): FilterOption[] =>
    optionRows.filter((o) => o.kind === kind).map(({ id, name }) => ({ id, name }));
  const qualities = optionsOf('quality');
  const seasons = optionsOf('season');
  return {
    ...stored,
    languages: languageRows.map((l) => ({ name: l.code, title: l.title })),
    seasons,
    qualities,
    colors: optionsOf('color'),
    sizes: optionsOf('size'),
    // Product §3: two filter groups, qualities titled Calitate and seasons titled Anotimpuri.
    filter_categories: [
      { key: 'qualities', title: 'Calitate', items: qualities },
      { key: 'seasons', title: 'Anotimpuri', items: seasons },
    ],
  };
}

export function getGeneralSettings(db: Database) {
  return readSetting<GeneralSettings>(db, 'general');
}

/** The master settings accounts depend on (issue #4), read without the option lists. */
export async function getAccountSettings(db: Database) {
  const stored = await readSetting<StoredMaster>(db, 'master');
  return {
    appName: stored?.app_name ?? 'Talcioc',
    registerOtpVerify: stored?.register_otp_verify ?? true,
    registerOtpType: stored?.register_otp_type ?? 'phone',
    forgotOtpType: stored?.forgot_otp_type ?? 'phone',
    socialAuths: stored?.social_auths,
  };
}
export type AccountSettings = Awaited<ReturnType<typeof getAccountSettings>>;
