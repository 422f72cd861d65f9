/**
 * The operator command `npm run ops -- shop:trader` (issue 36, ADR 031): sets, checks or clears a
 * shop's trader identity. Seller screens are out of scope, so the operator records what the trader
 * gave (DSA art. 30: the platform collects it and makes best efforts to check it).
 *
 *   shop:trader <shopId>                          prints the identity and whether the shop is listed
 *   shop:trader <shopId> --legal-name "…" --cui … --registration … --address "…" --email … --phone …
 *                                                 validates every value (contract/trader.ts: CUI check
 *                                                 digit, trade-register format, Romanian phone), then
 *                                                 stores it, certified now: the shop is listed
 *   shop:trader <shopId> --clear                  removes it: the shop and its products leave the lists
 *
 * Every invalid value is refused with its own message, and nothing is written.
 */
import { parseArgs } from 'node:util';
import type { Database } from '#server/db/client.ts';
import { findShopTrader, setShopTrader } from '#server/repositories/catalog/trader-identity.ts';
import { TRADER_ERROR_TEXT, traderIdentityInputSchema } from '#contract/trader.ts';
import type { Trader } from '#contract/trader.ts';

export const SHOP_TRADER_USAGE =
  'usage: npm run ops -- shop:trader <shopId> [--legal-name "…" --cui … --registration … --address "…" --email … --phone … | --clear]';

const OPTION_OF_FIELD: Record<string, string> = {
  legal_name: '--legal-name',
  cui: '--cui',
  registration_number: '--registration',
  address: '--address',
  email: '--email',
  phone: '--phone',
};

/** What the operator is shown of an identity. */
export function describeTrader(trader: Trader): string {
  return [
    `  legal name:   ${trader.legal_name}`,
    `  CUI:          ${trader.cui}`,
    `  trade reg.:   ${trader.registration_number}`,
    `  address:      ${trader.address}`,
    `  e-mail:       ${trader.email}`,
    `  phone:        ${trader.phone}`,
    `  certified at: ${trader.certified_at}`,
  ].join('\n');
}

/** Runs the command; answers what to print, throws an Error whose message says what is wrong. */
export async function runShopTraderCommand(db: Database, argv: readonly string[]): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        'legal-name': { type: 'string' },
        cui: { type: 'string' },
        registration: { type: 'string' },
        address: { type: 'string' },
        email: { type: 'string' },
        phone: { type: 'string' },
        clear: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${SHOP_TRADER_USAGE}`);
  }
  const { values, positionals } = parsed;
  const [command, shopArg, ...rest] = positionals;
  if (command !== 'shop:trader' || !shopArg || rest.length) throw new Error(SHOP_TRADER_USAGE);
  if (!/^\d{1,9}$/.test(shopArg) || Number(shopArg) < 1) throw new Error(`The shop id must be a positive whole number, not "${shopArg}".`);
  const shopId = Number(shopArg);
  const shop = await findShopTrader(db, shopId);
  if (!shop) throw new Error(`No shop ${shopId}.`);

  const given = {
    legal_name: values['legal-name'],
    cui: values.cui,
    registration_number: values.registration,
    address: values.address,
    email: values.email,
    phone: values.phone,
  };
  const anyGiven = Object.values(given).some((v) => v !== undefined);
  if (values.clear) {
    if (anyGiven) throw new Error(`--clear takes no other option.\n${SHOP_TRADER_USAGE}`);
    await setShopTrader(db, shopId, null);
    return `Shop #${shopId} (${shop.name}): trader identity removed; the shop and its products are no longer listed.`;
  }
  if (!anyGiven) {
    if (!shop.trader) return `Shop #${shopId} (${shop.name}) has no complete trader identity: it is NOT listed.`;
    return `Shop #${shopId} (${shop.name}) is listed. Trader identity:\n${describeTrader(shop.trader)}`;
  }
  const missing = Object.entries(given)
    .filter(([, v]) => v === undefined)
    .map(([field]) => OPTION_OF_FIELD[field]!);
  const result = traderIdentityInputSchema.safeParse(Object.fromEntries(Object.entries(given).map(([k, v]) => [k, v ?? ''])));
  const problems = [
    ...missing.map((option) => `${option} is required.`),
    ...(result.success
      ? []
      : result.error.issues
          .filter((issue) => given[issue.path[0] as keyof typeof given] !== undefined)
          .map((issue) => `${OPTION_OF_FIELD[String(issue.path[0])]}: ${TRADER_ERROR_TEXT[issue.message] ?? issue.message}`)),
  ];
  if (problems.length || !result.success) throw new Error(`Not saved:\n  ${problems.join('\n  ')}`);
  await setShopTrader(db, shopId, result.data);
  const saved = (await findShopTrader(db, shopId))!;
  return `Shop #${shopId} (${shop.name}) is listed. Trader identity saved:\n${describeTrader(saved.trader!)}`;
}
