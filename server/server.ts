/**
 * Starts Talcioc: the PWA and its API on one port. Closes gracefully on SIGINT/SIGTERM.
 *
 * WEB_CONCURRENCY=N (PostgreSQL only) runs N server processes sharing the port (node:cluster):
 * one Node process uses one core, and the product already runs as several instances on one
 * database (ADR 022: shared rate limits, cache clears over LISTEN/NOTIFY, each catalog index
 * following the change log). The primary only forks, replaces a worker that dies, and passes
 * the stop signal on.
 */
import cluster from 'node:cluster';
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
if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) {
  await runPrimary(env.WEB_CONCURRENCY);
} else {
  await runServer();
}

/** Forks the workers and keeps their number until a stop signal. */
async function runPrimary(workers: number) {
  let stopping = false;
  const restarts: number[] = [];
  const fork = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A worker that keeps dying at start (bad configuration, database gone) must not be
    // restarted in a tight loop: more than 5 deaths a minute stop the whole server.
    const now = Date.now();
    restarts.push(now);
    while (restarts.length && now - restarts[0]! > 60_000) restarts.shift();
    if (restarts.length > 5)
      exitWithLine(`a server process exited ${restarts.length} times within a minute (last: ${signal ?? code}); stopping`);
    process.stderr.write(`talcioc: server process ${worker.process.pid} exited (${signal ?? code}); starting another\n`);
    fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      setTimeout(() => process.exit(1), 15_000).unref();
    });
  }
  for (let i = 0; i < workers; i++) fork();
}

/** One server process: the app, listening on PORT. */
async function runServer() {
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
}
