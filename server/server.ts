/** Starts Talcioc: one process, one port, the PWA and its API. Closes gracefully on SIGINT/SIGTERM. */
import Fastify from 'fastify';
import app from './app.ts';
import { readEnv } from './env.ts';
import { loggerOptions } from './logger.ts';
import { trustProxyOption } from './lib/trust-proxy.ts';
import { DatabaseUnreachableError } from './db/faults.ts';

/** Start-up failures that need no stack: one clear line on stderr, exit 1. */
function exitWithLine(message: string): never {
  process.stderr.write(`talcioc: ${message}\n`);
  process.exit(1);
}

let env: ReturnType<typeof readEnv>;
try {
  env = readEnv();
} catch (err) {
  exitWithLine((err as Error).message);
}
const server = Fastify({
  logger: loggerOptions(env.LOG_LEVEL),
  // Default: trust no proxy (ADR 014); a hop count or the proxies' addresses when set.
  trustProxy: trustProxyOption(env.TRUST_PROXY),
  bodyLimit: 1024 * 1024,
  // Opening, migrating and seeding a fresh embedded database takes ~5 s, longer on a busy
  // 2-core machine: Fastify's default 10 s plugin timeout was hit once (issue #4 notes).
  // Also leaves room for DATABASE_WAIT_SECONDS (waiting for PostgreSQL at start).
  pluginTimeout: Math.max(60_000, (env.DATABASE_WAIT_SECONDS + 60) * 1000),
});

try {
  await server.register(app, { env });
} catch (err) {
  if (err instanceof DatabaseUnreachableError) exitWithLine(err.message);
  throw err;
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, 'closing');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await server.close();
    clearTimeout(timer);
    process.exit(0);
  });
}

try {
  await server.listen({ port: env.PORT, host: env.HOST });
} catch (err) {
  server.log.fatal({ err }, 'could not start');
  await server.close();
  process.exit(1);
}
