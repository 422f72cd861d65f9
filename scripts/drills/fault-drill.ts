/**
 * Fault drill (issue 14, ADR 013): the real server on PostgreSQL 15, a burst of orders and cart
 * changes from several signed-in shoppers, and PostgreSQL stopped (`pg_ctl stop -m fast`) in the
 * middle of it and started again. Clients behave like the app: a 503 or a lost connection is
 * retried with the same Idempotency-Key.
 *
 * Checks (exit 1 when one fails): the server process never exits; it answers 503 while the
 * database is away; it serves again within seconds of the database's return; every order
 * acknowledged with 2xx exists exactly once; no stock below 0. Prints the figures.
 *
 *   node --import tsx scripts/drills/fault-drill.ts --pg-dir DIR --port PORT [--seconds 14]
 *
 * DIR/PORT: a cluster made by `scripts/ops/pg-cluster.sh start DIR PORT` (stopped and restarted here
 * with `scripts/ops/pg-cluster.sh stop|restart`). A database `talcioc_drill` is created and dropped.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { AddressResponse } from '#contract/addresses.ts';
import type { SessionResponse } from '#contract/auth.ts';
import type { PlaceOrderResponse } from '#contract/orders.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const USAGE = 'usage: node --import tsx scripts/drills/fault-drill.ts --pg-dir DIR --port PORT [--seconds 14]';
function readOptions() {
  try {
    return parseArgs({ options: { 'pg-dir': { type: 'string' }, port: { type: 'string' }, seconds: { type: 'string', default: '14' } } })
      .values;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
}
const values = readOptions();
const required = (name: 'pg-dir' | 'port') => {
  const value = values[name];
  if (value === undefined) throw new Error(`--${name} is required`);
  return value;
};
const pgDir = required('pg-dir');
const port = Number(required('port'));
const SECONDS = Number(values.seconds);
const SHOPPERS = 4;
const OUTAGE_AT_MS = 3000;
const OUTAGE_MS = 4000;
const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
const dbUrl = `postgres://postgres@127.0.0.1:${port}/talcioc_drill`;

function cluster(command: 'stop' | 'restart') {
  execFileSync(path.join(root, 'scripts/ops/pg-cluster.sh'), command === 'stop' ? ['stop', pgDir] : ['restart', pgDir, String(port)], {
    stdio: 'ignore',
  });
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function startServer(): Promise<{ child: ChildProcess; base: string; exited: () => number | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: dbUrl,
      STATIC_DIR: '/nonexistent',
      TRUST_PROXY: '127.0.0.1',
      PUSH_POLL_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exitCode: number | null = null;
  child.on('exit', (code, signal) => (exitCode = code ?? (signal ? 128 : 0)));
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out.slice(-2000)}\n${err.slice(-2000)}`)), 90_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.length > 1_000_000) out = out.slice(-100_000);
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, base: m[1]!, exited: () => exitCode });
      }
    });
    child.on('exit', () => reject(new Error(`server exited at start:\n${err.slice(-2000)}`)));
  });
}

/** The development outbox's answer (GET /api/dev/outbox): the messages a phone was sent. */
interface DevOutbox {
  data?: { messages?: { body?: string }[] };
}

interface Outcome {
  status: number; // 0: no answer (connection refused/reset)
  /** The parsed JSON answer (shapes: the contract's; read where the drill needs a field). */
  body: unknown;
  at: number;
}

const figures = { requests: 0, duringOutage: 0, status503: 0, status5xxOther: 0, noAnswer: 0, retryAfterMissing: 0 };
let outage: { from: number; to: number } | null = null;
let firstOkAfterRestart: number | null = null;
const inOutage = (at: number) => outage !== null && at >= outage.from && (outage.to === 0 || at <= outage.to);

async function call(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Outcome> {
  const at = Date.now();
  figures.requests += 1;
  if (inOutage(at)) figures.duringOutage += 1;
  try {
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '10.9.0.1',
        ...(token && { authorization: `Bearer ${token}` }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    if (res.status === 503) {
      figures.status503 += 1;
      if (!res.headers.get('retry-after')) figures.retryAfterMissing += 1;
    } else if (res.status >= 500) {
      figures.status5xxOther += 1;
      console.error(`  ${res.status} on ${method} ${url}: ${text.slice(0, 200)}`);
    }
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, body: json, at };
  } catch {
    figures.noAnswer += 1;
    return { status: 0, body: null, at };
  }
}

/** Retries a request like the app does (503 or no answer: again, same body and key), bounded. */
async function retried(run: () => Promise<Outcome>, deadline: number): Promise<Outcome> {
  for (let attempt = 0; ; attempt += 1) {
    const outcome = await run();
    if ((outcome.status !== 503 && outcome.status !== 0) || Date.now() > deadline || attempt > 200) return outcome;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function signUp(base: string, i: number) {
  const phone = `7${String(40_000_000 + (process.pid % 10_000) * 100 + i).slice(-8)}`;
  const e164 = `+40${phone}`;
  const reg = await call(base, 'POST', '/registration', undefined, {
    name: `Drill ${i}`,
    phone,
    email: '',
    password: 'parola-drill-2026',
    country: 'România',
    phone_code: '+40',
  });
  if (reg.status !== 200) throw new Error(`registration: ${reg.status} ${JSON.stringify(reg.body)}`);
  const sent = await call(base, 'POST', '/send-otp', undefined, { phone, phone_code: '+40' });
  if (sent.status !== 200) throw new Error(`send-otp: ${sent.status}`);
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i += 1) {
    const box = await call(base, 'GET', `/dev/outbox?recipient=${encodeURIComponent(e164)}`);
    code = (box.body as DevOutbox | undefined)?.data?.messages?.[0]?.body?.match(/\b(\d{4,6})\b/)?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!code) throw new Error('no code in the outbox');
  const verified = await call(base, 'POST', '/verify-otp-register', undefined, { phone, phone_code: '+40', otp: code });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status}`);
  const token = (verified.body as SessionResponse).data.access.token.token;
  const address = await call(base, 'POST', '/address/store', token, {
    name: `Drill ${i}`,
    phone: '0722123456',
    county: 'Cluj',
    locality: 'Cluj-Napoca',
    street: 'Str. Drill 1',
    postal_code: '400001',
    type: 'home',
  });
  if (address.status !== 200) throw new Error(`address: ${address.status} ${JSON.stringify(address.body)}`);
  return { token, addressId: (address.body as AddressResponse).data.address.id };
}

async function main() {
  const started = Date.now();
  await admin('DROP DATABASE IF EXISTS talcioc_drill');
  await admin('CREATE DATABASE talcioc_drill');
  const server = await startServer();
  const db = new pg.Pool({ connectionString: dbUrl, max: 2 });
  db.on('error', () => undefined);
  let failed = false;
  try {
    // Three products with little stock (10), so the burst sells them out and stock is contended.
    const picked = (await db.query(`SELECT id FROM products WHERE is_active AND quantity > 0 ORDER BY id LIMIT 3`)).rows.map((r) =>
      Number(r.id),
    );
    await db.query(`UPDATE products SET quantity = 10 WHERE id = ANY($1)`, [picked]);
    const shoppers = [];
    for (let i = 0; i < SHOPPERS; i += 1) shoppers.push(await signUp(server.base, i));
    console.log(`drill: server ${server.base}, ${SHOPPERS} shoppers, products ${picked.join(', ')} at stock 10, ${SECONDS} s burst`);

    const acknowledged: { id: number; number: string }[] = [];
    const burstStart = Date.now();
    const burstEnd = burstStart + SECONDS * 1000;
    const stopper = (async () => {
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_AT_MS));
      outage = { from: Date.now(), to: 0 };
      cluster('stop');
      console.log(`drill: PostgreSQL stopped at +${((Date.now() - burstStart) / 1000).toFixed(1)} s`);
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      cluster('restart');
      outage.to = Date.now();
      console.log(`drill: PostgreSQL started again at +${((Date.now() - burstStart) / 1000).toFixed(1)} s`);
    })();

    // Readiness probe every 100 ms: when the server answers again after the restart.
    const probe = (async () => {
      for (let i = 0; Date.now() < burstEnd && i < 1000; i += 1) {
        const res = await call(server.base, 'GET', '/health/ready');
        if (res.status === 200 && outage && outage.to !== 0 && firstOkAfterRestart === null) firstOkAfterRestart = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    await Promise.all(
      shoppers.map(async (shopper, s) => {
        for (let round = 0; Date.now() < burstEnd && round < 400; round += 1) {
          const productId = picked[(round + s) % picked.length]!;
          const deadline = burstEnd + 20_000;
          const stored = await retried(
            () => call(server.base, 'POST', '/cart/store', shopper.token, { product_id: productId, quantity: 1 }),
            deadline,
          );
          if (stored.status === 200 && round % 3 === 0) {
            await retried(() => call(server.base, 'POST', '/cart/increment', shopper.token, { product_id: productId }), deadline);
            await retried(() => call(server.base, 'POST', '/cart/decrement', shopper.token, { product_id: productId }), deadline);
          }
          if (stored.status !== 200) {
            await retried(() => call(server.base, 'POST', '/cart/delete', shopper.token, { product_id: productId }), deadline);
            continue;
          }
          const key = randomUUID();
          const order = await retried(
            () =>
              call(
                server.base,
                'POST',
                '/place-order',
                shopper.token,
                { selected_products: [productId], address_id: shopper.addressId, payment_method: 'cash' },
                { 'idempotency-key': key },
              ),
            deadline,
          );
          if (order.status >= 200 && order.status < 300) {
            for (const o of (order.body as PlaceOrderResponse).data.orders) acknowledged.push({ id: o.id, number: o.number });
          } else {
            await retried(() => call(server.base, 'POST', '/cart/delete', shopper.token, { product_id: productId }), deadline);
          }
        }
      }),
    );
    await stopper;
    await probe;

    // A last request proves the server answers (and the pool reconnected).
    const after = await retried(() => call(server.base, 'GET', '/health/ready'), Date.now() + 30_000);
    const alive = server.exited() === null;
    const ids = acknowledged.map((o) => o.id);
    const found = (await db.query(`SELECT id, count(*)::int AS n FROM orders WHERE id = ANY($1) GROUP BY id`, [ids])).rows;
    const lost = ids.filter((id) => !found.some((r) => Number(r.id) === id)).length;
    const duplicated =
      found.filter((r) => r.n !== 1).length + (new Set(acknowledged.map((o) => o.number)).size !== acknowledged.length ? 1 : 0);
    const negative = Number((await db.query(`SELECT count(*)::int AS n FROM products WHERE quantity < 0`)).rows[0].n);
    const sold = (await db.query(`SELECT id, quantity FROM products WHERE id = ANY($1) ORDER BY id`, [picked])).rows;
    const ordersInDb = Number((await db.query(`SELECT count(*)::int AS n FROM orders`)).rows[0].n);
    const recovered =
      outage && (outage as { to: number }).to && firstOkAfterRestart ? (firstOkAfterRestart - (outage as { to: number }).to) / 1000 : null;

    console.log('');
    console.log('fault drill figures');
    console.log(`  server process alive after the drill     ${alive ? 'yes' : `NO (exit ${server.exited()})`}`);
    console.log(`  requests in all                          ${figures.requests}`);
    console.log(`  requests during the outage               ${figures.duringOutage}`);
    console.log(`  503 answers (with Retry-After)           ${figures.status503} (${figures.status503 - figures.retryAfterMissing})`);
    console.log(`  other 5xx answers                        ${figures.status5xxOther}`);
    console.log(`  requests with no answer                  ${figures.noAnswer}`);
    console.log(`  seconds to recover after restart         ${recovered === null ? 'n/a' : recovered.toFixed(2)}`);
    console.log(`  orders acknowledged with 2xx             ${acknowledged.length} (orders in the database: ${ordersInDb})`);
    console.log(`  acknowledged orders lost                 ${lost}`);
    console.log(`  acknowledged orders duplicated           ${duplicated}`);
    console.log(
      `  products with stock below 0              ${negative} (stock left: ${sold.map((r) => `${r.id}:${r.quantity}`).join(', ')})`,
    );
    console.log(`  readiness after the drill                ${after.status}`);
    console.log(`  drill took                               ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const problems = [
      !alive && 'the server process exited',
      figures.status503 === 0 && 'no 503 during the outage',
      figures.retryAfterMissing > 0 && '503 without Retry-After',
      figures.status5xxOther > 0 && 'other 5xx answers',
      (recovered === null || recovered > 10) && 'did not recover within 10 s',
      lost > 0 && 'acknowledged orders lost',
      duplicated > 0 && 'orders duplicated',
      negative > 0 && 'stock below 0',
      acknowledged.length === 0 && 'no order acknowledged',
      after.status !== 200 && 'not ready after the drill',
    ].filter(Boolean);
    if (problems.length) {
      failed = true;
      console.error(`fault drill FAILED: ${problems.join('; ')}`);
    } else {
      console.log('fault drill passed');
    }
  } finally {
    await db.end().catch(() => undefined);
    server.child.kill('SIGTERM');
    await new Promise((resolve) => {
      if (server.exited() !== null) return resolve(undefined);
      server.child.once('exit', resolve);
      setTimeout(resolve, 12_000).unref();
    });
    await admin('DROP DATABASE IF EXISTS talcioc_drill').catch((e) =>
      console.error(`could not drop talcioc_drill: ${(e as Error).message}`),
    );
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(`fault drill error: ${(error as Error).stack ?? error}`);
  process.exit(1);
});
