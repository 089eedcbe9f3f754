import compileServer from "../faults/global-setup";
import { findPostgresBin, startPostgres, type PostgresServer } from "./postgres";

/** The server started here, for global-teardown.ts (jest runs both in its main process). */
export const POSTGRES_KEY = "__testPostgresServer";

/**
 * Once per jest run:
 * - compiles the server into dist/ (tests/faults/global-setup.ts) and copies
 *   the PostgreSQL migrations beside it;
 * - starts ONE PostgreSQL (tests/support/postgres.ts) and hands its URL to
 *   every worker as TEST_DATABASE_URL (jest passes the environment set here
 *   to its workers); each test file takes a database of its own from it.
 *   initdb runs while the server compiles, so it adds little to the run.
 * A TEST_DATABASE_URL already set (a server of the machine's) is used as it
 * is. Without PostgreSQL installed, the other tests still run and the
 * PostgreSQL tests fail saying so (`npm test` installs it first, or stops with
 * the command to run: scripts/runtime/postgres.cjs).
 */
export default async function globalSetup(): Promise<void> {
  const starting = process.env.TEST_DATABASE_URL || !findPostgresBin() ? undefined : startPostgres();
  // Handled below; without this, a failure during the compilation would be reported as unhandled.
  starting?.catch(() => undefined);
  try {
    compileServer();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require("../../scripts/build/copy-sql-migrations.cjs") as { copySqlMigrations(): string[] }).copySqlMigrations();
  } catch (error) {
    await starting?.then((server) => server.stop()).catch(() => undefined);
    throw error;
  }
  if (process.env.TEST_DATABASE_URL) return;
  if (!starting) {
    process.env.TEST_DATABASE_ERROR = "PostgreSQL is not installed (no initdb found): sudo apt-get install postgresql (or set POSTGRES_BIN, or TEST_DATABASE_URL)";
    console.warn(`\n${process.env.TEST_DATABASE_ERROR}; the PostgreSQL tests will fail.`);
    return;
  }
  const server: PostgresServer = await starting;
  (globalThis as Record<string, unknown>)[POSTGRES_KEY] = server;
  process.env.TEST_DATABASE_URL = server.url;
}
