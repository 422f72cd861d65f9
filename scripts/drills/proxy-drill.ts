/**
 * Two instances behind a real reverse proxy (issue 14, ADRs 014, 022, 023): Debian's nginx on
 * 127.0.0.1 with a generated configuration in a temporary directory (its own prefix, pid file,
 * logs and temp paths; no root-wide configuration, no port 80), round-robin over two server
 * processes in production mode on one PostgreSQL database, setting X-Forwarded-For with
 * `$proxy_add_x_forwarded_for` as a real set-up does; both instances have TRUST_PROXY=127.0.0.1,
 * so the forwarded address is believed only from nginx. The proxy names the instance that answered
 * (`X-Upstream: $upstream_addr`, this drill's configuration only) and never retries a request on
 * the other instance (`proxy_next_upstream off`), so every answer comes from one known instance.
 *
 * Clients connect from other loopback addresses (127.0.0.2…): nginx sees them as the client, the
 * instances as the address nginx appended. One code receiver (the SMS gateway, POST {to, message})
 * runs in this process: production delivers one-time codes only through a gateway.
 *
 * Proves, with assertions that can fail (exit 1) and printed figures:
 *  0. both instances started at the same moment on an empty database start (migrations and seed
 *     once) and sign pushes with one VAPID key;
 *  1. a session opened through one instance works on the other, and a logout through one ends it
 *     on both;
 *  2. an avatar uploaded through one instance is served, the same bytes, by the other;
 *  3. an order placed through one instance shows in the other's catalog answer (stock) within 1 s,
 *     though that answer was in its response cache (cleared by LISTEN/NOTIFY);
 *  4. per-address limits are shared: the API-wide limit (API_RATE_LIMIT a minute) and send-otp's
 *     (20 an hour per address) trip at the same count through the proxy with and without a forged
 *     X-Forwarded-For that changes at every request, counted across both instances (both served
 *     some of the allowed requests), and a client that reaches an instance directly cannot forge
 *     one either.
 *
 *   node --import tsx scripts/drills/proxy-drill.ts --pg-port PORT [--port-base 4600] [--nginx /usr/sbin/nginx] [--keep]
 *
 * PORT: a PostgreSQL cluster on 127.0.0.1 (scripts/ops/pg-cluster.sh start DIR PORT) where database
 * `talcioc_proxy` is created and dropped. Ports used: base (nginx), base+1 and base+2 (the
 * instances), base+3 (the code receiver). Bounded: at most a few hundred requests; about a minute.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync, openSync, closeSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const USAGE = 'usage: node --import tsx scripts/drills/proxy-drill.ts --pg-port PORT [--port-base 4600] [--nginx /usr/sbin/nginx] [--keep]';
function readOptions() {
  try {
    return parseArgs({
      options: {
        'pg-port': { type: 'string' },
        'port-base': { type: 'string', default: '4600' },
        nginx: { type: 'string', default: '/usr/sbin/nginx' },
        keep: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
}
const values = readOptions();
if (values['pg-port'] === undefined) throw new Error('--pg-port is required');
const PG_PORT = Number(values['pg-port']);
const BASE = Number(values['port-base']);
const NGINX = values.nginx;
/** Keep the temporary directory (nginx configuration and logs, the instances' logs) even when the drill passes. */
const KEEP = values.keep;
const PROXY_PORT = BASE;
const INSTANCE_PORTS = [BASE + 1, BASE + 2] as const;
const SMS_PORT = BASE + 3;
/** API_RATE_LIMIT of both instances: small, so the drill trips it in a few seconds. */
const API_LIMIT = 100;
/** send-otp per address and hour (server/services/limits.ts LIMITS.sendOtp.ip). */
const SEND_OTP_LIMIT = 20;
const DB_NAME = 'talcioc_proxy';
const adminUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;
const dbUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/${DB_NAME}`;
const PASSWORD = 'parola-proxy-2026';
const upstreamName = (addr: string | undefined) =>
  addr === `127.0.0.1:${INSTANCE_PORTS[0]}` ? 'A' : addr === `127.0.0.1:${INSTANCE_PORTS[1]}` ? 'B' : `?(${addr})`;

// --- small helpers ----------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const problems: string[] = [];
function check(ok: boolean, what: string) {
  if (!ok) problems.push(what);
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  return ok;
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the drill reads many answers' fields; their shapes are the contract's, checked by the API tests
  json: any;
  /** The instance that answered: A or B (from nginx's X-Upstream), or the one addressed directly. */
  instance: string;
}

let requestCount = 0;
/**
 * One HTTP request on a new connection from `from` (a loopback address) to `port`: through nginx
 * (PROXY_PORT) or straight to an instance.
 */
function send(options: {
  port: number;
  from: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}): Promise<Answer> {
  requestCount += 1;
  return new Promise((resolve, reject) => {
    const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
    const req = http.request(
      {
        host: '127.0.0.1',
        port: options.port,
        localAddress: options.from,
        method: options.method,
        path: options.path,
        agent: false,
        headers: { ...(body && { 'content-length': String(body.length) }), ...options.headers },
        timeout: 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const data = Buffer.concat(chunks);
          let json: unknown = null;
          try {
            json = JSON.parse(data.toString('utf8'));
          } catch {
            json = null;
          }
          const instance =
            options.port === PROXY_PORT
              ? upstreamName(res.headers['x-upstream'] as string | undefined)
              : options.port === INSTANCE_PORTS[0]
                ? 'A'
                : 'B';
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data, json, instance });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${options.method} ${options.path}: no answer in 20 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A JSON API call as a client at `from`, through nginx unless `port` says otherwise. */
function api(
  from: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; port?: number } = {},
) {
  return send({
    port: options.port ?? PROXY_PORT,
    from,
    method,
    path: `/api${url}`,
    headers: {
      accept: 'application/json',
      'accept-language': 'en',
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

function expectStatus(answer: Answer, status: number, what: string) {
  if (answer.status !== status)
    throw new Error(
      `${what}: expected ${status}, got ${answer.status} from ${answer.instance}: ${answer.body.toString('utf8').slice(0, 300)}`,
    );
  return answer;
}

// --- the code receiver (SMS gateway) --------------------------------------------------------------

interface Sms {
  to: string;
  message: string;
}
const smsReceived: Sms[] = [];
function startSmsGateway(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        smsReceived.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Sms);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"queued"}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMS_PORT, '127.0.0.1', () => resolve(server));
  });
}

async function codeFor(e164: string, after: number): Promise<string> {
  for (let i = 0; i < 200; i += 1) {
    const sms = smsReceived.slice(after).find((m) => m.to === e164);
    const code = sms?.message.match(/\b(\d{4,6})\b/)?.[1];
    if (code) return code;
    await sleep(100);
  }
  throw new Error(`no code for ${e164} reached the SMS gateway in 20 s`);
}

// --- processes --------------------------------------------------------------------------------------

interface Instance {
  name: 'A' | 'B';
  port: number;
  child: ChildProcess;
  exited: () => number | null;
  log: string;
}

function startInstance(name: 'A' | 'B', port: number, dir: string, staticDir: string): Instance {
  const log = path.join(dir, `instance-${name}.log`);
  const fd = openSync(log, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: dbUrl,
      DATABASE_WAIT_SECONDS: '30',
      DATA_DIR: path.join(dir, `data-${name}`),
      STATIC_DIR: staticDir,
      TRUST_PROXY: '127.0.0.1',
      API_RATE_LIMIT: String(API_LIMIT),
      CATALOG_CACHE_SECONDS: '60',
      SMS_GATEWAY_URL: `http://127.0.0.1:${SMS_PORT}/sms`,
      SMS_GATEWAY_TOKEN: 'proxy-drill',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  let exitCode: number | null = null;
  child.on('exit', (code, signal) => (exitCode = code ?? (signal ? 128 : 0)));
  return { name, port, child, exited: () => exitCode, log };
}

async function waitHealthy(instance: Instance, deadline: number) {
  while (Date.now() < deadline) {
    if (instance.exited() !== null)
      throw new Error(
        `instance ${instance.name} exited at start (${instance.exited()}):\n${readFileSync(instance.log, 'utf8').slice(-3000)}`,
      );
    try {
      const res = await send({ port: instance.port, from: '127.0.0.1', method: 'GET', path: '/api/health' });
      requestCount -= 1;
      if (res.status === 200) return;
    } catch {
      requestCount -= 1;
    }
    await sleep(200);
  }
  throw new Error(`instance ${instance.name} not healthy in time:\n${readFileSync(instance.log, 'utf8').slice(-3000)}`);
}

function nginxConfig(dir: string) {
  const asRoot = process.getuid?.() === 0;
  return `# Generated by scripts/drills/proxy-drill.ts: two Talcioc instances behind nginx (issue 14).
${asRoot ? 'user nobody nogroup;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  client_max_body_size 10m;

  upstream talcioc {
    server 127.0.0.1:${INSTANCE_PORTS[0]};
    server 127.0.0.1:${INSTANCE_PORTS[1]};
    keepalive 8;
  }

  server {
    listen 127.0.0.1:${PROXY_PORT};
    server_name localhost;
    location / {
      proxy_pass http://talcioc;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      # What a real set-up sets: the client's X-Forwarded-For (if any) with the address nginx saw appended.
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # The drill must know which instance answered, and a request must never be replayed on the other.
      proxy_next_upstream off;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

function startNginx(dir: string): { child: ChildProcess; exited: () => number | null } {
  mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir));
  const child = spawn(
    NGINX,
    ['-p', `${dir}/`, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let exitCode: number | null = null;
  child.on('exit', (code, signal) => (exitCode = code ?? (signal ? 128 : 0)));
  child.stderr!.on('data', (c: Buffer) => process.stderr.write(`nginx: ${c.toString()}`));
  return { child, exited: () => exitCode };
}

async function stopChild(child: ChildProcess, exited: () => number | null, signal: NodeJS.Signals = 'SIGTERM') {
  if (exited() !== null || child.exitCode !== null) return;
  child.kill(signal);
  const gone = await Promise.race([
    new Promise<boolean>((resolve) => child.once('exit', () => resolve(true))),
    sleep(12_000).then(() => false),
  ]);
  if (!gone) child.kill('SIGKILL');
}

// --- the drill --------------------------------------------------------------------------------------

let phoneSeq = 0;
const newPhone = () => {
  phoneSeq += 1;
  const national = `7${String(60_000_000 + (process.pid % 10_000) * 100 + phoneSeq).slice(-8)}`;
  return { national, e164: `+40${national}` };
};

async function signUpAndLogIn(from: string) {
  const phone = newPhone();
  const reg = await api(from, 'POST', '/registration', {
    body: { name: 'Ana Proxy', phone: phone.national, email: '', password: PASSWORD, country: 'România', phone_code: '+40' },
  });
  expectStatus(reg, 200, 'registration');
  if (reg.json.data.requires_verification) {
    // The code is queued and sent to the gateway by whichever instance works the queue first (ADR 020).
    const mark = smsReceived.length;
    expectStatus(await api(from, 'POST', '/send-otp', { body: { phone: phone.national, phone_code: '+40' } }), 200, 'send-otp');
    const code = await codeFor(phone.e164, mark);
    expectStatus(
      await api(from, 'POST', '/verify-otp-register', { body: { phone: phone.national, phone_code: '+40', otp: code } }),
      200,
      'verify-otp-register',
    );
  }
  const login = expectStatus(
    await api(from, 'POST', '/login', { body: { phone: phone.national, phone_code: '+40', password: PASSWORD } }),
    200,
    'login',
  );
  return {
    phone,
    token: login.json.data.access.token.token as string,
    userId: login.json.data.user.id as number,
    loginInstance: login.instance,
  };
}

/** Through nginx, repeats `call` until an answer comes from `instance` (round-robin: at most a few tries). */
async function through(instance: string, call: () => Promise<Answer>) {
  for (let i = 0; i < 8; i += 1) {
    const answer = await call();
    if (answer.instance === instance) return answer;
  }
  throw new Error(`nginx never routed to instance ${instance} in 8 requests`);
}
const other = (instance: string) => (instance === 'A' ? 'B' : 'A');

async function main() {
  const started = Date.now();
  if (!existsSync(NGINX)) throw new Error(`${NGINX} not found: apt-get install -y nginx (or --nginx PATH)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'talcioc-proxy-'));
  // nginx's workers (user nobody when started as root) must reach the temp paths.
  chmodSync(dir, 0o755);
  const staticDir = existsSync(path.join(root, 'dist', 'index.html')) ? path.join(root, 'dist') : '/nonexistent';
  let nginx: ReturnType<typeof startNginx> | null = null;
  const instances: Instance[] = [];
  let sms: http.Server | null = null;
  let db: pg.Pool | null = null;
  const figures: [string, string][] = [];
  const figure = (label: string, value: string | number) => figures.push([label, String(value)]);

  // Once, whether the drill ends, fails or is interrupted (timeout's SIGTERM) — or all of these.
  let cleaning: Promise<void> | null = null;
  const cleanup = () => (cleaning ??= cleanupOnce());
  const cleanupOnce = async () => {
    await Promise.all([
      nginx ? stopChild(nginx.child, nginx.exited, 'SIGQUIT') : undefined,
      ...instances.map((i) => stopChild(i.child, i.exited)),
    ]);
    await db?.end().catch(() => undefined);
    await new Promise((resolve) => (sms ? sms.close(() => resolve(undefined)) : resolve(undefined)));
    await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch((e) =>
      console.error(`could not drop ${DB_NAME}: ${(e as Error).message}`),
    );
    if (!problems.length && !KEEP) rmSync(dir, { recursive: true, force: true });
    else console.error(`proxy drill: logs kept in ${dir}`);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`proxy drill: ${signal}, cleaning up`);
      problems.push(`interrupted by ${signal}`);
      void cleanup().finally(() => process.exit(1));
    });
  }

  try {
    await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${DB_NAME}`);
    sms = await startSmsGateway();

    // 0. Both instances at the same moment on the empty database.
    console.log(
      `proxy drill: nginx ${NGINX} on 127.0.0.1:${PROXY_PORT} → instances A :${INSTANCE_PORTS[0]}, B :${INSTANCE_PORTS[1]} (production, TRUST_PROXY=127.0.0.1, API_RATE_LIMIT=${API_LIMIT}) on PostgreSQL :${PG_PORT}/${DB_NAME}`,
    );
    console.log('\n0. first start of two instances at once, on an empty database');
    const t0 = Date.now();
    instances.push(startInstance('A', INSTANCE_PORTS[0], dir, staticDir), startInstance('B', INSTANCE_PORTS[1], dir, staticDir));
    await Promise.all(instances.map((i) => waitHealthy(i, Date.now() + 120_000)));
    figure('both instances up (empty database, started together)', `${((Date.now() - t0) / 1000).toFixed(1)} s`);
    nginx = startNginx(dir);
    for (let i = 0; i < 50; i += 1) {
      try {
        await send({ port: PROXY_PORT, from: '127.0.0.1', method: 'GET', path: '/api/health' });
        break;
      } catch {
        if (nginx.exited() !== null)
          throw new Error(
            `nginx exited (${nginx.exited()}): ${existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8').slice(-2000) : ''}`,
          );
        await sleep(100);
      }
    }
    db = new pg.Pool({ connectionString: dbUrl, max: 2 });
    db.on('error', () => undefined);
    const shops = Number((await db.query('SELECT count(*)::int AS n FROM shops')).rows[0].n);
    const migrations = Number((await db.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0].n);
    const journal = JSON.parse(readFileSync(path.join(root, 'server/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    check(migrations === journal.entries.length, `migrations applied once each (${migrations} of ${journal.entries.length})`);
    const { SHOPS } = await import('#server/db/seed/shops.ts');
    check(shops === SHOPS.length, `catalog seeded once (${shops} shops, expected ${SHOPS.length})`);
    const keyA = await through('A', () => api('127.0.0.2', 'GET', '/push/public-key'));
    const keyB = await through('B', () => api('127.0.0.2', 'GET', '/push/public-key'));
    check(
      keyA.status === 200 && keyA.json?.data?.public_key === keyB.json?.data?.public_key,
      'both instances sign pushes with one VAPID key pair',
    );
    if (staticDir !== '/nonexistent') {
      const pageA = await through('A', () => send({ port: PROXY_PORT, from: '127.0.0.2', method: 'GET', path: '/' }));
      const pageB = await through('B', () => send({ port: PROXY_PORT, from: '127.0.0.2', method: 'GET', path: '/' }));
      // The same built app from both; the answers a first visit's page carries (ADR 026) are made
      // per request by each instance (and may miss the budget on one), so they are left out of the comparison.
      const app = (body: Buffer) =>
        body.toString('utf8').replace(/<script type="application\/json" id="first-answers">[\s\S]*?<\/script>/, '');
      check(
        pageA.status === 200 && pageB.status === 200 && app(pageA.body) === app(pageB.body),
        'the built app is served by both (GET / through nginx)',
      );
    }

    // 1. Sessions.
    console.log('\n1. a session opened through one instance works on the other');
    const shopper = await signUpAndLogIn('127.0.0.2');
    const otherOne = other(shopper.loginInstance);
    const me = await through(otherOne, () => api('127.0.0.2', 'GET', '/user', { token: shopper.token }));
    check(
      me.status === 200 && me.json?.data?.user?.id === shopper.userId,
      `logged in through ${shopper.loginInstance}, the token works on ${otherOne} (GET /api/user ${me.status})`,
    );
    for (const [i, port] of INSTANCE_PORTS.entries()) {
      const direct = await api('127.0.0.2', 'GET', '/user', { token: shopper.token, port });
      check(direct.status === 200, `…and on instance ${i ? 'B' : 'A'} addressed directly (${direct.status})`);
    }
    const second = await signUpAndLogIn('127.0.0.2');
    const out = await api('127.0.0.2', 'GET', '/logout', { token: second.token });
    const afterLogout = await through(other(out.instance), () => api('127.0.0.2', 'GET', '/user', { token: second.token }));
    check(
      out.status === 200 && afterLogout.status === 401,
      `a logout through ${out.instance} ends the session on ${afterLogout.instance} too (${afterLogout.status})`,
    );

    // 2. Avatars.
    console.log('\n2. an avatar uploaded through one instance is served by the other');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    const boundary = '----talcioc-proxy-drill';
    const multipart = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="eu.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = expectStatus(
      await send({
        port: PROXY_PORT,
        from: '127.0.0.2',
        method: 'POST',
        path: '/api/profile/photo',
        body: multipart,
        headers: {
          authorization: `Bearer ${shopper.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          accept: 'application/json',
        },
      }),
      200,
      'avatar upload',
    );
    const photoUrl = String(JSON.parse(uploaded.body.toString('utf8')).data.user.profile_photo);
    const photoPath = new URL(photoUrl, 'http://localhost').pathname;
    const onOther = await through(other(uploaded.instance), () =>
      send({ port: PROXY_PORT, from: '127.0.0.2', method: 'GET', path: photoPath }),
    );
    const onSame = await through(uploaded.instance, () => send({ port: PROXY_PORT, from: '127.0.0.2', method: 'GET', path: photoPath }));
    check(
      onOther.status === 200 &&
        onOther.body.length > 0 &&
        onOther.body.equals(onSame.body) &&
        String(onOther.headers['content-type']).startsWith('image/'),
      `uploaded through ${uploaded.instance}, ${photoPath} served by ${onOther.instance}: ${onOther.status}, ${onOther.body.length} bytes, ${onOther.headers['content-type']}, same bytes as ${onSame.instance}`,
    );

    // 3. Orders and the other instance's catalog cache.
    console.log("\n3. an order placed through one instance shows in the other's catalog answers within 1 s");
    const [product] = (await db.query('SELECT id, quantity FROM products WHERE is_active AND quantity >= 3 ORDER BY id LIMIT 1')).rows as {
      id: number;
      quantity: number;
    }[];
    if (!product) throw new Error('no product with stock 3 or more');
    const address = expectStatus(
      await api('127.0.0.2', 'POST', '/address/store', {
        token: shopper.token,
        body: {
          name: 'Ana Proxy',
          phone: '0722123456',
          county: 'Cluj',
          locality: 'Cluj-Napoca',
          street: 'Str. Proxy 1',
          postal_code: '400001',
          type: 'home',
        },
      }),
      200,
      'address',
    );
    expectStatus(
      await api('127.0.0.2', 'POST', '/cart/store', { token: shopper.token, body: { product_id: product.id, quantity: 1 } }),
      200,
      'cart/store',
    );
    // Warm both instances' response caches with the product's anonymous answer (addressed directly).
    // Until each answers from its cache: a change notice of an earlier step (the cart line above,
    // the upload) may still be on its way to an instance and empty its cache once more.
    const detail = (port: number) => api('127.0.0.3', 'GET', `/products/${product.id}`, { port });
    const warm: Answer[] = [];
    for (const port of INSTANCE_PORTS) {
      let last = await detail(port);
      for (let tries = 1; tries < 40 && last.headers['x-cache'] !== 'HIT'; tries++) {
        await sleep(50);
        last = await detail(port);
      }
      warm.push(last);
    }
    const cached = warm.filter(
      (r) => r.status === 200 && r.headers['x-cache'] === 'HIT' && r.json.data.product.quantity === product.quantity,
    );
    const described = warm.map(
      (r) => `${r.instance}: ${r.status}, X-Cache ${r.headers['x-cache'] ?? '-'}, stock ${r.json?.data?.product?.quantity}`,
    );
    // The order goes to an instance whose peer answers from its cache: that peer is the one that
    // must drop its cached answer. Both warm: through nginx, as a shopper's order comes. One warm
    // only: seen twice in CI (an instance that answered 200 without storing, for 2 s, cause not
    // found; docs/issues.md) — the order is then sent straight to the other, so what the drill
    // proves still holds, and the odd instance is reported.
    check(cached.length > 0, `before the order an instance answers stock ${product.quantity} from its cache (${described.join('; ')})`);
    if (cached.length < warm.length) {
      console.log(`  warn an instance never answered from its cache in 40 tries (${described.join('; ')})`);
      figure(
        'instance not answering from its cache before the order',
        warm
          .filter((r) => !cached.includes(r))
          .map((r) => r.instance)
          .join(', '),
      );
    }
    const orderRequest = {
      token: shopper.token,
      body: { selected_products: [product.id], address_id: address.json.data.address.id, payment_method: 'cash' },
      headers: { 'idempotency-key': randomUUID() },
    };
    const order = expectStatus(
      cached.length === warm.length
        ? await api('127.0.0.2', 'POST', '/place-order', orderRequest)
        : await api('127.0.0.2', 'POST', '/place-order', { ...orderRequest, port: INSTANCE_PORTS[cached[0]!.instance === 'A' ? 1 : 0] }),
      200,
      'place-order',
    );
    const placedAt = Date.now();
    const watched = other(order.instance);
    const watchedPort = INSTANCE_PORTS[watched === 'A' ? 0 : 1];
    let seenAfter: number | null = null;
    let seenCache: string | undefined;
    let polls = 0;
    while (Date.now() - placedAt < 2000 && polls < 60) {
      polls += 1;
      const res = await detail(watchedPort);
      if (res.status === 200 && res.json.data.product.quantity === product.quantity - 1) {
        seenAfter = Date.now() - placedAt;
        seenCache = res.headers['x-cache'] as string | undefined;
        break;
      }
      await sleep(25);
    }
    figure(
      `order through ${order.instance}: new stock seen on ${watched} after`,
      seenAfter === null ? 'never (2 s)' : `${seenAfter} ms (${polls} poll${polls > 1 ? 's' : ''}, X-Cache ${seenCache ?? '-'})`,
    );
    check(
      seenAfter !== null && seenAfter <= 1000,
      `the order through ${order.instance} shows on ${watched} within 1 s (${seenAfter === null ? 'not within 2 s' : `${seenAfter} ms`})`,
    );

    // 4. Limits.
    console.log('\n4. per-address limits are shared by the instances, and a forged X-Forwarded-For does not escape them');
    let forgedSeq = 0;
    const forged = () => {
      forgedSeq += 1;
      return `10.${(forgedSeq >> 16) & 255}.${(forgedSeq >> 8) & 255}.${forgedSeq & 255}`;
    };
    /** Sends `max + extra` requests; the index of the first 429 (1-based), and which instances served the allowed ones. */
    async function hammer(label: string, max: number, run: (i: number) => Promise<Answer>) {
      const served = { A: 0, B: 0 } as Record<string, number>;
      let firstRefused: number | null = null;
      let retryAfter: string | undefined;
      const statuses = new Map<number, number>();
      for (let i = 1; i <= max + 3; i += 1) {
        const res = await run(i);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 429) {
          if (firstRefused === null) {
            firstRefused = i;
            retryAfter = res.headers['retry-after'] as string | undefined;
          }
        } else if (firstRefused === null) {
          served[res.instance] = (served[res.instance] ?? 0) + 1;
        }
      }
      const summary = [...statuses].map(([s, n]) => `${n}×${s}`).join(', ');
      figure(
        label,
        `refused from request ${firstRefused ?? 'never'} (allowed ${max}; A served ${served.A}, B ${served.B}; ${summary}; Retry-After ${retryAfter ?? '-'})`,
      );
      return { firstRefused, served, retryAfter, statuses };
    }
    const sharedAndRefused = (r: Awaited<ReturnType<typeof hammer>>, max: number, what: string) =>
      check(
        r.firstRefused === max + 1 && r.served.A! > 0 && r.served.B! > 0 && (r.statuses.get(429) ?? 0) === 3 && Number(r.retryAfter) > 0,
        `${what}: refused from request ${r.firstRefused ?? 'never'} (expected ${max + 1}), both instances counted (A ${r.served.A}, B ${r.served.B})`,
      );

    const settingsCall = (from: string, xff?: string, port?: number) => () =>
      api(from, 'GET', '/settings', { port, headers: xff ? { 'x-forwarded-for': xff } : {} });
    const plain = await hammer('API-wide limit through nginx, no X-Forwarded-For', API_LIMIT, () => settingsCall('127.0.0.4')());
    sharedAndRefused(plain, API_LIMIT, `API-wide limit (${API_LIMIT}/min) through nginx`);
    const spoofed = await hammer('API-wide limit through nginx, forged X-Forwarded-For', API_LIMIT, () =>
      settingsCall('127.0.0.5', forged())(),
    );
    sharedAndRefused(spoofed, API_LIMIT, 'API-wide limit through nginx with a new forged X-Forwarded-For each time');
    // Directly to the instances, alternating: a client that is not the proxy is never believed.
    const direct = await hammer('API-wide limit directly, alternating, forged X-Forwarded-For', API_LIMIT, (i) =>
      settingsCall('127.0.0.6', forged(), INSTANCE_PORTS[i % 2])(),
    );
    sharedAndRefused(direct, API_LIMIT, 'API-wide limit on the instances addressed directly, alternating, forged X-Forwarded-For');
    const bystander = await api('127.0.0.7', 'GET', '/settings');
    check(bystander.status === 200, `another client address is not limited meanwhile (${bystander.status})`);

    const sendOtp = (from: string, xff?: string) => () =>
      api(from, 'POST', '/send-otp', {
        body: { phone: newPhone().national, phone_code: '+40' },
        headers: xff ? { 'x-forwarded-for': xff } : {},
      });
    const otpPlain = await hammer('send-otp through nginx, no X-Forwarded-For', SEND_OTP_LIMIT, () => sendOtp('127.0.0.8')());
    sharedAndRefused(otpPlain, SEND_OTP_LIMIT, `send-otp (${SEND_OTP_LIMIT}/hour per address) through nginx`);
    const otpSpoofed = await hammer('send-otp through nginx, forged X-Forwarded-For', SEND_OTP_LIMIT, () =>
      sendOtp('127.0.0.9', forged())(),
    );
    sharedAndRefused(otpSpoofed, SEND_OTP_LIMIT, 'send-otp through nginx with a new forged X-Forwarded-For each time');

    const [bucket] = (await db.query(`SELECT count FROM rate_limit_buckets WHERE key = 'api:ip:127.0.0.5'`)).rows as { count: number }[];
    check(
      Number(bucket?.count) === API_LIMIT,
      `one counter in the database for the forging client: api:ip:127.0.0.5 = ${bucket?.count ?? 'none'}`,
    );
    const forgedRows = Number((await db.query(`SELECT count(*)::int AS n FROM rate_limit_buckets WHERE key LIKE '%:10.%'`)).rows[0].n);
    check(forgedRows === 0, `no counter for any forged address (${forgedRows})`);

    const alive = instances.every((i) => i.exited() === null) && nginx.exited() === null;
    check(alive, 'nginx and both instances still running');
  } catch (error) {
    problems.push((error as Error).message);
    console.error(`proxy drill error: ${(error as Error).stack ?? error}`);
    for (const instance of instances) {
      if (existsSync(instance.log))
        console.error(`--- instance ${instance.name} log (tail)\n${readFileSync(instance.log, 'utf8').slice(-2000)}`);
    }
  } finally {
    console.log('\nproxy drill figures');
    for (const [label, value] of figures) console.log(`  ${label.padEnd(62)} ${value}`);
    console.log(`  ${'requests sent'.padEnd(62)} ${requestCount}`);
    console.log(`  ${'drill took'.padEnd(62)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await cleanup();
  }
  if (problems.length) {
    console.error(`proxy drill FAILED: ${problems.join('; ')}`);
    process.exit(1);
  }
  console.log('proxy drill passed');
  process.exit(0);
}

main().catch((error) => {
  console.error(`proxy drill error: ${(error as Error).stack ?? error}`);
  process.exit(1);
});
