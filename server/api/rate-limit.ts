/**
 * The count behind the API's rate limit. One process (SQLite): express-rate-
 * limit's memory store. Several instances (PostgreSQL): the count shared in
 * the database (server/store/postgres/rate-limit-store.ts), with a per-instance count beside it
 * that answers whenever the shared one does not (database down, or slower
 * than its time-out): the limit then holds per instance (RATE_LIMIT_MAX per
 * window on each instance) instead of switching itself off.
 */
import type { Request } from "express";
import { ipKeyGenerator, MemoryStore, type ClientRateLimitInfo, type Options, type Store } from "express-rate-limit";
import { errorFields, logger } from "../log";
import { metrics } from "../metrics";

/** The rate limit counts an IPv6 client by its /56 network (a household's or a site's prefix), as the limiter does by default. */
const IPV6_SUBNET = 56;

/**
 * The client a request counts for, in the rate limit and the upload limits:
 * req.ip (the address Express's "trust proxy" setting, TRUST_PROXY, gives),
 * an IPv6 address by its /56 network. The limiter's default counts the same
 * way, without its checks of the request on every call and its IPv6 parsing
 * of the IPv4 addresses most clients have.
 */
export function clientKeyOf(req: Request): string {
  const ip = req.ip ?? "";
  return ip.includes(":") ? ipKeyGenerator(ip, IPV6_SUBNET) : ip;
}

/** A fall-back to the per-instance count is logged at most this often. */
const FALLBACK_LOG_INTERVAL_MS = 60_000;

export interface FallbackOptions {
  /** Where the fall-back (and the return to the shared count) is logged, with the failure's fields; the log by default. */
  log?: (message: string, fields?: Record<string, unknown>) => void;
  /** The clock of the logging interval (Date.now by default). */
  now?: () => number;
}

/**
 * Counts every hit both in the shared store and in this process's memory, and
 * answers with the shared count, or with the memory's when the shared store
 * fails. The memory holds every hit this instance took (not only those made
 * while the shared store was failing), so a client already at its limit on
 * this instance stays refused when the database stops answering. Never throws
 * for the shared store's sake: the limiter needs no `passOnStoreError`.
 *
 * The logged message names neither the client nor its key.
 */
export class PerInstanceFallbackStore implements Store {
  readonly localKeys = false;
  readonly prefix?: string;
  private readonly local = new MemoryStore();
  private readonly log: (message: string, fields?: Record<string, unknown>) => void;
  private readonly now: () => number;
  private lastLogged: number | undefined;
  /** A fall-back was logged and the shared store has not answered since. */
  private fallenBack = false;

  constructor(
    private readonly shared: Store,
    options: FallbackOptions = {},
  ) {
    this.prefix = shared.prefix;
    this.log = options.log ?? ((message, fields) => (fields ? logger().warn(fields, message) : logger().info(message)));
    this.now = options.now ?? Date.now;
  }

  init(options: Options): void {
    this.shared.init?.(options);
    this.local.init(options);
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const local = copy(await this.local.increment(key));
    return this.fromShared(() => this.shared.increment(key), local);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const found = await this.local.get(key);
    const local = found && copy(found);
    if (!this.shared.get) return local;
    const get = this.shared.get.bind(this.shared);
    return this.fromShared(() => get(key), local);
  }

  async decrement(key: string): Promise<void> {
    await this.local.decrement(key);
    await this.fromShared(() => this.shared.decrement(key), undefined);
  }

  async resetKey(key: string): Promise<void> {
    await this.local.resetKey(key);
    await this.fromShared(() => this.shared.resetKey(key), undefined);
  }

  async resetAll(): Promise<void> {
    await this.local.resetAll();
    if (!this.shared.resetAll) return;
    const resetAll = this.shared.resetAll.bind(this.shared);
    await this.fromShared(() => resetAll(), undefined);
  }

  async shutdown(): Promise<void> {
    await this.local.shutdown();
    await this.shared.shutdown?.();
  }

  /** The shared store's answer, or `fallback` (logged) when it fails. */
  private async fromShared<T>(call: () => T | Promise<T>, fallback: T): Promise<T> {
    try {
      const answer = await call();
      if (this.fallenBack) {
        this.fallenBack = false;
        this.log("Rate limit: the shared count answers again; clients are counted over all instances.");
      }
      return answer;
    } catch (error) {
      this.fellBack(error);
      return fallback;
    }
  }

  private fellBack(error: unknown): void {
    metrics.countRateLimitFallback();
    const now = this.now();
    if (this.lastLogged !== undefined && now - this.lastLogged < FALLBACK_LOG_INTERVAL_MS) return;
    this.lastLogged = now;
    this.fallenBack = true;
    this.log(
      `Rate limit: the shared count in the database failed (${String(errorFields(error).message)}); each instance limits clients on its own count until it answers again (logged at most once a minute).`,
      { event: "rate_limit_fallback", err: errorFields(error) },
    );
  }
}

/** The count as it is now: the memory store answers with its own record, which later hits change. */
function copy({ totalHits, resetTime }: ClientRateLimitInfo): ClientRateLimitInfo {
  return { totalHits, resetTime };
}

/** The store of the API's limiter: the shared one with the per-instance fall-back, or the memory store when there is none to share. */
export function rateLimitStore(shared: Store | undefined): Store {
  return shared ? new PerInstanceFallbackStore(shared) : new MemoryStore();
}
