/**
 * A TCP relay in front of PostgreSQL that a test can cut and restore: the database "goes away"
 * (every open connection is destroyed, new ones are refused by closing them at once) and comes
 * back, without stopping the cluster other test files share (issue 14).
 */
import net, { type AddressInfo, type Socket } from 'node:net';

export interface TcpProxy {
  /** postgres:// URL of `target` with its host and port replaced by the relay's. */
  url: string;
  port: number;
  /** Connections accepted since the start (refused ones included). */
  readonly attempts: number;
  /** Destroys every relayed connection and refuses new ones until restore(). */
  cut(): void;
  restore(): void;
  /** Resolves once `count` connection attempts in all have been seen. */
  waitForAttempts(count: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port || 5432);
  const sockets = new Set<Socket>();
  let down = false;
  let attempts = 0;
  const waiters: { count: number; resolve: () => void }[] = [];

  const server = net.createServer((client) => {
    attempts += 1;
    for (const w of [...waiters]) {
      if (attempts >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, target.hostname);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.toString(),
    port,
    get attempts() {
      return attempts;
    },
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    restore() {
      down = false;
    },
    waitForAttempts(count, ms = 30_000) {
      if (attempts >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${attempts} of ${count} connection attempts within ${ms} ms`)), ms);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
