/**
 * Operator commands: seller and admin screens are out of scope, so an operator works from the shell.
 *
 *   npm run ops -- order:status <orderId|number> <status> [--tracking "…"] [--note "…"]
 *   npm run ops -- product:price <productId> <price> [--discount <discount_price>]
 *   npm run ops -- withdrawal:status <withdrawalId> <status> [--awb "…"]
 *   npm run ops -- ticket:reply <ticketNumber> <message…>
 *   npm run ops -- ticket:close <ticketNumber>
 *   npm run ops -- report:list
 *   npm run ops -- report:decide <reference> remove|restrict|keep --reason "…"
 *   npm run ops -- shop:trader <shopId> [--legal-name "…" --cui … --registration … --address "…" --email … --phone … | --clear]
 *
 * Uses the same database as the server (DATABASE_URL, else the embedded database under DATA_DIR,
 * default ./data — stop the server first when it is the embedded one: PGlite allows one process).
 *
 * order:status (issue #5): transitions are validated (services/order-status.ts: pending →
 * confirmed → processing → shipped → delivered, cancel up to processing, which restores the
 * stock), every change is recorded in the order's status history, and the command's order-status
 * listeners are called after commit — the shopper's notification and its pushes (issue #6).
 *
 * product:price (issue #6, issue 36): sets the price and the discount price (without --discount
 * the discount is removed; 0 removes it too) through server/services/product-price.ts, as the
 * development route POST /api/dev/operator/products/{id}/price does. The database records the
 * change in the price history and keeps the prior price of a reduction (migration 0013). When
 * the price the product sells at becomes an announced reduction (below the lowest price of the 30
 * days before; a running flash sale's price still wins), everyone who has it as a favourite is
 * notified with that prior price, in the same transaction; the server's push worker sends the
 * pushes.
 *
 * withdrawal:status (issue 36): moves a shopper's withdrawal on — requested → return_in_transit
 * (--awb: the courier's number of the parcel sent back) → received → refunded (requested → refunded
 * when it was made before shipping) — server/services/withdrawal-service.ts; the shopper is
 * notified and gets an e-mail or SMS (queued; the server's delivery worker sends it).
 *
 * ticket:reply / ticket:close (issue #6): support answers a ticket (status answered, the shopper
 * notified and pushed) or closes it — server/services/support-service.ts#runTicketCommand.
 *
 * report:list / report:decide (issue 37, DSA art. 16–17): the open reports, oldest first; a decision
 * with its statement of reasons (server/services/report-service.ts#decideReport): the reporter and
 * the shop are told by e-mail (queued; the server's delivery worker sends it). A decision that takes
 * a listing out is announced on PostgreSQL (NOTIFY catalog_cache) so every running instance clears
 * its response cache at once; the catalog index follows catalog_changes by itself.
 * shop:trader (issue 36): shows, sets (every value checked: CUI check digit, trade-register number,
 * Romanian phone) or clears a shop's trader identity; a shop without one is not listed —
 * server/services/shop-trader-command.ts.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs as parseArgv } from 'node:util';
import { openDatabase, type Database } from '#server/db/client.ts';
import { ORDER_STATUSES, type OrderStatus } from '#contract/orders.ts';
import {
  changeOrderStatus,
  lockOrder,
  OrderStatusEvents,
  TransitionError,
  type OrderStatusChanged,
} from '#server/services/order-status.ts';
import { Notifier } from '#server/services/notify.ts';
import { PushQueue } from '#server/services/push-queue.ts';
import { notifyOrderStatusChanges } from '#server/services/push-triggers.ts';
import { changeProductPrice, type PriceChange, type ProductPriceCommand } from '#server/services/product-price.ts';

export type { PriceChange, ProductPriceCommand };
import { runTicketCommand } from '#server/services/support-service.ts';
import { decideReport, openReports, ReportCommandError } from '#server/services/report-service.ts';
import { CACHE_CHANNEL } from '#server/plugins/response-cache.ts';
import { REPORT_DECISIONS, type ReportDecision } from '#contract/reports.ts';
import { runShopTraderCommand } from '#server/services/shop-trader-command.ts';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '#contract/withdrawals.ts';
import { changeWithdrawalStatus, type WithdrawalChanged } from '#server/services/withdrawal-service.ts';
import { tellWithdrawal } from '#server/services/consumer-notices.ts';
import { enqueueDelivery } from '#server/services/delivery-queue.ts';
import type { MessageSender } from '#server/services/message-delivery.ts';

const USAGE = 'usage: npm run ops -- order:status <orderId|number> <status> [--tracking "…"] [--note "…"]';
const PRICE_USAGE = 'usage: npm run ops -- product:price <productId> <price> [--discount <discount_price>]';
const WITHDRAWAL_USAGE = 'usage: npm run ops -- withdrawal:status <withdrawalId> <status> [--awb "…"]';
const USAGES = [USAGE, PRICE_USAGE, WITHDRAWAL_USAGE].map((u, i) => (i ? u.replace('usage: ', '       ') : u)).join('\n');

export interface OrderStatusCommand {
  order: string;
  status: OrderStatus;
  tracking?: string;
  note?: string;
}

/**
 * node:util parseArgs over the command's words: its positionals and its string options. An unknown
 * option or a stray word is the usage; an option without its value is node:util's message, then
 * the usage. An option's value is the next word even when it starts with a dash (a note
 * "-10 % la retur"), as before: node:util would refuse it, so it is passed as `--note=…`.
 */
function readArgs<T extends Record<string, { type: 'string' }>>(argv: readonly string[], options: T, usage: string) {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const next = argv[i + 1];
    if (word.startsWith('--') && Object.hasOwn(options, word.slice(2)) && next?.startsWith('-')) {
      args.push(`${word}=${next}`);
      i++;
    } else args.push(word);
  }
  try {
    return parseArgv({ args, options, allowPositionals: true });
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new Error(code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' ? `${(error as Error).message}\n${usage}` : usage);
  }
}

export function parseArgs(argv: readonly string[]): OrderStatusCommand {
  const { values, positionals } = readArgs(argv, { tracking: { type: 'string' }, note: { type: 'string' } }, USAGE);
  const [command, order, status, ...rest] = positionals;
  if (command !== 'order:status' || !order || !status || rest.length) throw new Error(USAGE);
  if (!(ORDER_STATUSES as readonly string[]).includes(status))
    throw new Error(`Unknown status "${status}". One of: ${ORDER_STATUSES.join(', ')}.`);
  const parsed: OrderStatusCommand = { order, status: status as OrderStatus };
  for (const flag of ['tracking', 'note'] as const) {
    const value = values[flag];
    if (value === undefined) continue;
    if (value.length > 500) throw new Error(`--${flag} is longer than 500 characters.`);
    parsed[flag] = value;
  }
  if (parsed.tracking !== undefined && parsed.status !== 'shipped') throw new Error('--tracking goes with the status shipped.');
  return parsed;
}

/**
 * The command's own order-status events, notifier and push queue — what a server has per app
 * (app.orderStatusEvents, app.notifier): a status change notifies its shopper, a notification
 * becomes push jobs in the database, which the server's push workers send. Answers them and the
 * function that stops listening.
 */
export function operatorServices(db: Database, log: { warn(obj: unknown, msg: string): void }) {
  const events = new OrderStatusEvents();
  const notifier = new Notifier();
  const offQueue = new PushQueue(notifier).install();
  const offOrders = notifyOrderStatusChanges(events, notifier, db, log);
  return {
    events,
    notifier,
    stop: () => {
      offOrders();
      offQueue();
    },
  };
}

/** Runs the command against an open database; answers the committed change, told to `events` after commit. */
export async function runOrderStatus(db: Database, command: OrderStatusCommand, events: OrderStatusEvents): Promise<OrderStatusChanged> {
  const event = await db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    const byId = /^\d{1,9}$/.test(command.order);
    const order = await lockOrder(tx, byId ? { id: Number(command.order) } : { number: command.order });
    if (!order) throw new Error(`No order ${command.order}.`);
    return changeOrderStatus(tx, order, command.status, { tracking: command.tracking, note: command.note });
  });
  await events.emit([event], console);
  return event;
}

/** Lei with at most two decimals, within numeric(12, 2). */
function parseMoney(value: string | undefined, what: string): number {
  if (value === undefined || !/^\d{1,10}(\.\d{1,2})?$/.test(value)) throw new Error(`${what} must be an amount in lei like 129 or 129.90.`);
  return Number(value);
}

export function parseProductPriceArgs(argv: readonly string[]): ProductPriceCommand {
  const { values, positionals } = readArgs(argv, { discount: { type: 'string' } }, PRICE_USAGE);
  const [command, productId, price, ...rest] = positionals;
  if (command !== 'product:price' || !productId || !price || rest.length) throw new Error(PRICE_USAGE);
  if (!/^\d{1,9}$/.test(productId) || Number(productId) < 1)
    throw new Error(`The product id must be a positive whole number, not "${productId}".`);
  const parsed: ProductPriceCommand = { productId: Number(productId), price: parseMoney(price, 'The price'), discount: 0 };
  if (parsed.price <= 0) throw new Error('The price must be above 0.');
  if (values.discount !== undefined) parsed.discount = parseMoney(values.discount, '--discount');
  if (parsed.discount >= parsed.price) throw new Error('--discount must be below the price (0 removes the discount).');
  return parsed;
}

export interface WithdrawalStatusCommand {
  withdrawalId: number;
  status: WithdrawalStatus;
  awb?: string;
}

export function parseWithdrawalStatusArgs(argv: readonly string[]): WithdrawalStatusCommand {
  const { values, positionals } = readArgs(argv, { awb: { type: 'string' } }, WITHDRAWAL_USAGE);
  const [command, withdrawalId, status, ...rest] = positionals;
  if (command !== 'withdrawal:status' || !withdrawalId || !status || rest.length) throw new Error(WITHDRAWAL_USAGE);
  if (!/^\d{1,9}$/.test(withdrawalId) || Number(withdrawalId) < 1)
    throw new Error(`The withdrawal id must be a positive whole number, not "${withdrawalId}".`);
  if (!(WITHDRAWAL_STATUSES as readonly string[]).includes(status))
    throw new Error(`Unknown status "${status}". One of: ${WITHDRAWAL_STATUSES.join(', ')}.`);
  if (values.awb !== undefined && (values.awb.length === 0 || values.awb.length > 100)) throw new Error('--awb is 1 to 100 characters.');
  return { withdrawalId: Number(withdrawalId), status: status as WithdrawalStatus, ...(values.awb !== undefined && { awb: values.awb }) };
}

export type OpsCommand =
  | ({ kind: 'order:status' } & OrderStatusCommand)
  | ({ kind: 'product:price' } & ProductPriceCommand)
  | ({ kind: 'withdrawal:status' } & WithdrawalStatusCommand);

export function parseCommand(argv: readonly string[]): OpsCommand {
  if (argv[0] === 'order:status') return { kind: 'order:status', ...parseArgs(argv) };
  if (argv[0] === 'product:price') return { kind: 'product:price', ...parseProductPriceArgs(argv) };
  if (argv[0] === 'withdrawal:status') return { kind: 'withdrawal:status', ...parseWithdrawalStatusArgs(argv) };
  throw new Error(USAGES);
}

/**
 * Sets a product's price and discount in one transaction; an announced reduction notifies its
 * favouriters through `notifier` (services/product-price.ts, shared with the development route).
 */
export function runProductPrice(db: Database, command: ProductPriceCommand, notifier: Notifier): Promise<PriceChange> {
  return changeProductPrice(db, command, notifier);
}

/**
 * Moves a withdrawal on and tells its shopper (notification, pushes and a queued e-mail or SMS the
 * server's delivery worker sends). Answers the committed change.
 */
export async function runWithdrawalStatus(db: Database, command: WithdrawalStatusCommand, notifier: Notifier): Promise<WithdrawalChanged> {
  const change = await changeWithdrawalStatus(db, command.withdrawalId, command.status, { returnTracking: command.awb });
  const queueOnly: MessageSender = {
    send: (channel, recipient, body, options) => enqueueDelivery(db, { channel, recipient, body, subject: options?.subject }),
  };
  await tellWithdrawal({ db, sender: queueOnly, notifier, locale: 'ro', origin: null, log: console }, change);
  return change;
}

/** ticket:reply / ticket:close: the reply's notification becomes push jobs for the server's worker. */
/** The server's database: DATABASE_URL, else the embedded one under DATA_DIR (default ./data). */
const openOperatorDatabase = () =>
  openDatabase({ databaseUrl: process.env.DATABASE_URL?.trim() || undefined, dataDir: process.env.DATA_DIR?.trim() || './data' });

async function ticketCommand(argv: string[]) {
  const handle = await openOperatorDatabase();
  const services = operatorServices(handle.db, console);
  try {
    console.log(await runTicketCommand(handle.db, argv, services.notifier));
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  } finally {
    services.stop();
    await handle.close();
  }
}

const REPORT_USAGE = 'usage: npm run ops -- report:list\n       npm run ops -- report:decide <reference> remove|restrict|keep --reason "…"';

export type ReportCommand =
  { kind: 'report:list' } | { kind: 'report:decide'; reference: string; decision: ReportDecision; reason: string };

export function parseReportArgs(argv: readonly string[]): ReportCommand {
  const { values, positionals } = readArgs(argv, { reason: { type: 'string' } }, REPORT_USAGE);
  const [command, reference, decision, ...rest] = positionals;
  if (command === 'report:list' && !reference && values.reason === undefined) return { kind: 'report:list' };
  if (command !== 'report:decide' || !reference || !decision || rest.length) throw new Error(REPORT_USAGE);
  if (!(REPORT_DECISIONS as readonly string[]).includes(decision))
    throw new Error(`Unknown decision "${decision}". One of: ${REPORT_DECISIONS.join(', ')}.`);
  if (!values.reason?.trim()) throw new Error('report:decide needs --reason "…": the statement of reasons sent to the shop.');
  return { kind: 'report:decide', reference, decision: decision as ReportDecision, reason: values.reason };
}

async function reportCommand(argv: string[]) {
  let command: ReportCommand;
  try {
    command = parseReportArgs(argv);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const handle = await openOperatorDatabase();
  try {
    if (command.kind === 'report:list') {
      const reports = await openReports(handle.db);
      if (!reports.length) console.log('No open reports.');
      for (const r of reports)
        console.log(`${r.reference}  ${r.created_at}  ${r.target}  ${r.reason}  ${r.reporter}\n    ${r.explanation.replace(/\s+/g, ' ')}`);
    } else {
      const outcome = await decideReport(handle.db, command.reference, command.decision, command.reason);
      if (outcome.catalogChanged) await handle.events?.notify(CACHE_CHANNEL, 'ops');
      const takenOut = outcome.productsTakenOut ? `; ${outcome.productsTakenOut} listing(s) taken out` : '';
      console.log(
        `Report ${outcome.reference} (${outcome.targetType} #${outcome.targetId}): ${outcome.decision}${takenOut}. Reporter and shop told by e-mail.`,
      );
    }
  } catch (error) {
    console.error(error instanceof ReportCommandError ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

/** shop:trader: prints the identity, or what is wrong with the values given (nothing saved then). */
async function shopTraderCommand(argv: string[]) {
  const handle = await openOperatorDatabase();
  try {
    console.log(await runShopTraderCommand(handle.db, argv));
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

async function main() {
  if (process.argv[2]?.startsWith('ticket:')) return ticketCommand(process.argv.slice(2));
  if (process.argv[2]?.startsWith('report:')) return reportCommand(process.argv.slice(2));
  if (process.argv[2] === 'shop:trader') return shopTraderCommand(process.argv.slice(2));
  let command: OpsCommand;
  try {
    command = parseCommand(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const handle = await openOperatorDatabase();
  // Notifications written here become push jobs; the server's push worker sends them.
  const services = operatorServices(handle.db, console);
  try {
    if (command.kind === 'order:status') {
      const event = await runOrderStatus(handle.db, command, services.events);
      console.log(
        `Order ${event.orderNumber} (#${event.orderId}): ${event.from} → ${event.to}${event.tracking ? ` (tracking: ${event.tracking})` : ''}.`,
      );
    } else if (command.kind === 'withdrawal:status') {
      const change = await runWithdrawalStatus(handle.db, command, services.notifier);
      console.log(
        `Withdrawal #${change.withdrawalId} of order ${change.orderNumber}: ${change.status}${change.returnTracking ? ` (AWB ${change.returnTracking})` : ''}.`,
      );
    } else {
      const change = await runProductPrice(handle.db, command, services.notifier);
      const prior = change.priorPrice !== null ? `; announced as a reduction from ${change.priorPrice} lei (lowest of 30 days)` : '';
      const lower = change.notified ? `; ${change.notified} shopper(s) with it as a favourite notified` : '';
      console.log(
        `Product #${change.productId} (${change.name}) sells at ${change.newPrice} lei (was ${change.oldPrice} lei)${prior}${lower}.`,
      );
    }
  } catch (error) {
    console.error(error instanceof TransitionError || error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    services.stop();
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
