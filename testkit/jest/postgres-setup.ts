import { findPostgresBin, startPostgres } from "../postgres";

/** The server started here, for postgres-teardown.ts (jest runs both in its main process). */
export const POSTGRES_KEY = "__testPostgresServer";

/**
 * Global set-up of the jest projects that need PostgreSQL ("integration",
 * "integration postgres", "faults"): starts ONE PostgreSQL per jest run
 * (testkit/postgres.ts) and hands its URL to every worker as
 * TEST_DATABASE_URL (jest passes the environment set here to its workers);
 * each test file takes a database of its own from it. A TEST_DATABASE_URL
 * already set (a server of the machine's, or the one started by the set-up
 * of another project of this run) is used as it is. Without PostgreSQL
 * installed, the other tests still run and the PostgreSQL tests fail saying
 * so (`npm test` installs it first, or stops with the command to run:
 * scripts/runtime/postgres.cjs).
 */
export default async function postgresSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL || process.env.TEST_DATABASE_ERROR) return;
  if (!findPostgresBin()) {
    process.env.TEST_DATABASE_ERROR = "PostgreSQL is not installed (no initdb found): sudo apt-get install postgresql (or set POSTGRES_BIN, or TEST_DATABASE_URL)";
    console.warn(`\n${process.env.TEST_DATABASE_ERROR}; the PostgreSQL tests will fail.`);
    return;
  }
  const server = await startPostgres();
  (globalThis as Record<string, unknown>)[POSTGRES_KEY] = server;
  process.env.TEST_DATABASE_URL = server.url;
}
