/**
 * Contract fuzzer (issue 14, ADR 021): reads the server's own OpenAPI document
 * (GET /api/openapi.json, generated from the zod contract) and sends every operation generated
 * requests — valid and boundary values drawn from its schemas with fast-check, and invalid ones:
 * NUL bytes and control characters, huge strings, wrong types, missing fields, hostile path
 * parameters, malformed multipart (no boundary, truncated) — as an anonymous and as a signed-in
 * shopper. Fails (exit 1) on any 5xx answer, or any answer carrying a stack trace or SQL text.
 * Prints the number of requests and of operations covered.
 *
 *   node --import tsx scripts/drills/contract-fuzz.ts [--runs 24] [--seed 14] [--max-seconds 240] [--fresh-database]
 *   DATABASE_URL=postgres://… (with --fresh-database it is dropped and created first; migrated and
 *   seeded at start), else the embedded database in a temporary directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import type { SessionResponse } from '#contract/auth.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const USAGE = 'usage: node --import tsx scripts/drills/contract-fuzz.ts [--runs 24] [--seed 14] [--max-seconds 240] [--fresh-database]';
function readOptions() {
  try {
    return parseArgs({
      options: {
        runs: { type: 'string', default: '24' },
        seed: { type: 'string', default: '14' },
        'max-seconds': { type: 'string', default: '240' },
        'fresh-database': { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
}
const values = readOptions();
const RUNS = Number(values.runs);
const SEED = Number(values.seed);
const DEADLINE = Date.now() + Number(values['max-seconds']) * 1000;

/** What an answer must never show: stack frames, source paths, SQL, driver messages. */
const LEAK =
  /\n\s+at |node_modules|\.ts:\d+|Failed query|params:|\bSELECT\b.*\bFROM\b|\bINSERT INTO\b|\bUPDATE\b.*\bSET\b|syntax error at|relation "|violates .* constraint|DrizzleQueryError|PGlite|pg_/;

const HOSTILE: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  'x'.repeat(100_000),
  '',
  ' ',
  '\uD800',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  -1,
  0,
  2 ** 31,
  2 ** 53,
  1e308,
  -1e308,
  1.5,
  true,
  null,
  [],
  [null],
  {},
  { __proto__: { polluted: 1 } },
  Array.from({ length: 2000 }, (_, i) => i),
];

// A JSON Schema document from /api/openapi.json: untyped by nature, read key by key below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Schema = Record<string, any>;

/** The development outbox's answer (GET /api/dev/outbox): the messages a phone was sent. */
interface DevOutbox {
  data?: { messages?: { body?: string }[] };
}

function arbitrary(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  const options = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(options) && options.length) return fc.oneof(...options.map((s: Schema) => arbitrary(s, depth + 1)));
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? (schema.type.find((t: string) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'string': {
      const max = Math.min(schema.maxLength ?? 40, 300);
      const min = Math.min(schema.minLength ?? 0, max);
      const choices: fc.Arbitrary<unknown>[] = [
        fc.string({ minLength: min, maxLength: max }),
        fc.constant('x'.repeat(max)),
        fc.constant('x'.repeat(max + 1)),
      ];
      if (schema.format === 'email') choices.push(fc.emailAddress());
      if (typeof schema.pattern === 'string') {
        try {
          choices.push(fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 500));
        } catch {
          /* a pattern fast-check cannot draw from */
        }
      }
      return fc.oneof(...choices);
    }
    case 'integer':
      return fc.oneof(
        fc.integer({ min: Math.max(schema.minimum ?? -1000, -(2 ** 31)), max: Math.min(schema.maximum ?? 100_000, 2 ** 31 - 1) }),
        fc.constantFrom(schema.minimum ?? 0, schema.maximum ?? 2 ** 31 - 1),
      );
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitrary(schema.items, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 3, 4),
      });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const keys = Object.keys(properties);
      if (!keys.length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 });
      const required = ((schema.required ?? []) as string[]).filter((k) => keys.includes(k));
      return fc.record(Object.fromEntries(keys.map((k) => [k, arbitrary(properties[k], depth + 1)])), { requiredKeys: required });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null));
  }
}

/** A value of `schema`, or one made hostile: a property replaced, removed, or the whole of the wrong type. */
function mutated(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const valid = arbitrary(schema);
  const hostile = fc.constantFrom(...HOSTILE);
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc.tuple(valid, hostile, fc.nat()).map(([value, bad, n]) => {
        if (!value || typeof value !== 'object' || Array.isArray(value)) return bad;
        const keys = Object.keys(schema?.properties ?? value);
        const key = keys[n % Math.max(keys.length, 1)] ?? 'x';
        return { ...(value as object), [key]: bad };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.nat()).map(([value, n]) => {
        if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
        const copy = { ...(value as Record<string, unknown>) };
        delete copy[Object.keys(copy)[n % Math.max(Object.keys(copy).length, 1)] ?? ''];
        return copy;
      }),
    },
    { weight: 1, arbitrary: hostile },
  );
}

function startServer(): Promise<{ child: ChildProcess; base: string; logs: () => string; dataDir?: string }> {
  const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), 'talcioc-fuzz-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      STATIC_DIR: '/nonexistent',
      TRUST_PROXY: '127.0.0.1',
      PUSH_WORKER: 'false',
      TEST_SCRYPT_LOG_N: '12',
      ...(dataDir && { DATA_DIR: dataDir, DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const errors: string[] = [];
  child.stderr!.on('data', (c: Buffer) => errors.push(c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out.slice(-1000)} ${errors.join('').slice(-1000)}`)), 120_000);
    child.stdout!.on('data', (c: Buffer) => {
      const text = c.toString();
      out += text;
      // Keep only the log lines that matter (errors), the rest is a lot of text.
      if (out.length > 200_000)
        out = out
          .split('\n')
          .filter((l) => /"level":(50|60)/.test(l))
          .join('\n');
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, base: m[1]!, logs: () => out + errors.join(''), dataDir });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${errors.join('').slice(-2000)}`)));
  });
}

/** encodeURIComponent, with a lone surrogate sent as the invalid UTF-8 bytes a hostile client would send. */
function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** Drops and creates DATABASE_URL's database (through the cluster's `postgres` database). */
async function freshDatabase(url: string) {
  const { default: pg } = await import('pg');
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`refusing to recreate database "${name}"`);
  target.pathname = '/postgres';
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

async function main() {
  if (process.env.DATABASE_URL && values['fresh-database']) await freshDatabase(process.env.DATABASE_URL);
  const server = await startServer();
  const failures: string[] = [];
  let requests = 0;
  const statuses = new Map<number, number>();
  const covered = new Set<string>();
  let failed = false;

  const send = async (op: string, method: string, url: string, init: { headers?: Record<string, string>; body?: string }) => {
    requests += 1;
    let status = 0;
    let text = '';
    try {
      const res = await fetch(`${server.base}${url}`, {
        method,
        headers: { 'x-forwarded-for': nextIp(), ...init.headers },
        body: method === 'GET' || method === 'HEAD' ? undefined : init.body,
        signal: AbortSignal.timeout(20_000),
      });
      status = res.status;
      text = await res.text();
    } catch (error) {
      failures.push(`${op}: no answer (${(error as Error).message}) for ${url.slice(0, 200)}`);
      return;
    }
    covered.add(op);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status >= 500)
      failures.push(`${op}: ${status} for ${url.slice(0, 200)} ${String(init.body ?? '').slice(0, 300)} → ${text.slice(0, 300)}`);
    else if (LEAK.test(text)) failures.push(`${op}: answer leaks internals (${status}) for ${url.slice(0, 200)} → ${text.slice(0, 300)}`);
  };

  try {
    // A signed-in shopper, made through the API like any client.
    const phone = `7${String(30_000_000 + (process.pid % 100_000)).slice(-8)}`;
    const json = { 'content-type': 'application/json' };
    const post = (url: string, body: unknown) =>
      fetch(`${server.base}/api${url}`, { method: 'POST', headers: { ...json, 'x-forwarded-for': nextIp() }, body: JSON.stringify(body) });
    await post('/registration', {
      name: 'Fuzz Shopper',
      phone,
      email: '',
      password: 'parola-fuzz-2026',
      country: 'România',
      phone_code: '+40',
    });
    await post('/send-otp', { phone, phone_code: '+40' });
    let code: string | undefined;
    for (let i = 0; i < 100 && !code; i += 1) {
      const box = (await (await fetch(`${server.base}/api/dev/outbox?recipient=%2B40${phone}`)).json()) as DevOutbox;
      code = box?.data?.messages?.[0]?.body?.match(/\b(\d{4,6})\b/)?.[1];
      if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const session = (await (await post('/verify-otp-register', { phone, phone_code: '+40', otp: code })).json()) as
      SessionResponse | undefined;
    const token = session?.data?.access?.token?.token as string | undefined;
    if (!token) throw new Error(`could not sign in: ${JSON.stringify(session).slice(0, 300)}`);

    const doc = (await (await fetch(`${server.base}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, Schema>> };
    const operations = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.entries(methods).map(([m, op]) => ({ path: p, method: m.toUpperCase(), op })),
    );
    console.log(`fuzz: ${operations.length} operations in the OpenAPI document, ${RUNS} runs each per identity, seed ${SEED}`);

    for (const [index, { path: template, method, op }] of operations.entries()) {
      if (Date.now() > DEADLINE) {
        failures.push(`time limit reached before ${method} ${template}`);
        break;
      }
      const name = `${method} ${template}`;
      const params = (op.parameters ?? []) as { in: string; name: string; required?: boolean; schema?: Schema }[];
      const bodySchema = op.requestBody?.content?.['application/json']?.schema as Schema | undefined;
      const requestArb = fc.record({
        path: fc.record(Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, mutated(p.schema)]))),
        query: fc.record(Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, mutated(p.schema)])), {
          requiredKeys: [],
        }),
        body: mutated(bodySchema ?? { type: 'object' }),
      });
      const samples = fc.sample(requestArb, { numRuns: RUNS, seed: SEED + index });
      for (const identity of ['anonymous', 'signed-in'] as const) {
        // The shopper's own session must survive the run.
        if (identity === 'signed-in' && /\/logout$/.test(template)) continue;
        const auth: Record<string, string> = identity === 'signed-in' ? { authorization: `Bearer ${token}` } : {};
        for (const sample of samples) {
          const url =
            template.replace(/\{(\w+)\}/g, (_, key: string) => encodePart(String((sample.path as Record<string, unknown>)[key] ?? 'x'))) +
            (() => {
              const q = new URLSearchParams();
              for (const [k, v] of Object.entries(sample.query as Record<string, unknown>)) {
                if (v === undefined) continue;
                q.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
              }
              const s = q.toString();
              return s ? `?${s}` : '';
            })();
          await send(name, method, url, { headers: { ...json, ...auth }, body: JSON.stringify(sample.body) });
        }
        if (method === 'POST' || method === 'PUT') {
          const concrete = template.replace(/\{(\w+)\}/g, '1');
          const boundary = '----fuzz';
          await send(name, method, concrete, { headers: { ...auth, 'content-type': 'multipart/form-data' }, body: 'no boundary here' });
          await send(name, method, concrete, {
            headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
            body: `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\ncut sh`,
          });
          await send(name, method, concrete, {
            headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
            body: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\na\u0000b\r\n--${boundary}--\r\n`,
          });
          await send(name, method, concrete, { headers: { ...auth, 'content-type': 'application/json' }, body: '{"truncated": ' });
        }
      }
    }

    const unhandled = server
      .logs()
      .split('\n')
      .filter((l) => /"msg":"unhandled error"/.test(l)).length;
    if (unhandled) failures.push(`${unhandled} "unhandled error" lines in the server log`);
    console.log('');
    console.log('contract fuzz figures');
    console.log(`  operations covered        ${covered.size} of ${operations.length}`);
    console.log(`  requests sent             ${requests}`);
    console.log(
      `  answers by status         ${[...statuses.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}:${n}`)
        .join(' ')}`,
    );
    console.log(`  5xx answers               ${[...statuses.entries()].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0)}`);
    console.log(`  failures                  ${failures.length}`);
    for (const f of failures.slice(0, 30)) console.log(`    - ${f}`);
    if (covered.size < operations.length) failures.push('not every operation was covered');
    failed = failures.length > 0;
    console.log(failed ? 'contract fuzz FAILED' : 'contract fuzz passed');
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => {
      server.child.once('exit', resolve);
      setTimeout(resolve, 12_000).unref();
    });
    if (server.dataDir) rmSync(server.dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(`contract fuzz error: ${(error as Error).stack ?? error}`);
  process.exit(1);
});
