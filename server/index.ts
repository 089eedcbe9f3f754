import "./runtime";
import type http from "http";
import { createApp } from "./app";
import { loadConfig } from "./config";
import { closeHttpServer, createHttpServer } from "./http-server";
import { configureLogging, errorFields, logger } from "./log";
import { createOutboxDispatcher } from "./mail/outbox";
import { createMetricsServer, metrics } from "./metrics";
import { readRelease, releaseLine } from "./release";
import { spamUpkeepJob } from "./spam/upkeep";
import { makeDataDirPrivate, privacyUpkeepJob } from "./store/privacy";
import { scheduleUpkeep } from "./upkeep";

/** Time the outbox and the store get to stop after the connections are closed. */
const SHUTDOWN_GRACE_MS = 5_000;
/** How long the metrics server may take to close at shutdown (a scrape in progress). */
const METRICS_CLOSE_MS = 1_000;

function main(): void {
  const config = loadConfig();
  // `npm run serve -- --pretty`: readable lines for a person, like LOG_PRETTY=1.
  const log = configureLogging({ level: config.logLevel, pretty: config.logPretty || process.argv.slice(2).includes("--pretty") });
  // Before the store opens: site.db, uploads and .eml files are created private, and older ones made so.
  const fixedModes = makeDataDirPrivate(config.dataDir);
  if (fixedModes > 0) log.info({ fixedModes }, `Made ${fixedModes} file(s) and folder(s) in ${config.dataDir} private to the server's user`);
  const app = createApp(config, { logger: log });
  metrics.watchStore(app.store, config.healthTimeoutMs);
  const outbox = createOutboxDispatcher({ store: app.store, config });
  const server = createHttpServer(app, config);
  server.on("error", (err: NodeJS.ErrnoException) => {
    log.fatal({ err: errorFields(err) }, `Cannot listen on ${config.host}:${config.port}: ${err.code ?? err.message}`);
    process.exit(1);
  });
  let metricsServer: http.Server | undefined;
  let stopUpkeep = () => {};
  // Serve once the store is ready (PostgreSQL: its schema migrated); a store that cannot be used stops the start.
  (app.store.ready?.() ?? Promise.resolve()).then(
    () => {
      server.listen(config.port, config.host, () => {
        log.info(
          {
            event: "start",
            release: releaseLine(),
            node: process.version,
            host: config.host,
            port: config.port,
            store: config.databaseUrl ? "postgres" : "sqlite",
            notifications: config.smtpUrl ? "smtp" : "eml-files",
            metricsPort: config.metricsPort ?? null,
          },
          `Node.js ${process.version}; serving ${config.publicDir} on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}; ` +
            `API data ${config.databaseUrl ? "in PostgreSQL (DATABASE_URL)" : `in ${config.dataDir}`}; notifications ${config.smtpUrl ? "sent over SMTP" : `written to ${config.dataDir}/outbox/ (no SMTP_URL)`}`,
        );
      });
      if (config.metricsPort !== undefined) {
        metricsServer = createMetricsServer();
        metricsServer.on("error", (err: NodeJS.ErrnoException) => {
          log.fatal({ err: errorFields(err) }, `Cannot serve the metrics on ${config.metricsHost}:${config.metricsPort}: ${err.code ?? err.message}`);
          process.exit(1);
        });
        metricsServer.listen(config.metricsPort, config.metricsHost, () => {
          log.info({ event: "metrics", host: config.metricsHost, port: config.metricsPort }, `Metrics on http://${config.metricsHost}:${config.metricsPort}/metrics`);
        });
      }
      outbox.start();
      stopUpkeep = scheduleUpkeep([
        // Orphaned uploads and temporary files removed, submissions past RETENTION_DAYS purged: now, then daily.
        privacyUpkeepJob(config.dataDir, app.store, config.retentionDays),
        // Quarantined submissions past SPAM_RETENTION_DAYS deleted, expired challenges forgotten, the daily digest: now, then hourly.
        spamUpkeepJob(config, app.store),
      ]);
    },
    (err: unknown) => {
      metrics.countStoreError();
      log.fatal({ err: errorFields(err) }, `Start-up failed: the store cannot be used: ${errorFields(err).message}`);
      process.exit(1);
    },
  );
  let stopping = false;
  let endDrain = () => {};
  const stop = (signal: NodeJS.Signals) => {
    // A second signal during the drain ends it.
    if (stopping) {
      endDrain();
      return;
    }
    stopping = true;
    log.info({ event: "shutdown", signal }, `${signal}: shutting down (requests in progress get ${config.shutdownTimeoutMs} ms)`);
    // From now on the readiness probe answers 503: the load balancer sends new requests elsewhere.
    app.stopReadiness();
    stopUpkeep();
    // SIGTERM (an orchestrator, a service manager): the server serves on for SHUTDOWN_DRAIN_MS while it is
    // taken out of rotation. SIGINT (a person at a terminal) does not wait.
    const drainMs = signal === "SIGTERM" ? config.shutdownDrainMs : 0;
    // Requests in progress get SHUTDOWN_TIMEOUT_MS to finish; then their
    // connections are closed, the outbox stops and the store is closed. Should
    // any of that hang, the process still ends a little after the deadline.
    const deadlineMs = drainMs + config.shutdownTimeoutMs + SHUTDOWN_GRACE_MS;
    setTimeout(() => {
      log.error({ event: "shutdown" }, `Shutdown did not finish within ${deadlineMs} ms; exiting.`);
      process.exit(1);
    }, deadlineMs).unref();
    const drained = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, drainMs);
      endDrain = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    if (drainMs > 0) log.info({ event: "shutdown", drainMs }, `Shutting down: serving on for ${drainMs} ms (SHUTDOWN_DRAIN_MS), readiness answering 503`);
    const metricsClosed = () => (metricsServer ? closeHttpServer(metricsServer, METRICS_CLOSE_MS) : Promise.resolve());
    void drained.then(() => Promise.all([closeHttpServer(server, config.shutdownTimeoutMs), metricsClosed()])).then(() => {
      outbox
        .stop()
        .then(() => app.close())
        .then(
          () => {
            log.info({ event: "shutdown" }, "Shutdown complete");
            process.exit(0);
          },
          (err: unknown) => {
            log.error({ event: "shutdown", err: errorFields(err) }, `Shutdown failed: ${errorFields(err).message}`);
            process.exit(1);
          },
        );
    });
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

if (process.argv.slice(2).includes("--version")) {
  // `bin/serve --version` (npm run serve -- --version): the release, and no start.
  process.stdout.write(`${releaseLine(readRelease())}\n`);
  process.exit(0);
}

try {
  main();
} catch (err) {
  logger().fatal({ err: errorFields(err) }, `Start-up failed: ${errorFields(err).message}`);
  process.exit(1);
}
