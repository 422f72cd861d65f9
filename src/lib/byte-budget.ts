/**
 * Least-recently-used accounting of a cache by bytes (issue 15, ADR 043): the service worker's
 * image cache keeps at most `maxBytes` (workbox-expiration bounds entries and age only). Pure:
 * the service worker (src-sw/image-budget.ts) feeds it and deletes what it names.
 */
export interface BudgetEntry {
  size: number;
  used: number;
}

export class ByteBudget {
  private readonly entries = new Map<string, BudgetEntry>();

  constructor(
    readonly maxBytes: number,
    initial: Record<string, BudgetEntry> = {},
  ) {
    for (const [url, entry] of Object.entries(initial)) this.entries.set(url, entry);
  }

  get total(): number {
    let sum = 0;
    for (const entry of this.entries.values()) sum += entry.size;
    return sum;
  }

  /** A response stored (or replaced) under `url`. */
  add(url: string, size: number, now: number) {
    this.entries.set(url, { size, used: now });
  }

  /** A stored response used again (a cache hit). */
  touch(url: string, now: number) {
    const entry = this.entries.get(url);
    if (entry) entry.used = now;
  }

  /** Forgets entries the cache no longer has (another plugin expired them). */
  keepOnly(urls: Iterable<string>) {
    const present = new Set(urls);
    for (const url of [...this.entries.keys()]) if (!present.has(url)) this.entries.delete(url);
  }

  /** Removes and answers the least recently used URLs until the total fits the budget. */
  evict(): string[] {
    let total = this.total;
    if (total <= this.maxBytes) return [];
    const victims: string[] = [];
    for (const [url, entry] of [...this.entries].sort((a, b) => a[1].used - b[1].used)) {
      if (total <= this.maxBytes) break;
      total -= entry.size;
      this.entries.delete(url);
      victims.push(url);
    }
    return victims;
  }

  toJSON(): Record<string, BudgetEntry> {
    return Object.fromEntries(this.entries);
  }
}
