/**
 * Operator commands (issue #5): seller and admin screens are out of scope, so an operator moves
 * orders along from the shell.
 *
 *   npm run ops -- order:status <orderId|number> <status> [--tracking "…"] [--note "…"]
 *
 * Uses the same database as the server (DATABASE_URL, else the embedded database under DATA_DIR,
 * default ./data — stop the server first when it is the embedded one: PGlite allows one process).
 * Transitions are validated (services/order-status.ts: pending → confirmed → processing → shipped
 * → delivered, cancel up to processing, which restores the stock), every change is recorded in the
 * order's status history, and onOrderStatusChanged listeners are called after commit.
 */
import { pathToFileURL } from 'node:url';
import { openDatabase, type Database } from '../server/db/client.ts';
import { ORDER_STATUSES, type OrderStatus } from '../src/contract/cart.ts';
import { changeOrderStatus, emitOrderStatusChanged, lockOrder, TransitionError, type OrderStatusChanged } from '../server/services/order-status.ts';

const USAGE = 'usage: npm run ops -- order:status <orderId|number> <status> [--tracking "…"] [--note "…"]';

export interface OrderStatusCommand {
  order: string;
  status: OrderStatus;
  tracking?: string;
  note?: string;
}

export function parseArgs(argv: readonly string[]): OrderStatusCommand {
  const [command, order, status, ...rest] = argv;
  if (command !== 'order:status' || !order || !status) throw new Error(USAGE);
  if (!(ORDER_STATUSES as readonly string[]).includes(status)) throw new Error(`Unknown status "${status}". One of: ${ORDER_STATUSES.join(', ')}.`);
  const parsed: OrderStatusCommand = { order, status: status as OrderStatus };
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i];
    const value = rest[i + 1];
    if ((flag !== '--tracking' && flag !== '--note') || value === undefined) throw new Error(USAGE);
    if (value.length > 500) throw new Error(`${flag} is longer than 500 characters.`);
    parsed[flag === '--tracking' ? 'tracking' : 'note'] = value;
  }
  if (parsed.tracking !== undefined && parsed.status !== 'shipped') throw new Error('--tracking goes with the status shipped.');
  return parsed;
}

/** Runs the command against an open database; answers the committed change. */
export async function runOrderStatus(db: Database, command: OrderStatusCommand): Promise<OrderStatusChanged> {
  const event = await db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    const byId = /^\d{1,9}$/.test(command.order);
    const order = await lockOrder(tx, byId ? { id: Number(command.order) } : { number: command.order });
    if (!order) throw new Error(`No order ${command.order}.`);
    return changeOrderStatus(tx, order, command.status, { tracking: command.tracking, note: command.note });
  });
  await emitOrderStatusChanged([event], console);
  return event;
}

async function main() {
  let command: OrderStatusCommand;
  try {
    command = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL?.trim() || undefined, dataDir: process.env.DATA_DIR?.trim() || './data' });
  try {
    const event = await runOrderStatus(handle.db, command);
    console.log(`Order ${event.orderNumber} (#${event.orderId}): ${event.from} → ${event.to}${event.tracking ? ` (tracking: ${event.tracking})` : ''}.`);
  } catch (error) {
    console.error(error instanceof TransitionError || error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
