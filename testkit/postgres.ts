/**
 * A real PostgreSQL for the tests (no mock database). The jest global set-up
 * (testkit/jest/postgres-setup.ts) starts ONE server per jest run and hands its
 * URL to every worker as `process.env.TEST_DATABASE_URL`; each test file then
 * takes a database of its own with `createTestDatabase()` and drops it in
 * `afterAll`. The code lives in testkit/postgres-lib.cjs, shared with
 * the benchmarks and the runtime check; this module gives it its types.
 *
 *     let db: TestDatabase;
 *     beforeAll(async () => { db = await createTestDatabase(); });
 *     afterAll(() => db.drop());
 *     // new pg.Pool({ connectionString: db.url })
 */

export interface PostgresServer {
  /** URL of the server's database `test` (postgres://postgres@127.0.0.1:PORT/test). */
  url: string;
  port: number;
  /** The temporary folder holding its data, log and unix socket. */
  dir: string;
  /** What the server logged so far. */
  log(): string;
  /** pg_ctl stop -m immediate, then the folder is removed. */
  stop(): Promise<void>;
}

export interface TestDatabase {
  /** The database's name (test_ and random hex). */
  name: string;
  /** Its URL, on the same server. */
  url: string;
  /** Drops it, closing any connection still open to it. */
  drop(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const lib = require("./postgres-lib.cjs") as {
  findPostgresBin(): string | undefined;
  startPostgres(options?: { port?: number; maxConnections?: number }): Promise<PostgresServer>;
  createTestDatabase(url?: string): Promise<TestDatabase>;
};

/** The folder of PostgreSQL's initdb and pg_ctl, or undefined when it is not installed. */
export const findPostgresBin = (): string | undefined => lib.findPostgresBin();

/**
 * initdb into a temporary folder and start it (as the `postgres` user when
 * this is root) on a free loopback port; resolves once it accepts
 * connections. For tests only: trust authentication, fsync off.
 */
export const startPostgres = (options?: { port?: number; maxConnections?: number }): Promise<PostgresServer> => lib.startPostgres(options);

/** A fresh database with a random name on the server at `url` (TEST_DATABASE_URL by default). */
export const createTestDatabase = (url?: string): Promise<TestDatabase> => lib.createTestDatabase(url);
