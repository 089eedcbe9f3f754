/**
 * A store for express-rate-limit on PostgreSQL, so that every instance of the
 * API counts a client's requests in one place (table `rate_limits`, created by
 * the PostgreSQL store's migrations).
 *
 * Fixed window per key, as express-rate-limit's own memory store: the first
 * hit opens a window of `windowMs`; hits are counted until it ends; the next
 * hit after that opens a new one. Every hit is one atomic statement (`INSERT
 * ... ON CONFLICT DO UPDATE ... RETURNING`) timed by the database's clock, so
 * concurrent requests on several instances are each counted once, and the
 * instances' own clocks play no part.
 *
 * Its statements run on a pool of their own (`createRateLimitPool`): a few
 * connections opened at start and kept, so that a count never waits for a
 * connection to be made, nor in the queue of the submissions' pool behind
 * slower work (health checks over a large outbox, file uploads). No call waits
 * longer than `timeoutMs` (see `query`); one that fails is answered by the
 * per-instance count that `server/api/rate-limit.ts` keeps beside it.
 */
import { Pool, type QueryConfig, type QueryResultRow } from "pg";
import { errorFields, logger } from "../../log";
import { metrics } from "../../metrics";
import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";

export interface PostgresRateLimitStoreOptions {
  /**
   * Prepended to every key, so that several limiters (each with its own
   * window) share the table without counting each other's hits.
   */
  prefix?: string;
  /** Length of the window in ms; taken from the limiter's options (`init`) when not given. */
  windowMs?: number;
  /** Longest wait for one call, in ms, connecting included (see `query`); then it fails (and the per-instance count answers). */
  timeoutMs?: number;
  /** Ended windows of this prefix are deleted at most this often, in ms (never on every request). */
  cleanupIntervalMs?: number;
  /** Where an error of the background clean-up is reported. */
  onCleanupError?: (error: unknown) => void;
  /** The clock of the clean-up interval, in ms (Date.now by default; the windows are on the database's clock). */
  now?: () => number;
}

export const DEFAULT_RATE_LIMIT_PREFIX = "rl:";
export const DEFAULT_RATE_LIMIT_STORE_TIMEOUT_MS = 2_000;
export const DEFAULT_RATE_LIMIT_CLEANUP_INTERVAL_MS = 60_000;
/** Connections of the rate limit's own pool: each count is one short statement on one row. */
const RATE_LIMIT_POOL_SIZE = 2;
/** How often a waiting call looks at the time it has waited, in ms (see `query`). */
const WAIT_TICK_MS = 100;
/**
 * node-postgres gives up on a statement after this many timeouts (its timer
 * counts wall-clock time): the connection of a server that stopped answering
 * is then dropped from the pool instead of being held for ever.
 */
const BACKSTOP_TIMEOUTS = 5;

/** The window as an SQL interval, from its length in ms ($3 in every statement below). */
const WINDOW = "($3::double precision * interval '1 millisecond')";

const INCREMENT_SQL = `
INSERT INTO rate_limits AS r (prefix, key, window_start, hits)
VALUES ($1, $2, now(), 1)
ON CONFLICT (prefix, key) DO UPDATE SET
  hits = CASE WHEN r.window_start <= now() - ${WINDOW} THEN 1 ELSE LEAST(r.hits, 2147483646) + 1 END,
  window_start = CASE WHEN r.window_start <= now() - ${WINDOW} THEN now() ELSE r.window_start END
RETURNING hits, window_start + ${WINDOW} AS reset_at`;

const GET_SQL = `
SELECT hits, window_start + ${WINDOW} AS reset_at FROM rate_limits
WHERE prefix = $1 AND key = $2 AND window_start > now() - ${WINDOW}`;

const DECREMENT_SQL = `
UPDATE rate_limits SET hits = GREATEST(hits - 1, 0)
WHERE prefix = $1 AND key = $2 AND window_start > now() - ${WINDOW}`;

const RESET_KEY_SQL = "DELETE FROM rate_limits WHERE prefix = $1 AND key = $2";
const RESET_ALL_SQL = "DELETE FROM rate_limits WHERE prefix = $1";
const CLEANUP_SQL = "DELETE FROM rate_limits WHERE prefix = $1 AND window_start <= now() - ($2::double precision * interval '1 millisecond')";

interface CountRow extends QueryResultRow {
  hits: number;
  reset_at: Date;
}

class RateLimitStoreTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`The rate-limit store did not answer within ${timeoutMs} ms`);
    this.name = "RateLimitStoreTimeout";
  }
}

export class PostgresRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs: number | undefined;
  private readonly timeoutMs: number;
  private readonly cleanupIntervalMs: number;
  private readonly onCleanupError: (error: unknown) => void;
  private readonly now: () => number;
  private lastCleanup: number;
  private cleaning = false;
  private stopped = false;

  constructor(
    private readonly pool: Pool,
    options: PostgresRateLimitStoreOptions = {},
  ) {
    this.prefix = options.prefix ?? DEFAULT_RATE_LIMIT_PREFIX;
    this.windowMs = options.windowMs === undefined ? undefined : positive(options.windowMs, "windowMs");
    this.timeoutMs = positive(options.timeoutMs ?? DEFAULT_RATE_LIMIT_STORE_TIMEOUT_MS, "timeoutMs");
    this.cleanupIntervalMs = positive(options.cleanupIntervalMs ?? DEFAULT_RATE_LIMIT_CLEANUP_INTERVAL_MS, "cleanupIntervalMs");
    this.onCleanupError =
      options.onCleanupError ?? ((error) => logger().child({ component: "rate-limit" }).warn({ err: errorFields(error) }, "Rate limit: clean-up of ended windows failed"));
    this.now = options.now ?? Date.now;
    this.lastCleanup = this.now();
  }

  /** Called by express-rate-limit with the limiter's options; the store's own windowMs wins. */
  init(options: Options): void {
    if (this.windowMs === undefined) this.windowMs = positive(options.windowMs, "windowMs");
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const rows = await this.query<CountRow>(INCREMENT_SQL, [this.prefix, key, this.window()]);
    this.cleanupNowAndThen();
    return info(rows[0]!);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const rows = await this.query<CountRow>(GET_SQL, [this.prefix, key, this.window()]);
    return rows.length === 0 ? undefined : info(rows[0]!);
  }

  async decrement(key: string): Promise<void> {
    await this.query(DECREMENT_SQL, [this.prefix, key, this.window()]);
  }

  async resetKey(key: string): Promise<void> {
    await this.query(RESET_KEY_SQL, [this.prefix, key]);
  }

  async resetAll(): Promise<void> {
    await this.query(RESET_ALL_SQL, [this.prefix]);
  }

  /** Stops the clean-up; the pool belongs to the caller, who ends it. */
  shutdown(): void {
    this.stopped = true;
  }

  /** Deletes this prefix's ended windows now; returns how many rows went. */
  async deleteEndedWindows(): Promise<number> {
    const result = await this.pool.query(this.statement(CLEANUP_SQL, [this.prefix, this.window()]));
    return result.rowCount ?? 0;
  }

  private window(): number {
    if (this.windowMs === undefined) throw new Error("The rate-limit store has no windowMs: pass it, or use the store in rateLimit({ windowMs, store })");
    return this.windowMs;
  }

  /**
   * One statement, given up after timeoutMs of waiting, the wait for a
   * connection included (a pool without connectionTimeoutMillis waits for ever
   * on a host that never answers). The wait is counted in ticks of
   * WAIT_TICK_MS, a tick that came late counting once: a stretch in which this
   * process did not run (its event loop held by synchronous work, or no CPU
   * left for it on a busy machine) is not taken as the database being slow, so
   * an answer already in the socket is read before the call gives up. On the
   * database's side, the pool's `statement_timeout` (createRateLimitPool)
   * bounds the statement itself, lock waits included.
   */
  private async query<Row extends QueryResultRow>(text: string, values: unknown[]): Promise<Row[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      let waited = 0;
      let last = performance.now();
      const tick = () => {
        const now = performance.now();
        waited += Math.min(now - last, WAIT_TICK_MS);
        last = now;
        if (waited >= this.timeoutMs) reject(new RateLimitStoreTimeout(this.timeoutMs));
        else timer = setTimeout(tick, Math.min(WAIT_TICK_MS, this.timeoutMs - waited));
      };
      timer = setTimeout(tick, Math.min(WAIT_TICK_MS, this.timeoutMs));
    });
    const running = this.pool.query<Row>(this.statement(text, values));
    // A late failure after the timeout has already answered must not go unhandled.
    running.catch(() => undefined);
    try {
      const result = await Promise.race([running, timeout]);
      return result.rows;
    } finally {
      clearTimeout(timer);
    }
  }

  /** node-postgres reads `query_timeout` per query too (its types list it only for the client). */
  private statement(text: string, values: unknown[]): QueryConfig {
    const statement: QueryConfig & { query_timeout: number } = { text, values, query_timeout: this.timeoutMs * BACKSTOP_TIMEOUTS };
    return statement;
  }

  /** At most once per cleanupIntervalMs per store, in the background: the request does not wait for it. */
  private cleanupNowAndThen(): void {
    const now = this.now();
    // A pool being closed (the server shutting down) is left alone.
    if (this.stopped || this.pool.ending || this.cleaning || now - this.lastCleanup < this.cleanupIntervalMs) return;
    this.lastCleanup = now;
    this.cleaning = true;
    this.deleteEndedWindows()
      .catch((error: unknown) => this.onCleanupError(error))
      .finally(() => {
        this.cleaning = false;
      });
  }
}

/**
 * The store for one limiter, e.g.
 * `rateLimit({ windowMs, limit, store: rateLimitStore(createPostgresRateLimitStore(pool, { prefix: "forms:" })) })`
 * (server/api/rate-limit.ts), on a pool of createRateLimitPool. A store serves one
 * limiter (express-rate-limit refuses to share one); give each limiter its own
 * prefix.
 */
export function createPostgresRateLimitStore(pool: Pool, options: PostgresRateLimitStoreOptions = {}): PostgresRateLimitStore {
  return new PostgresRateLimitStore(pool, options);
}

function info(row: CountRow): ClientRateLimitInfo {
  return { totalHits: Number(row.hits), resetTime: new Date(row.reset_at) };
}

function positive(value: unknown, name: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new Error(`The rate-limit store's ${name} must be a positive number of ms (got ${String(value)})`);
  }
  return value;
}

export interface RateLimitPoolOptions {
  /** The database ends a statement of this pool that runs longer, lock waits included (DEFAULT_RATE_LIMIT_STORE_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /** Where a lost idle connection is reported. */
  log?: (message: string) => void;
}

/**
 * The rate limit's own pool: RATE_LIMIT_POOL_SIZE connections, all kept open
 * once made (no idle time-out), each statement bounded by the database's
 * `statement_timeout`. Its connections are opened by `warmUpPool`, before the
 * first request needs one.
 */
export function createRateLimitPool(connectionString: string, options: RateLimitPoolOptions = {}): Pool {
  const pool = new Pool({
    connectionString,
    max: RATE_LIMIT_POOL_SIZE,
    // Never fewer: idle connections are not closed, the next count finds one ready.
    min: RATE_LIMIT_POOL_SIZE,
    statement_timeout: options.statementTimeoutMs ?? DEFAULT_RATE_LIMIT_STORE_TIMEOUT_MS,
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
    application_name: "industrial-group-site rate limit",
  });
  // An idle connection that breaks is dropped by the pool (and made again when needed); without a listener it would end the process.
  pool.on("error", (err) => {
    metrics.countStoreError();
    const message = `Store error: PostgreSQL connection of the rate limit lost: ${err.message}`;
    if (options.log) options.log(message);
    else logger().child({ component: "rate-limit" }).error(message);
  });
  return pool;
}

/** Opens every connection of a pool of createRateLimitPool now (at start), rather than on the requests that would wait for them. */
export async function warmUpPool(pool: Pool): Promise<void> {
  const clients = await Promise.allSettled(Array.from({ length: RATE_LIMIT_POOL_SIZE }, () => pool.connect()));
  for (const client of clients) if (client.status === "fulfilled") client.value.release();
  const failed = clients.find((client) => client.status === "rejected");
  if (failed) throw failed.reason;
}
