import express, { type Express } from "express";
import compression from "compression";
import type { Config } from "./config";
import { siteRouter } from "./site";

/** The one application: the built site (and, under /api, the API) on one port. */
export function createApp(config: Config): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", false);
  app.use(compression());
  app.use(siteRouter(config.publicDir));
  return app;
}
