import express, { type ErrorRequestHandler } from "express";
import type { RequestListener, ServerResponse } from "http";
import { apiRouter } from "./api";
import { Readiness, READY_REUSE_MS } from "./api/health";
import type { Config } from "./config";
import { internalErrorLog, requestObserver, routeOf, type InternalErrorLog } from "./http-log";
import { logger, type Logger } from "./log";

export type { InternalErrorLog } from "./http-log";
import { sendInternalError, siteRouter } from "./site";
import { createStore, type SubmissionStore } from "./store";

/**
 * The application as an HTTP request listener (what `http.createServer`
 * takes), with the store it writes to and a way to close that store.
 */
export type SiteApp = RequestListener & {
  store: SubmissionStore;
  /**
   * The server is shutting down: from now on GET /api/health/ready answers
   * 503 (a load balancer stops sending traffic) while everything else is
   * still served.
   */
  stopReadiness(): void;
  /** Closes the store (the app must not serve requests afterwards). */
  close(): Promise<void>;
};

export interface AppDependencies {
  /** Another store than the one the config names (tests). */
  store?: SubmissionStore;
  /** Where internal errors are reported, with the request they happened on (default: the log, with the request id). */
  log?: InternalErrorLog;
  /** Where events worth an operator's attention are told, with their fields (default: the log). */
  info?: (message: string, fields?: Record<string, unknown>) => void;
  /** The logger of the request lines and the defaults above (default: the process's). */
  logger?: Logger;
  /** The clock a readiness answer is given again by, in ms (default: performance.now). */
  clock?: () => number;
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

/** The answer to a target that is not servable: 400, plain text, nothing cached. */
function refuseTarget(res: ServerResponse): void {
  res.statusCode = 400;
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.end("Bad request");
}

/** Last resort: whatever no router answered is logged and gets a plain 500, never a stack trace. */
function lastErrorHandler(log: InternalErrorLog): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    log(`Internal error on ${req.method} ${routeOf(req, 500)}`, err, req);
    sendInternalError(res);
  };
}

/** The one application: the API under /api and the built site on one port. */
export function createApp(config: Config, deps: AppDependencies = {}): SiteApp {
  const store = deps.store ?? createStore(config);
  const base = deps.logger ?? logger();
  const log = deps.log ?? internalErrorLog(base);
  const info = deps.info ?? ((message: string, fields?: Record<string, unknown>) => base.info(fields ?? {}, message));
  const app = express();
  // Production mode whatever NODE_ENV says: Express's own last handler never
  // shows a stack trace.
  app.set("env", "production");
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  // The API's answers are a few hundred bytes of JSON (the published contract
  // compresses itself: contract-docs.ts); the site compresses its own answers
  // (most were compressed at build time: server/site/index.ts).
  const readiness = new Readiness(store, config.healthTimeoutMs, READY_REUSE_MS, deps.clock);
  app.use("/api", apiRouter({ config, store, log, info, readiness }));
  app.use(siteRouter(config.publicDir, config.contentSecurityPolicy, log));
  app.use(lastErrorHandler(log));
  // A target that is not servable is answered 400 in front of the Express
  // app, not by a middleware of it: Express's router skips every layer of a
  // target it cannot parse (such as `http://[::1/x`) and ends with its own
  // HTML 404, so no middleware would see that request.
  // Every request, the refused ones included, gets its id (X-Request-Id), its log line and its place in the metrics.
  const observe = requestObserver(base);
  const listener: RequestListener = (req, res) => {
    observe(req, res);
    if (isServableTarget(req.url ?? "")) app(req, res);
    else refuseTarget(res);
  };
  return Object.assign(listener, {
    store,
    stopReadiness: () => readiness.stop(),
    close: () => store.close(),
  });
}
