import express, { type ErrorRequestHandler, type Express, type Request, type Response } from "express";
import { apiRouter } from "./api";
import type { Config } from "./config";
import { sendInternalError, siteRouter } from "./site";
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

/**
 * Whether a request target can be served: a path, or the absolute form
 * (`GET http://host:port/path`, which clients send to proxies) when it is a
 * valid http(s) URL. `http://a:99999/x`, `http://[::1/x`, `*` and the like
 * are not.
 */
export function isServableTarget(target: string): boolean {
  if (target.startsWith("/")) return true;
  try {
    const url = new URL(target);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * Answers 400 to a target that is not servable before any router sees it:
 * Express's routers skip every layer of a target they cannot parse, so no
 * middleware could.
 */
function refuseMalformedTargets(app: Express): void {
  const handle = (app as unknown as { handle: (req: Request, res: Response, callback?: unknown) => void }).handle.bind(app);
  (app as unknown as { handle: typeof handle }).handle = (req, res, callback) => {
    if (isServableTarget(req.url)) {
      handle(req, res, callback);
      return;
    }
    res.statusCode = 400;
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.end("Bad request");
  };
}

/** Last resort: whatever no router answered is logged and gets a plain 500, never a stack trace. */
function lastErrorHandler(log: (message: string, err: unknown) => void): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    log(`Internal error on ${req.method} ${req.originalUrl}:`, err);
    sendInternalError(res);
  };
}

/** The one application: the API under /api and the built site on one port. */
export function createApp(config: Config, deps: AppDependencies = {}): SiteApp {
  const store = deps.store ?? createStore(config);
  const log = deps.log ?? ((message: string, err: unknown) => console.error(message, err));
  const app = express();
  // Production mode whatever NODE_ENV says: Express's own last handler never
  // shows a stack trace.
  app.set("env", "production");
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  refuseMalformedTargets(app);
  // The API's answers are a few hundred bytes of JSON (the published contract
  // compresses itself: contract-docs.ts); the site compresses its own answers
  // (most were compressed at build time: server/site/index.ts).
  app.use("/api", apiRouter({ config, store, log: deps.log }));
  app.use(siteRouter(config.publicDir, config.contentSecurityPolicy, log));
  app.use(lastErrorHandler(log));
  return Object.assign(app, {
    store,
    close: () => store.close(),
  });
}
