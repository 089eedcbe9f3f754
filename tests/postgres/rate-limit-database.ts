/**
 * A database of its own for the rate-limit store's tests, on the PostgreSQL
 * of the jest run (TEST_DATABASE_URL), or on one started here when the file
 * runs alone, with the rate-limit table as its migration makes it.
 */
import fs from "fs";
import path from "path";
import { Pool } from "pg";
import { createTestDatabase, startPostgres, type PostgresServer } from "../support/postgres";

export interface RateLimitTestDatabase {
  url: string;
  /** A pool of the test's own, to look at the table. */
  admin: Pool;
  /** The database's clock. */
  now(): Promise<Date>;
  /** Drops the database (and stops the server if it was started here). */
  stop(): Promise<void>;
}

const MIGRATION = path.join(__dirname, "..", "..", "server", "store", "postgres", "migrations", "002-rate-limits.sql");

export async function rateLimitTestDatabase(): Promise<RateLimitTestDatabase> {
  let server: PostgresServer | undefined;
  if (!process.env.TEST_DATABASE_URL) server = await startPostgres();
  const database = await createTestDatabase(server?.url ?? process.env.TEST_DATABASE_URL);
  const admin = new Pool({ connectionString: database.url, max: 2 });
  await admin.query(fs.readFileSync(MIGRATION, "utf8"));
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
