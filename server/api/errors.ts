import type { ErrorRequestHandler, RequestHandler } from "express";
import type { IncomingMessage } from "http";
import multer from "multer";
import { routeOf } from "../http-log";
import type { components } from "../../src/contract/schema";

/** The one shape of every failure (openapi.yaml, components.schemas.Error). */
export type ErrorBody = components["schemas"]["Error"];
export type FieldError = components["schemas"]["FieldError"];

export const INTERNAL_ERROR_MESSAGE = "An internal error occurred.";

/** A failure the visitor caused, with the status and message to answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

const STATUS_MESSAGES: Record<number, string> = {
  400: "The request is invalid.",
  403: "This request is not allowed.",
  404: "No API endpoint at this address.",
  405: "This method is not allowed here.",
  413: "The request is too large.",
  415: "The request body must be JSON or multipart/form-data, as this call requires.",
  429: "Too many requests. Please try again later.",
};

/** Most broken rules listed in one answer; the message says how many more there are. */
export const MAX_LISTED_ERRORS = 20;
/** Longest text of a request (a field name, an encoding) repeated in an answer. */
const MAX_ECHOED = 60;
/** Longest `path` and `message` of one listed rule. */
const MAX_ERROR_PATH = 100;
const MAX_ERROR_MESSAGE = 300;

/** Text from a request, cut to `max` characters (marked with …) before it is repeated in an answer. */
export function echoed(text: string, max = MAX_ECHOED): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : text;
}

/** A size limit in words: "10 MB" (or "512 KB" below one megabyte). */
export function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Math.round(mb * 100) / 100} MB`;
  return `${Math.round((bytes / 1024) * 100) / 100} KB`;
}

/** "Field value too long" and friends, said for a visitor. */
function fromMulter(err: multer.MulterError, maxUploadBytes: number): ApiError {
  const named = err.field ? ` "${err.field}"` : "";
  switch (err.code) {
    case "LIMIT_FILE_SIZE": {
      const limit = sizeText(maxUploadBytes);
      return new ApiError(413, `The file${named} is too large: the limit is ${limit} per file.`, [
        { path: `/body/${err.field ?? "file"}`, message: `must not be larger than ${limit}`, rule: "maxFileSize" },
      ]);
    }
    case "LIMIT_FILE_COUNT":
      return new ApiError(413, "Too many files in the request.");
    case "LIMIT_PART_COUNT":
    case "LIMIT_FIELD_COUNT":
      return new ApiError(413, "Too many fields in the request.");
    case "LIMIT_FIELD_VALUE":
      return new ApiError(413, `The field${named} is too long.`);
    case "LIMIT_UNEXPECTED_FILE":
      return new ApiError(400, `Unexpected file field${named}: this call takes no such file.`, [
        { path: `/body/${err.field ?? ""}`, message: "unexpected file", rule: "additionalProperties" },
      ]);
    default:
      return new ApiError(400, "The multipart body could not be read.");
  }
}

interface ValidatorError {
  status: number;
  message?: string;
  errors?: { path?: unknown; message?: unknown; errorCode?: unknown }[];
  headers?: Record<string, string>;
}

/** The JSON Schema keyword of a validator error ("pattern.openapi.validation" -> pattern): FieldError.rule. */
function ruleOf(errorCode: unknown): string | undefined {
  if (typeof errorCode !== "string") return undefined;
  const keyword = /^([A-Za-z]+)\.openapi\.(validation|requestValidation)$/.exec(errorCode)?.[1];
  return keyword === undefined ? undefined : keyword.slice(0, 40);
}

/** express-openapi-validator's errors: { status, message, errors: [{ path, message, errorCode }], headers? }. */
function isValidatorError(err: unknown): err is ValidatorError {
  return (
    typeof err === "object" &&
    err !== null &&
    typeof (err as { status?: unknown }).status === "number" &&
    Array.isArray((err as { errors?: unknown }).errors)
  );
}

/** body-parser's errors carry a `type` like entity.parse.failed and an exposable status. */
function isBodyParserError(err: unknown): err is { type: string; status: number; expose?: boolean; limit?: number } {
  return typeof err === "object" && err !== null && typeof (err as { type?: unknown }).type === "string" && typeof (err as { status?: unknown }).status === "number";
}

/** The field a validator path like /body/email or /body/interestedIn/0 names. */
function fieldOf(pathText: string): string {
  return pathText.replace(/^\/(body|query|headers|params)\/?/, "").replace(/\//g, ".") || "body";
}

/** Words for a pattern of the contract, by the pattern (x-pattern-message in openapi.yaml). */
export type PatternMessages = ReadonlyMap<string, string>;

/**
 * One broken rule in words: "email must match format "email"", "firstName is
 * required", "phoneNumber must be exactly 10 digits" (a pattern said in the
 * contract's words, not as the regular expression).
 */
function describe(error: FieldError, patterns?: PatternMessages): string {
  const field = fieldOf(error.path);
  if (/^must have required property/.test(error.message)) return `${field} is required`;
  if (/^must NOT have additional properties/.test(error.message)) return `${field} is not a field of this form`;
  if (/^Unknown query parameter/.test(error.message)) return `${field} is not a parameter of this call`;
  const pattern = /^must match pattern "([\s\S]*)"$/.exec(error.message)?.[1];
  const words = pattern === undefined ? undefined : patterns?.get(pattern);
  const text = echoed(words ?? error.message, MAX_ERROR_MESSAGE);
  // The validator's own rules read "must ..." after the field's name; any other text is quoted after it.
  return /^must\b/.test(text) ? `${field} ${text}` : `${field}: ${text}`;
}

function fromValidator(err: ValidatorError, patterns?: PatternMessages): ApiError {
  const status = err.status >= 400 && err.status < 500 ? err.status : 500;
  if (status === 500) return new ApiError(500, INTERNAL_ERROR_MESSAGE);
  // Thousands of unknown fields make thousands of errors: the answer lists
  // the first few (their texts cut short) and counts the rest.
  const all = err.errors ?? [];
  const listed = all.slice(0, MAX_LISTED_ERRORS).map((e) => ({
    path: typeof e.path === "string" ? echoed(e.path, MAX_ERROR_PATH) : "",
    message: typeof e.message === "string" ? e.message : "is invalid",
    rule: ruleOf(e.errorCode),
  }));
  const errors: FieldError[] = listed.map((e) => ({ path: e.path, message: echoed(e.message, MAX_ERROR_MESSAGE), ...(e.rule ? { rule: e.rule } : {}) }));
  if (status === 400 && errors.length > 0) {
    const list = listed.map((e) => describe(e, patterns)).join("; ");
    const more = all.length - errors.length;
    const rest = more > 0 ? ` (and ${more.toLocaleString("en-US")} more)` : "";
    return new ApiError(400, `Please check the form: ${list}${rest}.`, errors);
  }
  if (status === 405) {
    return new ApiError(405, STATUS_MESSAGES[405], undefined, err.headers);
  }
  return new ApiError(status, STATUS_MESSAGES[status] ?? err.message ?? "The request cannot be processed.");
}

/**
 * A body that could not be decompressed: body-parser passes zlib's error on
 * (Z_DATA_ERROR, Z_BUF_ERROR, brotli's ERR__ERROR_FORMAT_...) with status 400
 * and no `type`.
 */
function isDecompressionError(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const { status, errno, code } = err as { status?: unknown; errno?: unknown; code?: unknown };
  return status === 400 && typeof errno === "number" && typeof code === "string" && /^(Z_|ERR_)/.test(code);
}

/** The request's Content-Encoding as it may be repeated in an answer. */
function encodingOf(contentEncoding: string | undefined): string {
  return echoed((contentEncoding ?? "").trim() || "identity");
}

/** Turns any failure into an ApiError; undefined for an internal error. */
export function toApiError(
  err: unknown,
  maxUploadBytes: number,
  jsonLimit: string,
  contentEncoding?: string,
  patterns?: PatternMessages,
): ApiError | undefined {
  if (err instanceof ApiError) return err;
  if (err instanceof multer.MulterError) return fromMulter(err, maxUploadBytes);
  if (isDecompressionError(err)) {
    return new ApiError(400, `The request body could not be decompressed: it is not valid ${encodingOf(contentEncoding)}, as its Content-Encoding says.`);
  }
  if (isBodyParserError(err)) {
    if (err.type === "encoding.unsupported") {
      return new ApiError(415, `The Content-Encoding "${encodingOf(contentEncoding)}" is not supported: send the body uncompressed, or compressed with gzip, deflate or br.`);
    }
    if (err.type === "entity.too.large") return new ApiError(413, `The request body is too large: the limit is ${jsonLimit}.`);
    if (err.type === "entity.parse.failed") return new ApiError(400, "The request body is not valid JSON.");
    if (err.status >= 400 && err.status < 500) return new ApiError(err.status, STATUS_MESSAGES[err.status] ?? "The request body cannot be read.");
    return undefined;
  }
  if (isValidatorError(err)) {
    const apiError = fromValidator(err, patterns);
    return apiError.status === 500 ? undefined : apiError;
  }
  return undefined;
}

/** Any path under /api that no route answered. */
export const apiNotFound: RequestHandler = (_req, _res, next) => {
  next(new ApiError(404, STATUS_MESSAGES[404]));
};

/**
 * The one error handler of the API: every failure becomes `{ message, errors? }`
 * with its 4xx status; anything else is logged and answered 500 without detail.
 */
export function apiErrorHandler(options: {
  maxUploadBytes: number;
  jsonLimit: string;
  patterns?: PatternMessages;
  /** Where an internal error is reported, with its request (for the request id). */
  log: (message: string, err: unknown, req?: IncomingMessage) => void;
}): ErrorRequestHandler {
  const { log } = options;
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const apiError = toApiError(err, options.maxUploadBytes, options.jsonLimit, req.get("content-encoding"), options.patterns);
    if (!apiError) {
      log(`Internal error on ${req.method} ${routeOf(req, 500)}`, err, req);
    }
    const status = apiError?.status ?? 500;
    const body: ErrorBody = { message: apiError?.message ?? INTERNAL_ERROR_MESSAGE };
    if (apiError?.errors && apiError.errors.length > 0) body.errors = apiError.errors;
    for (const [name, value] of Object.entries(apiError?.headers ?? {})) res.setHeader(name, value);
    res.setHeader("Cache-Control", "no-store");
    res.status(status).json(body);
  };
}
