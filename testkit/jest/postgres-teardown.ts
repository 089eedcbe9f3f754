import type { PostgresServer } from "../postgres";
import { POSTGRES_KEY } from "./postgres-setup";

/** Global teardown of the projects whose set-up may start PostgreSQL: stops it (and removes its folder). */
export default async function postgresTeardown(): Promise<void> {
  const holder = globalThis as Record<string, unknown>;
  const server = holder[POSTGRES_KEY] as PostgresServer | undefined;
  delete holder[POSTGRES_KEY];
  await server?.stop();
}
