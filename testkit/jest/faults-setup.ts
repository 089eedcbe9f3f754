import compileServer from "./compile-server";
import postgresSetup from "./postgres-setup";
import postgresTeardown from "./postgres-teardown";

/**
 * Global set-up of the "faults" jest project: the server compiled into dist/
 * with its SQL migrations beside it (compile-server.ts), and the run's
 * PostgreSQL (postgres-setup.ts: none is started when another project's
 * set-up started it already). initdb runs while the server compiles, so it
 * adds little to the run.
 */
export default async function faultsSetup(): Promise<void> {
  const postgres = postgresSetup();
  // Awaited below; without this, a failure during the compilation would leave it unhandled.
  postgres.catch(() => undefined);
  try {
    compileServer();
  } catch (error) {
    await postgres.catch(() => undefined);
    await postgresTeardown();
    throw error;
  }
  await postgres;
}
