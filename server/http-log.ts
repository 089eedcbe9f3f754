/**
 * What every request of the public app leaves behind: one log line (pino-http)
 * and one observation of http_request_duration_seconds, both with the same
 * route template, status and duration; and its request id, echoed on the
 * answer as X-Request-Id.
 *
 * The line holds the request id, method, route template (never the path as
 * sent, nor its query), status, duration and bytes sent: no header, no client
 * address, no body.
 */
import { randomUUID } from "crypto";
import type { IncomingMessage, ServerResponse } from "http";
import { pinoHttp } from "pino-http";
import { errorFields, type Logger } from "./log";
import { metrics as processMetrics, type Metrics } from "./metrics";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** A request id taken from the request: 1 to 128 visible ASCII characters (no space, no control). */
const SANE_ID = /^[\x21-\x7e]{1,128}$/;

/** The request's own X-Request-Id when it is sane, else undefined (one is made). */
export function requestIdOf(req: IncomingMessage): string | undefined {
  const value = req.headers["x-request-id"];
  return typeof value === "string" && SANE_ID.test(value) ? value : undefined;
}

/** What Express leaves on a request once a route answered it. */
type RoutedRequest = IncomingMessage & { id?: unknown; baseUrl?: string; originalUrl?: string; route?: { path?: unknown } };

/** The path of the request as sent, without its query. */
function pathOf(req: RoutedRequest): string {
  const target = req.originalUrl ?? req.url ?? "";
  if (target.startsWith("/")) return target.split("?")[0];
  try {
    return new URL(target).pathname;
  } catch {
    return "";
  }
}

/**
 * The route a request is counted and logged under: the template of the API
 * route that answered it (`/api/v1/contact/careers`, `/api/v1/files/{name}`),
 * `static` for a file or page of the built site answered 2xx or 304, `other`
 * for anything else (404s, redirects, refused targets, API paths no route
 * declares). A fixed set, whatever the requests.
 */
export function routeOf(req: IncomingMessage, status: number): string {
  const routed = req as RoutedRequest;
  const base = routed.baseUrl ?? "";
  const route = routed.route?.path;
  if (typeof route === "string" && (base === "/api" || base.startsWith("/api/"))) {
    const template = `${base}${route === "/" ? "" : route}`.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
    return template || "other";
  }
  const path = pathOf(routed);
  if (path === "/api" || path.startsWith("/api/")) return "other";
  return (status >= 200 && status < 300) || status === 304 ? "static" : "other";
}

const STARTED = Symbol("requestStarted");
const BYTES = Symbol("bytesSent");
type Observed = ServerResponse & { [STARTED]?: bigint; [BYTES]?: number };

/** Counts the bytes of the body as they are written (after any compression, which writes through these). */
function countBytes(res: Observed): void {
  res[BYTES] = 0;
  const count = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === "string") res[BYTES]! += Buffer.byteLength(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    else if (chunk instanceof Uint8Array) res[BYTES]! += chunk.byteLength;
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    count(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse["write"];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (typeof chunk !== "function") count(chunk, rest[0]);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse["end"];
}

/** The status a finished (or abandoned) request is reported with: 0 when no answer was sent. */
function statusOf(res: ServerResponse): number {
  return res.headersSent ? res.statusCode : 0;
}

function secondsSince(res: Observed): number {
  return Number(process.hrtime.bigint() - (res[STARTED] ?? process.hrtime.bigint())) / 1e9;
}

/**
 * The observer of the public app's requests, called first for each: gives the
 * request its id (`req.id`, and the X-Request-Id answer header), and when the
 * answer ends (or the client leaves) writes its line and counts it.
 */
export function requestObserver(logger: Logger, metrics: Metrics = processMetrics): (req: IncomingMessage, res: ServerResponse) => void {
  const fields = (req: IncomingMessage, res: ServerResponse) => {
    const status = statusOf(res);
    return {
      method: req.method,
      route: routeOf(req, status),
      status,
      durationMs: Math.round(secondsSince(res as Observed) * 1e6) / 1e3,
      bytes: (res as Observed)[BYTES] ?? 0,
    };
  };
  const http = pinoHttp({
    logger,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: "reqId" },
    genReqId: (req, res) => {
      const id = requestIdOf(req) ?? randomUUID();
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
    customSuccessMessage: (_req, res) => (res.writableFinished ? "request completed" : "request aborted"),
    customErrorMessage: () => "request failed",
    customSuccessObject: (req, res) => fields(req, res),
    customErrorObject: (req, res) => fields(req, res),
  });
  return (req, res) => {
    const observed = res as Observed;
    observed[STARTED] = process.hrtime.bigint();
    countBytes(observed);
    http(req, res);
    let counted = false;
    const count = () => {
      if (counted) return;
      counted = true;
      const status = statusOf(res);
      metrics.countRequest(req.method ?? "", routeOf(req, status), status, secondsSince(observed));
    };
    res.once("finish", count);
    res.once("close", count);
  };
}

/** Reports an internal error (never shown to the client), with the request it happened on. */
export type InternalErrorLog = (message: string, err: unknown, req?: IncomingMessage) => void;

/** The default report of internal errors: an error line with the request's id and the error's type, message and stack. */
export function internalErrorLog(log: Logger): InternalErrorLog {
  return (message, err, req) => {
    const reqId = (req as RoutedRequest | undefined)?.id;
    log.error({ ...(reqId === undefined ? {} : { reqId }), err: errorFields(err, true) }, message);
  };
}
