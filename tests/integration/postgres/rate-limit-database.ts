/**
 * A database of its own for the rate-limit store's tests, on the PostgreSQL
 * of the jest run (TEST_DATABASE_URL), or on one started here when the file
 * runs alone, brought to this release's schema by the store's migrations
 * (so the rate-limit table is the one 002-rate-limits.sql makes).
 */
import { Pool } from "pg";
import { migratePostgres } from "../../../server/store/postgres/migrate";
import { createTestDatabase, startPostgres, type PostgresServer } from "../../../testkit/postgres";

export interface RateLimitTestDatabase {
  url: string;
  /** A pool of the test's own, to look at the table. */
  admin: Pool;
  /** The database's clock. */
  now(): Promise<Date>;
  /** Drops the database (and stops the server if it was started here). */
  stop(): Promise<void>;
}

export async function rateLimitTestDatabase(): Promise<RateLimitTestDatabase> {
  let server: PostgresServer | undefined;
  if (!process.env.TEST_DATABASE_URL) server = await startPostgres();
  const database = await createTestDatabase(server?.url ?? process.env.TEST_DATABASE_URL);
  const admin = new Pool({ connectionString: database.url, max: 2 });
  await migratePostgres(admin);
  return {
    url: database.url,
    admin,
    now: async () => (await admin.query<{ now: Date }>("SELECT now()")).rows[0]!.now,
    stop: async () => {
      await admin.end();
      await database.drop();
      await server?.stop();
    },
  };
}
