import type { PostgresServer } from "./postgres";
import { POSTGRES_KEY } from "./global-setup";

/** Stops the PostgreSQL the global set-up started (and removes its folder). */
export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as Record<string, unknown>;
  const server = holder[POSTGRES_KEY] as PostgresServer | undefined;
  delete holder[POSTGRES_KEY];
  await server?.stop();
}
