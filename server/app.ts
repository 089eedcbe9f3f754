import express, { type Express } from "express";
import compression from "compression";
import { apiRouter } from "./api";
import type { Config } from "./config";
import { siteRouter } from "./site";
import { createStore, type SubmissionStore } from "./store";

/** The Express app, with the store it writes to and a way to close that store. */
export type SiteApp = Express & {
  store: SubmissionStore;
  /** Closes the store (the app must not serve requests afterwards). */
  close(): Promise<void>;
};

export interface AppDependencies {
  /** Another store than the one the config names (tests). */
  store?: SubmissionStore;
  /** Where internal errors are reported (default console.error). */
  log?: (message: string, err: unknown) => void;
}

/** The one application: the API under /api and the built site on one port. */
export function createApp(config: Config, deps: AppDependencies = {}): SiteApp {
  const store = deps.store ?? createStore(config);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.use(compression());
  app.use("/api", apiRouter({ config, store, log: deps.log }));
  app.use(siteRouter(config.publicDir, config.contentSecurityPolicy));
  return Object.assign(app, {
    store,
    close: () => store.close(),
  });
}
