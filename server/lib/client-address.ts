/**
 * The part of a client's address a per-address limit counts (issue 38): an IPv4 address whole, an
 * IPv6 address by its /64 — a home connection or a phone is given a whole /64, so counting single
 * IPv6 addresses would give one client 2^64 allowances. The API-wide limit (@fastify/rate-limit)
 * groups the same way.
 */
import { isIPv6 } from 'node:net';

/** Hextets of one side of a `::`, a trailing dotted quad counted as two. */
const hextets = (side: string) => (side ? side.split(':') : []).flatMap((part) => (part.includes('.') ? ['0', '0'] : [part]));

export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  const gap = address.indexOf('::');
  const head = hextets(gap === -1 ? address : address.slice(0, gap));
  const tail = gap === -1 ? [] : hextets(address.slice(gap + 2));
  const groups = [...head, ...Array<string>(Math.max(0, 8 - head.length - tail.length)).fill('0'), ...tail];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
