/**
 * Per-client sliding-window rate limit, kept in memory (a restart forgets it, which is fine for a
 * contact form). `hit()` records an attempt and says whether it is allowed.
 */
export interface RateLimitDecision {
  allowed: boolean;
  /** Whole seconds until the next attempt would be allowed (only when refused). */
  retryAfterSeconds: number;
}

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  /** `limit` attempts per `windowMs` per key; a limit of 0 allows everything. */
  constructor(limit: number, windowMs = 60_000, options: { maxKeys?: number; now?: () => number } = {}) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.maxKeys = options.maxKeys ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.limit > 0;
  }

  hit(key: string): RateLimitDecision {
    if (!this.enabled) return { allowed: true, retryAfterSeconds: 0 };
    const now = this.now();
    const since = now - this.windowMs;
    const times = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (times.length >= this.limit) {
      this.hits.set(key, times);
      const oldest = times[times.length - this.limit]!;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) };
    }
    times.push(now);
    this.hits.delete(key); // re-insert so the Map stays ordered by last use
    this.hits.set(key, times);
    if (this.hits.size > this.maxKeys) this.prune(now);
    return { allowed: true, retryAfterSeconds: 0 };
  }

  /** Drops keys with no attempt inside the window; if still too many, the least recently used. */
  prune(now = this.now()): void {
    const since = now - this.windowMs;
    for (const [key, times] of this.hits) {
      if ((times[times.length - 1] ?? 0) <= since) this.hits.delete(key);
    }
    for (const key of this.hits.keys()) {
      if (this.hits.size <= this.maxKeys) break;
      this.hits.delete(key);
    }
  }

  get size(): number {
    return this.hits.size;
  }
}
