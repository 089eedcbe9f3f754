import { createApp } from "./app";
import { loadConfig } from "./config";

function main(): void {
  const config = loadConfig();
  const app = createApp(config);
  const server = app.listen(config.port, config.host, () => {
    console.log(`Serving ${config.publicDir} on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

try {
  main();
} catch (err) {
  console.error("Start-up failed:", err instanceof Error ? err.message : err);
  process.exit(1);
}
