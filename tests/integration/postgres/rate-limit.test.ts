/**
 * The rate limit shared by every instance: express-rate-limit with the
 * PostgreSQL store (server/store/postgres/rate-limit-store.ts) and its per-instance fall-back
 * (server/api/rate-limit.ts) against a real PostgreSQL, each "instance" an Express
 * app with its own store and its own pool, as separate processes would have.
 */
import http from "http";
import net from "net";
import express from "express";
import { rateLimit, type Options } from "express-rate-limit";
import { Pool } from "pg";
import { PerInstanceFallbackStore } from "../../../server/api/rate-limit";
import {
  createPostgresRateLimitStore,
  createRateLimitPool,
  warmUpPool,
  type PostgresRateLimitStore,
  type PostgresRateLimitStoreOptions,
} from "../../../server/store/postgres/rate-limit-store";
import { rateLimitTestDatabase, type RateLimitTestDatabase } from "./rate-limit-database";
import { waitFor } from "../../../testkit/wait";

jest.setTimeout(60_000);

let database: RateLimitTestDatabase;
const pools: Pool[] = [];
const servers: http.Server[] = [];

beforeAll(async () => {
  database = await rateLimitTestDatabase();
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  await Promise.all(pools.splice(0).map((pool) => pool.end().catch(() => undefined)));
  jest.restoreAllMocks();
});

afterAll(async () => {
  await database?.stop();
});

function pool(connectionString = database.url, extra: ConstructorParameters<typeof Pool>[0] = {}): Pool {
  const created = new Pool({ connectionString, max: 10, connectionTimeoutMillis: 5_000, ...extra });
  created.on("error", () => undefined);
  pools.push(created);
  return created;
}

/** The rate limit's own pool, as the PostgreSQL store makes it (its connections opened before use). */
async function rateLimitPool(extra: { statementTimeoutMs?: number } = {}): Promise<Pool> {
  const created = createRateLimitPool(database.url, { log: () => undefined, ...extra });
  pools.push(created);
  await warmUpPool(created);
  return created;
}

interface Instance {
  url: string;
  store: PostgresRateLimitStore;
  /** What the fall-back logged. */
  logged: string[];
  /** What express-rate-limit logged (a store error it let through would be here). */
  limiterErrors: unknown[];
}

/**
 * One instance of the API as server/api/index.ts builds it: a limiter on the POST
 * calls with the PostgreSQL store and the per-instance fall-back. `/ok`
 * answers 200, `/fail` 400.
 */
async function instance(options: {
  limit: number;
  windowMs: number;
  pool?: Pool;
  store?: PostgresRateLimitStoreOptions;
  limiter?: Partial<Options>;
  now?: () => number;
}): Promise<Instance> {
  const store = createPostgresRateLimitStore(options.pool ?? (await rateLimitPool()), options.store);
  const logged: string[] = [];
  const limiterErrors: unknown[] = [];
  const app = express();
  app.use(
    rateLimit({
      windowMs: options.windowMs,
      limit: options.limit,
      store: new PerInstanceFallbackStore(store, { log: (message) => logged.push(message), now: options.now }),
      standardHeaders: "draft-8",
      legacyHeaders: false,
      logger: { error: (error: unknown) => limiterErrors.push(error), warn: () => undefined },
      ...options.limiter,
    }),
  );
  app.post("/ok", (_req, res) => {
    res.status(200).json({ ok: true });
  });
  app.post("/fail", (_req, res) => {
    res.status(400).json({ message: "refused" });
  });
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, store, logged, limiterErrors };
}

async function post(url: string): Promise<number> {
  const response = await fetch(url, { method: "POST" });
  await response.arrayBuffer();
  return response.status;
}

async function rows(prefix: string): Promise<{ key: string; hits: number }[]> {
  const result = await database.admin.query<{ key: string; hits: number }>("SELECT key, hits FROM rate_limits WHERE prefix = $1 ORDER BY key", [prefix]);
  return result.rows;
}

/**
 * The database's clock moves on by `ms` for a prefix's windows: their starts go
 * back by as much (the store reads the time from the database's now() only).
 */
async function age(prefix: string, ms: number): Promise<void> {
  await database.admin.query("UPDATE rate_limits SET window_start = window_start - ($2::double precision * interval '1 millisecond') WHERE prefix = $1", [prefix, ms]);
}

let prefixes = 0;
/** A prefix of its own for each test, so that the tests share one database without sharing counts. */
function freshPrefix(): string {
  prefixes += 1;
  return `test${prefixes}:`;
}

describe("PostgreSQL rate-limit store", () => {
  it("accepts exactly the limit of concurrent requests spread over three instances", async () => {
    const limit = 7;
    const requests = 60;
    const prefix = freshPrefix();
    const instances = await Promise.all([0, 1, 2].map(() => instance({ limit, windowMs: 60_000, store: { prefix } })));

    const statuses = await Promise.all(Array.from({ length: requests }, (_, index) => post(`${instances[index % 3]!.url}/ok`)));

    expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(requests - limit);
    // Each hit counted once, whichever instance took it.
    const counted = await rows(prefix);
    expect(counted).toHaveLength(1);
    expect(counted[0]!.hits).toBe(requests);
    for (const { logged, limiterErrors } of instances) expect([...logged, ...limiterErrors]).toEqual([]);
  });

  it("opens a new window when the last one has ended, on the database's clock", async () => {
    const windowMs = 60_000;
    const prefix = freshPrefix();
    const { url, store } = await instance({ limit: 2, windowMs, store: { prefix } });
    // This instance's clock is an hour ahead: the window must not depend on it.
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, "now").mockImplementation(() => realNow() + 3_600_000);

    const before = await database.now();
    expect([await post(`${url}/ok`), await post(`${url}/ok`), await post(`${url}/ok`)]).toEqual([200, 200, 429]);
    const info = await store.get("127.0.0.1");
    expect(info?.totalHits).toBe(3);
    // The window ends windowMs after the database's time of the first hit.
    expect(info!.resetTime!.getTime()).toBeGreaterThanOrEqual(before.getTime() + windowMs);
    expect(info!.resetTime!.getTime()).toBeLessThan((await database.now()).getTime() + windowMs);

    // Half the window later on the database's clock, the hits still count; a whole window later, they do not.
    await age(prefix, windowMs / 2);
    expect((await store.get("127.0.0.1"))?.totalHits).toBe(3);
    expect(await post(`${url}/ok`)).toBe(429);
    await age(prefix, windowMs / 2);
    expect(await store.get("127.0.0.1")).toBeUndefined();
    expect(await post(`${url}/ok`)).toBe(200);
    expect((await store.get("127.0.0.1"))?.totalHits).toBe(1);
  });

  it("takes back a hit with decrement (skipFailedRequests), never below zero, never in an ended window", async () => {
    const prefix = freshPrefix();
    const { url } = await instance({ limit: 2, windowMs: 60_000, store: { prefix }, limiter: { skipFailedRequests: true } });
    // Refused requests are counted, then taken back when their answer is a failure.
    for (let i = 0; i < 4; i += 1) expect(await post(`${url}/fail`)).toBe(400);
    await waitFor(async () => (await rows(prefix))[0]?.hits === 0);
    expect([await post(`${url}/ok`), await post(`${url}/ok`), await post(`${url}/ok`)]).toEqual([200, 200, 429]);

    const windowMs = 60_000;
    const ended = freshPrefix();
    const store = createPostgresRateLimitStore(pool(), { prefix: ended, windowMs });
    await store.decrement("nobody");
    expect(await store.get("nobody")).toBeUndefined();
    await store.increment("client");
    await store.decrement("client");
    await store.decrement("client");
    expect((await store.get("client"))?.totalHits).toBe(0);
    await store.increment("client");
    await age(ended, windowMs);
    await store.decrement("client");
    expect((await store.increment("client")).totalHits).toBe(1);
  });

  it("keeps the counts of two prefixes apart in one table", async () => {
    const forms = freshPrefix();
    const uploads = freshPrefix();
    const formsLimiter = await instance({ limit: 2, windowMs: 60_000, store: { prefix: forms } });
    const uploadsLimiter = await instance({ limit: 3, windowMs: 60_000, store: { prefix: uploads } });

    expect([await post(`${formsLimiter.url}/ok`), await post(`${formsLimiter.url}/ok`), await post(`${formsLimiter.url}/ok`)]).toEqual([200, 200, 429]);
    expect([
      await post(`${uploadsLimiter.url}/ok`),
      await post(`${uploadsLimiter.url}/ok`),
      await post(`${uploadsLimiter.url}/ok`),
      await post(`${uploadsLimiter.url}/ok`),
    ]).toEqual([200, 200, 200, 429]);
    expect(await rows(forms)).toEqual([{ key: "127.0.0.1", hits: 3 }]);
    expect(await rows(uploads)).toEqual([{ key: "127.0.0.1", hits: 4 }]);

    await formsLimiter.store.resetKey("127.0.0.1");
    expect(await formsLimiter.store.get("127.0.0.1")).toBeUndefined();
    expect((await uploadsLimiter.store.get("127.0.0.1"))?.totalHits).toBe(4);
    await uploadsLimiter.store.resetAll();
    expect(await rows(uploads)).toEqual([]);
    expect(await post(`${formsLimiter.url}/ok`)).toBe(200);
  });

  it("stores long keys (IPv6 subnets, custom keys) as they are", async () => {
    const store = createPostgresRateLimitStore(pool(), { prefix: freshPrefix(), windowMs: 60_000 });
    const keys = ["2001:0db8:85a3:0000:0000:8a2e:0370:7334/56", `client:${"x".repeat(2_000)}`];
    for (const key of keys) {
      expect((await store.increment(key)).totalHits).toBe(1);
      expect((await store.increment(key)).totalHits).toBe(2);
    }
    expect((await store.get(keys[0]!))?.totalHits).toBe(2);
  });

  it("deletes ended windows now and then, only its own prefix's, not on every request", async () => {
    const prefix = freshPrefix();
    const other = freshPrefix();
    const otherStore = createPostgresRateLimitStore(pool(), { prefix: other, windowMs: 60_000 });
    await otherStore.increment("kept");
    // The clean-up interval on the store's clock, the windows on the database's: each moved on by the test.
    const windowMs = 60_000;
    const cleanupIntervalMs = 120_000;
    let now = 0;
    const store = createPostgresRateLimitStore(pool(), { prefix, windowMs, cleanupIntervalMs, now: () => now });
    await store.increment("ended");
    await age(prefix, windowMs);
    // Within the clean-up interval: the ended window stays.
    now += cleanupIntervalMs - 1;
    await store.increment("live");
    expect((await rows(prefix)).map((row) => row.key)).toEqual(["ended", "live"]);

    await age(prefix, windowMs);
    now += 1;
    await store.increment("live2");
    await waitFor(async () => !(await rows(prefix)).some((row) => row.key === "ended"));
    // "live" has ended meanwhile too.
    expect((await rows(prefix)).map((row) => row.key)).toEqual(["live2"]);
    expect(await rows(other)).toEqual([{ key: "kept", hits: 1 }]);
  });

  it("refuses a window or timeout that is not a positive number of ms, and says which", async () => {
    expect(() => createPostgresRateLimitStore(pool(), { windowMs: 0 })).toThrow("The rate-limit store's windowMs must be a positive number of ms (got 0)");
    expect(() => createPostgresRateLimitStore(pool(), { timeoutMs: Number.NaN })).toThrow("The rate-limit store's timeoutMs must be a positive number of ms (got NaN)");
    const unset = createPostgresRateLimitStore(pool());
    await expect(unset.increment("k")).rejects.toThrow("The rate-limit store has no windowMs");
    // Used in a limiter, it takes the limiter's window.
    unset.init({ windowMs: 60_000 } as Options);
    expect((await unset.increment("k")).totalHits).toBe(1);
  });

  describe("when the database does not answer, each instance limits on its own count (never unlimited), without waiting", () => {
    const FALLBACK = /^Rate limit: the shared count in the database failed \(.+\); each instance limits clients on its own count until it answers again/;

    it("a closed port", async () => {
      const closed = await closedPort();
      const { url, store, logged, limiterErrors } = await instance({
        limit: 1,
        windowMs: 60_000,
        pool: pool(`postgres://postgres@127.0.0.1:${closed}/postgres`),
        store: { prefix: freshPrefix(), timeoutMs: 1_000 },
      });
      await expect(store.increment("k")).rejects.toThrow();
      expect([await post(`${url}/ok`), await post(`${url}/ok`), await post(`${url}/ok`)]).toEqual([200, 429, 429]);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(FALLBACK);
      // No client address in the log.
      expect(logged[0]).not.toMatch(/127\.0\.0\.1(?!:)/);
      expect(limiterErrors).toEqual([]);
    });

    it("a server that accepts connections and never answers", async () => {
      const silent = net.createServer(() => undefined);
      const sockets: net.Socket[] = [];
      silent.on("connection", (socket) => sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
      try {
        const { port } = silent.address() as net.AddressInfo;
        // A pool without connectionTimeoutMillis would wait for ever: the store's timeout still answers.
        const hung = pool(`postgres://postgres@127.0.0.1:${port}/postgres`, { connectionTimeoutMillis: 0 });
        const { url, logged } = await instance({ limit: 1, windowMs: 60_000, pool: hung, store: { prefix: freshPrefix(), timeoutMs: 500 } });
        const statuses = await Promise.all([post(`${url}/ok`), post(`${url}/ok`), post(`${url}/ok`)]);
        expect(statuses.sort()).toEqual([200, 429, 429]);
        expect(logged).toHaveLength(1);
        expect(logged[0]).toMatch(/did not answer within 500 ms/);
      } finally {
        sockets.forEach((socket) => socket.destroy());
        await new Promise((resolve) => silent.close(resolve));
      }
    });

    it("a pool that was ended, logged at most once a minute on the clock it is given", async () => {
      const ended = pool();
      let now = 1_000_000;
      const { url, logged } = await instance({ limit: 2, windowMs: 60_000, pool: ended, store: { prefix: freshPrefix() }, now: () => now });
      await ended.end();
      expect([await post(`${url}/ok`), await post(`${url}/ok`), await post(`${url}/ok`)]).toEqual([200, 200, 429]);
      expect(logged).toHaveLength(1);
      now += 59_999;
      expect(await post(`${url}/ok`)).toBe(429);
      expect(logged).toHaveLength(1);
      now += 1;
      expect(await post(`${url}/ok`)).toBe(429);
      expect(logged).toHaveLength(2);
      expect(logged[1]).toMatch(FALLBACK);
    });

    it("a row held by a lock (slow database): the count goes on per instance, and back to the shared one once the lock is gone", async () => {
      const prefix = freshPrefix();
      // The database ends a count waiting on the lock after 300 ms (statement_timeout), before the store gives up on it: none of them is counted later.
      const slowPool = await rateLimitPool({ statementTimeoutMs: 300 });
      const first = await instance({ limit: 2, windowMs: 60_000, pool: slowPool, store: { prefix, timeoutMs: 5_000 } });
      const second = await instance({ limit: 2, windowMs: 60_000, pool: slowPool, store: { prefix, timeoutMs: 5_000 } });
      expect([await post(`${first.url}/ok`), await post(`${first.url}/ok`)]).toEqual([200, 200]);
      expect(await post(`${second.url}/ok`)).toBe(429); // shared: the client is at its limit everywhere

      // Another transaction holds the client's row: every count waits on it.
      const holder = await database.admin.connect();
      try {
        await holder.query("BEGIN");
        await holder.query("SELECT hits FROM rate_limits WHERE prefix = $1 FOR UPDATE", [prefix]);
        // The first instance has taken two hits itself: it refuses on its own count.
        expect(await post(`${first.url}/ok`)).toBe(429);
        // The second one has taken one: one more, then refused. Per instance, never unlimited.
        expect([await post(`${second.url}/ok`), await post(`${second.url}/ok`), await post(`${second.url}/ok`)]).toEqual([200, 429, 429]);
        expect(first.logged).toHaveLength(1);
        expect(first.logged[0]).toMatch(FALLBACK);
        expect(second.logged).toHaveLength(1);
      } finally {
        await holder.query("ROLLBACK");
        holder.release();
      }
      // The shared count answers again: it counted none of the hits taken meanwhile.
      expect(await post(`${first.url}/ok`)).toBe(429);
      expect(first.logged[1]).toBe("Rate limit: the shared count answers again; clients are counted over all instances.");
      expect((await rows(prefix))[0]!.hits).toBe(4);
    });
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

