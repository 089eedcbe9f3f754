/**
 * Idempotency-Key on the POST calls (IETF httpapi draft "The Idempotency-Key
 * HTTP Header Field"), as openapi.yaml publishes it: the same key with the
 * same request on the same path within 24 hours answers the first 201 again
 * (Idempotent-Replayed: true) and stores and sends nothing more; with another
 * request 422; while the first request with the key is still being handled
 * in this process 409; the key the contract once showed as its example 422. The key is kept with the submission it created
 * (server/store), so it holds across restarts and instances.
 */
import { createHash } from "crypto";
import type { Request, RequestHandler, Response } from "express";
import fs from "fs";
import yaml from "js-yaml";
import { ApiError } from "./errors";

/** The request header (compared without case). */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** How long a key is kept, as the contract publishes it. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The header of a replayed answer. */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";

export const IDEMPOTENCY_CONFLICT_MESSAGE =
  "A request with this Idempotency-Key is still being processed. Please wait for its answer before sending it again.";
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  "This Idempotency-Key was already used with a different request. Use a new key for a new submission.";

/**
 * The key contract 1.3.0 and earlier showed as the example of the header, in
 * every call of the API reference: anyone may have copied it, so whoever
 * sends it first holds it for 24 hours against everyone else. Refused (422)
 * before anything is stored, whatever the body.
 */
export const PUBLISHED_EXAMPLE_KEYS: ReadonlySet<string> = new Set(["5f0c3c57-8f7a-4e0c-9a43-0d5b3c1e8f21"]);
export const IDEMPOTENCY_KEY_PUBLISHED_MESSAGE =
  "This Idempotency-Key is the example of the API documentation, which anyone may have copied. Make a new key (a random UUID) for each submission.";

interface KeySchema {
  pattern?: string;
  minLength?: number;
  maxLength?: number;
}

/**
 * Whether a header value is a key the contract accepts: the schema of its
 * Idempotency-Key header parameter (pattern, length). Values it refuses are
 * left to the validator (400); undefined when the contract declares no such
 * header (then keys are not honoured).
 */
export function idempotencyKeyRule(apiSpec: string): ((value: string) => boolean) | undefined {
  const document = yaml.load(fs.readFileSync(apiSpec, "utf8")) as { components?: { parameters?: Record<string, unknown> } };
  const declared = Object.values(document.components?.parameters ?? {}).find((parameter) => {
    const { in: where, name } = (parameter ?? {}) as { in?: unknown; name?: unknown };
    return where === "header" && typeof name === "string" && name.toLowerCase() === IDEMPOTENCY_KEY_HEADER.toLowerCase();
  }) as { schema?: KeySchema } | undefined;
  if (!declared) return undefined;
  const { pattern, minLength = 1, maxLength = Infinity } = declared.schema ?? {};
  const regexp = pattern === undefined ? undefined : new RegExp(pattern, "u");
  return (value) => value.length >= minLength && value.length <= maxLength && (regexp?.test(value) ?? true);
}

/** The keys of the requests being handled in this process, by scope. */
export class KeysInFlight {
  private readonly held = new Set<string>();

  /** Takes the key; returns its release (idempotent), or undefined when a request holds it. */
  tryTake(scope: string, key: string): (() => void) | undefined {
    const id = `${scope}\n${key}`;
    if (this.held.has(id)) return undefined;
    this.held.add(id);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held.delete(id);
    };
  }

  get size(): number {
    return this.held.size;
  }
}

const KEY = Symbol("idempotencyKey");

/** The key of this request and where it applies (set by idempotencyGuard). */
export interface RequestKey {
  scope: string;
  key: string;
}

export function requestKey(res: Response): RequestKey | undefined {
  return (res.locals as Record<symbol, RequestKey | undefined>)[KEY];
}

/**
 * Before the body is read: a request whose valid key is held by another
 * request on the same path still being handled here is answered 409; else the
 * key is held until this answer is finished or the connection closes.
 */
export function idempotencyGuard(scope: string, keys: KeysInFlight, isValidKey: (value: string) => boolean): RequestHandler {
  return (req, res, next) => {
    const key = req.get(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined || !isValidKey(key)) {
      next(); // no key, or one the validator refuses
      return;
    }
    if (PUBLISHED_EXAMPLE_KEYS.has(key.toLowerCase())) {
      next(new ApiError(422, IDEMPOTENCY_KEY_PUBLISHED_MESSAGE));
      return;
    }
    const release = keys.tryTake(scope, key);
    if (!release) {
      next(new ApiError(409, IDEMPOTENCY_CONFLICT_MESSAGE));
      return;
    }
    res.once("close", release);
    (res.locals as Record<symbol, RequestKey>)[KEY] = { scope, key };
    next();
  };
}

/** JSON with object keys sorted at every level: one text for one value, whatever the order it arrived in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

async function fileSha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** A received file as the fingerprint sees it. */
export interface FingerprintFile {
  field: string;
  /** The name the client sent. */
  originalName: string;
  /** Where its bytes are. */
  path: string;
}

/**
 * The request a key was sent with: sha256 over its path, its validated fields
 * (canonical JSON) and, for each file, its field, the client's name for it and
 * the sha256 of its bytes.
 */
export async function requestFingerprint(scope: string, fields: Record<string, unknown>, files: FingerprintFile[]): Promise<string> {
  const described = await Promise.all(
    [...files]
      .sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0))
      .map(async (file) => ({ field: file.field, name: file.originalName, sha256: await fileSha256(file.path) })),
  );
  return createHash("sha256").update(canonicalJson({ path: scope, fields, files: described })).digest("hex");
}

/** The files multer received for these fields, for the fingerprint. */
export function receivedFiles(req: Request, fields: string[]): FingerprintFile[] {
  const files = (req.files ?? {}) as Record<string, Express.Multer.File[] | undefined>;
  return fields.flatMap((field) => (files[field] ?? []).map((file) => ({ field, originalName: file.originalname, path: file.path })));
}
