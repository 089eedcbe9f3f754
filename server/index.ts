import "./runtime";
import { createApp } from "./app";
import { loadConfig } from "./config";
import { createOutboxDispatcher } from "./outbox";

function main(): void {
  const config = loadConfig();
  const app = createApp(config);
  const outbox = createOutboxDispatcher({ store: app.store, config });
  const server = app.listen(config.port, config.host, () => {
    console.log(`Node.js ${process.version}; serving ${config.publicDir} on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`);
    console.log(
      `API data in ${config.dataDir}; notifications ${config.smtpUrl ? "sent over SMTP" : `written to ${config.dataDir}/outbox/ (no SMTP_URL)`}`,
    );
  });
  outbox.start();
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close(() => {
      outbox
        .stop()
        .then(() => app.close())
        .then(
          () => process.exit(0),
          (err: unknown) => {
            console.error("Shutdown failed:", err instanceof Error ? err.message : err);
            process.exit(1);
          },
        );
    });
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

try {
  main();
} catch (err) {
  console.error("Start-up failed:", err instanceof Error ? err.message : err);
  process.exit(1);
}
