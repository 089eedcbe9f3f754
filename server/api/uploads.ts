import type { NextFunction, Request, RequestHandler, Response } from "express";
import { randomUUID } from "crypto";
import fs from "fs/promises";
import multer from "multer";
import path from "path";
import { ApiError, type ErrorBody, type FieldError } from "./errors";
import { checkDocumentFile, DOCUMENT_TYPES } from "./file-type";
import { withLatinDigits, type FormDefinition } from "./forms";
import type { IncomingFile } from "../store";
import {
  LOW_DISK_SPACE_MESSAGE,
  LOW_DISK_SPACE_RETRY_AFTER_SECONDS,
  UPLOAD_QUOTA_MESSAGE,
  UPLOAD_TOO_SLOW_MESSAGE,
  watchBodyRate,
  type FreeSpaceFloor,
  type UploadQuota,
} from "./upload-limits";

/** Text fields one multipart body may carry (the largest form has 13). */
const MAX_FIELDS = 30;
/** Largest text field, in bytes (the longest allowed text is 5000 characters). */
const MAX_FIELD_BYTES = 64 * 1024;
/** Room in a multipart body for the parts' headers and boundaries. */
const MAX_PART_HEADERS_BYTES = 256 * 1024;

/**
 * The largest multipart body a form accepts: each of its files at the
 * largest size, every text field at the largest size, and the parts' headers.
 */
function maxMultipartBytes(form: FormDefinition, maxUploadBytes: number): number {
  return form.files.length * maxUploadBytes + MAX_FIELDS * MAX_FIELD_BYTES + MAX_PART_HEADERS_BYTES;
}

/** A file that passed the content check, still in the temporary folder. */
export interface AcceptedDocument {
  field: string;
  originalName: string;
  extension: string;
  contentType: string;
  /** Where it was written while it arrived (DATA_DIR/tmp/). */
  tempPath: string;
  size: number;
}

type FilesByField = Record<string, Express.Multer.File[] | undefined>;

/** Answer of a multipart call while MAX_UPLOADS_IN_FLIGHT others (or its client's share of them) are being received. */
export const UPLOADS_BUSY_MESSAGE = "The server is receiving too many files right now. Please try again in a moment.";

/**
 * The bound on multipart requests received at the same time, shared by every
 * multipart call: `max` in all, and `maxPerClient` for one client, so that
 * one client cannot hold every place. One more is refused (503) before its
 * body is read.
 */
export class UploadGate {
  private active = 0;
  private readonly perClient = new Map<string, number>();

  constructor(
    readonly max: number,
    /** Seconds a refused client is told to wait (Retry-After). */
    readonly retryAfterSeconds = 5,
    /** Places one client may hold (all of them by default). */
    readonly maxPerClient = max,
  ) {}

  /** Requests holding a place. */
  get inFlight(): number {
    return this.active;
  }

  /** Places `client` holds. */
  heldBy(client: string): number {
    return this.perClient.get(client) ?? 0;
  }

  /** Takes a place for `client`; returns its release (idempotent), or undefined when all places, or the client's share, are taken. */
  tryEnter(client = ""): (() => void) | undefined {
    const held = this.heldBy(client);
    if (this.active >= this.max || held >= this.maxPerClient) return undefined;
    this.active++;
    this.perClient.set(client, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      const left = this.heldBy(client) - 1;
      if (left <= 0) this.perClient.delete(client);
      else this.perClient.set(client, left);
    };
  }
}

export interface UploadOptions {
  /** Largest accepted file, in bytes. */
  maxUploadBytes: number;
  /** Where files are written while they arrive: under DATA_DIR, on the same filesystem as uploads/ (keeping one is a rename). */
  tempDir: string;
  /** The bound shared by every multipart call. */
  gate: UploadGate;
  /** The client a request counts for (its address as the rate limit counts it). */
  clientKey: (req: Request) => string;
  /** A body slower than this on average over `rateWindowMs` is cut (408); 0: never. */
  minBytesPerSecond?: number;
  rateWindowMs?: number;
  /** Bytes of files one client may store per window. */
  quota?: UploadQuota;
  /** Uploads are refused while the disk's free space is below a floor. */
  freeSpace?: FreeSpaceFloor;
}

const TEMP_FILES = Symbol("uploadTempFiles");

interface TempFile {
  path: string;
  /** Handed over to the store (takeAcceptedFiles): the store moves or copies it. */
  taken: boolean;
}

function tempFilesOf(req: Request): TempFile[] {
  const holder = req as unknown as Record<symbol, TempFile[] | undefined>;
  return (holder[TEMP_FILES] ??= []);
}

/**
 * Answers a request before its body is read (an upload refused for lack of
 * a place) so that a client that sends its whole body before it reads the
 * answer, as browsers do, gets that answer instead of a broken connection.
 * Closing a connection while the client still sends makes the client's
 * writes fail (EPIPE, or a reset that also throws away the answer it had
 * received); so the answer (status, headers, JSON body with its length, and
 * `Connection: close`) is written at once, the body is read and thrown away
 * as it arrives (nothing is kept), and the response ends, which closes the
 * connection, once the body is in. A client that reads the answer early may
 * stop sending and close the connection itself. (Node's own handling of an
 * unread body, keeping the connection and discarding what comes, has no
 * bound but the request deadline, and says nothing of the connection.)
 *
 * Bounded: a body declared longer than `maxBodyBytes` is not read at all, and
 * reading stops (the connection is closed) once more than `maxBodyBytes`
 * arrived; the server's request deadline (REQUEST_TIMEOUT_MS) and idle limit
 * (IDLE_TIMEOUT_MS) close a connection whose body does not come.
 */
function answerBeforeBody(req: Request, res: Response, error: ApiError, maxBodyBytes: number): void {
  const body: ErrorBody = { message: error.message };
  const answer = Buffer.from(JSON.stringify(body));
  for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Connection", "close");
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", answer.length);
  res.status(error.status);
  const declared = Number(req.headers["content-length"]);
  if (req.complete || req.readableEnded || declared > maxBodyBytes) {
    res.end(answer);
    return;
  }
  res.write(answer);
  let received = 0;
  const finish = () => {
    req.off("data", discard);
    req.off("end", finish);
    req.off("close", finish);
    if (!res.writableEnded && !res.destroyed) res.end();
  };
  const discard = (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxBodyBytes) finish();
  };
  req.on("data", discard);
  req.once("end", finish);
  req.once("close", finish);
}

/**
 * Reads a multipart body with multer for one form, streaming each file to a
 * temporary file under `tempDir` (never whole in memory), with limits: only
 * that form's file fields, one file each. Before its body is read, a request
 * is refused (answerBeforeBody: the client may still send its body, which is
 * read and thrown away, at most the largest body the form accepts) with 429
 * and Retry-After when its client stored its quota of files for the window,
 * and with 503 and Retry-After while the disk's free space is below the
 * floor, or when `gate.max` such requests (or `gate.maxPerClient` of its
 * client's) are being read. A body that then arrives slower than
 * `minBytesPerSecond` is cut (408, connection closed). Temporary files not
 * handed over to the store are removed when the response ends, whatever
 * happened (refusal, too large, too slow, client gone).
 * Then prepares `req.body` for the contract's validator: a received file leaves
 * an empty placeholder under its field (the validator checks it is present), a
 * text value where a file belongs is refused, an empty text field counts as
 * absent, the number fields become numbers and the object fields (a
 * JSON-encoded part) objects.
 */
export function multipartBody(form: FormDefinition, options: UploadOptions): RequestHandler {
  const { tempDir, gate } = options;
  const maxBodyBytes = maxMultipartBytes(form, options.maxUploadBytes);
  const upload = multer({
    storage: multer.diskStorage({
      destination: (_req, _file, cb) => {
        fs.mkdir(tempDir, { recursive: true, mode: 0o700 }).then(
          () => cb(null, tempDir),
          (err: Error) => cb(err, tempDir),
        );
      },
      filename: (req, _file, cb) => {
        const name = `${randomUUID()}${TEMP_SUFFIX}`;
        tempFilesOf(req).push({ path: path.join(tempDir, name), taken: false });
        cb(null, name);
      },
    }),
    defParamCharset: "utf8",
    limits: {
      fileSize: options.maxUploadBytes,
      // One more than the form takes, so an extra file is reported by .fields() as an unexpected file (400).
      files: form.files.length + 1,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: MAX_FIELDS + form.files.length + 1,
      headerPairs: 100,
    },
  }).fields(form.files.map((name) => ({ name, maxCount: 1 })));

  const refuse = (req: Request, res: Response, status: number, message: string, retryAfterSeconds: number) =>
    answerBeforeBody(req, res, new ApiError(status, message, undefined, { "Retry-After": String(retryAfterSeconds) }), maxBodyBytes);

  const receive = async (req: Request, res: Response, next: NextFunction) => {
    const client = options.clientKey(req);
    // The checks that wait (the quota's count in the store, the free space) come before a place is taken.
    const quotaEndsIn = await options.quota?.refusal(client);
    if (res.writableEnded || res.destroyed) return; // the client went away meanwhile
    if (quotaEndsIn !== undefined) return refuse(req, res, 429, UPLOAD_QUOTA_MESSAGE, quotaEndsIn);
    if (await options.freeSpace?.belowFloor()) return refuse(req, res, 503, LOW_DISK_SPACE_MESSAGE, LOW_DISK_SPACE_RETRY_AFTER_SECONDS);
    if (res.writableEnded || res.destroyed) return;
    const release = gate.tryEnter(client);
    if (!release) return refuse(req, res, 503, UPLOADS_BUSY_MESSAGE, gate.retryAfterSeconds);
    let cut = false;
    const stopWatching = watchBodyRate(req, options.minBytesPerSecond ?? 0, options.rateWindowMs ?? 10_000, () => {
      cut = true;
      cutSlowBody(req, res);
    });
    req.once("end", stopWatching);
    res.once("close", () => {
      stopWatching();
      release();
      void removeTempFiles(tempFilesOf(req).filter((file) => !file.taken));
    });
    upload(req, res, (err?: unknown) => {
      // A body cut for its slowness was answered already; what multer reports of the cut is not news.
      if (cut) return;
      if (err) {
        next(err instanceof multer.MulterError ? err : new ApiError(400, "The multipart body could not be read."));
        return;
      }
      try {
        prepareBody(req, form);
        next();
      } catch (error) {
        next(error);
      }
    });
  };

  return (req, res, next) => {
    if (!req.is("multipart/form-data")) {
      next(); // the validator answers 415
      return;
    }
    receive(req, res, next).catch(next);
  };
}

/**
 * Ends a request whose body arrives too slowly: a 408 with its JSON message
 * and `Connection: close` is written, then the connection is closed (Node
 * closes it once the answer is out; at the latest a second later here),
 * which ends the body's reading, gives its place back and removes its
 * temporary files (the response's close).
 */
function cutSlowBody(req: Request, res: Response): void {
  const socket = req.socket;
  const closeSoon = setTimeout(() => socket.destroy(), 1_000);
  closeSoon.unref();
  res.once("close", () => clearTimeout(closeSoon));
  if (res.headersSent) {
    socket.destroy();
    return;
  }
  const body: ErrorBody = { message: UPLOAD_TOO_SLOW_MESSAGE };
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Connection", "close");
  res.status(408).json(body);
}

/** Name ending of a file being received (DATA_DIR/tmp/<uuid>.part). */
export const TEMP_SUFFIX = ".part";

async function removeTempFiles(files: TempFile[]): Promise<void> {
  await Promise.all(files.map((file) => fs.rm(file.path, { force: true }).catch(() => undefined)));
}

function prepareBody(req: Request, form: FormDefinition): void {
  // Arabic-Indic digits of number and digit fields read as Latin ones first, as in a JSON body (forms.ts).
  const body = withLatinDigits(form, { ...((req.body ?? {}) as Record<string, unknown>) }) as Record<string, unknown>;
  const files = (req.files ?? {}) as FilesByField;
  const errors: FieldError[] = [];
  for (const key of Object.keys(body)) {
    if (form.files.includes(key)) {
      errors.push({ path: `/body/${key}`, message: "must be a file, not a text value", rule: "file" });
    } else if (body[key] === "") {
      delete body[key];
    }
  }
  if (errors.length > 0) {
    throw new ApiError(400, `Please attach a file: ${errors.map((e) => e.path.slice("/body/".length)).join(", ")} must be a file.`, errors);
  }
  for (const field of form.files) {
    if (files[field]?.length) body[field] = "";
  }
  for (const field of form.numbers) {
    const value = body[field];
    if (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) body[field] = Number(value);
  }
  // An object part is JSON text; text that is no JSON object stays text, which the validator refuses (400).
  for (const field of form.objects) {
    const value = body[field];
    if (typeof value !== "string") continue;
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) body[field] = parsed;
    } catch {
      // left as text
    }
  }
  req.body = body;
}

/**
 * Characters that change how a name is shown without being seen: Unicode
 * format characters (Cf: the bidirectional controls U+202A–U+202E,
 * U+2066–U+2069, U+200E/U+200F, U+061C; zero-width U+200B–U+200D, U+2060,
 * U+FEFF; soft hyphen ...), the other bidirectional controls, and control
 * characters.
 */
const INVISIBLE = /[\p{Cf}\p{Bidi_Control}\p{Cc}]/gu;

/**
 * A visitor's file name, kept as information only and shown in the
 * notification: no path, no control, format or bidirectional characters (so
 * `cv\u202Excod.pdf` cannot show as "cvfdp.docx"), no leading dots or runs of
 * dots, bounded, and always ending with the extension of the type its content
 * was detected as.
 */
export function sanitizeFileName(name: string, extension: string): string {
  const base = (name.normalize("NFC").split(/[\\/]/).pop() ?? "")
    .replace(INVISIBLE, "")
    .replace(/["<>|:*?]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const named = base.toLowerCase().endsWith(extension);
  // The visitor's own spelling of the extension (".PDF") is kept when it is the detected type's.
  const suffix = named ? base.slice(base.length - extension.length) : extension;
  const stem = (named ? base.slice(0, base.length - extension.length) : base).replace(/\.{2,}/g, ".").replace(/^[.\s]+|[.\s]+$/g, "");
  const bounded = stem.length > 150 - suffix.length ? stem.slice(0, 150 - suffix.length).trimEnd() : stem;
  return `${bounded || "document"}${suffix}`;
}

/**
 * Checks each of the form's files by content (PDF, DOC or DOCX, agreeing with
 * the name's extension) and keeps them in `res.locals` for the handler; a
 * missing or unacceptable file is a 400 naming the field.
 */
export function acceptDocuments(form: FormDefinition): RequestHandler {
  return async (req, res, next) => {
    const files = (req.files ?? {}) as FilesByField;
    const accepted: AcceptedDocument[] = [];
    const errors: FieldError[] = [];
    for (const field of form.files) {
      const file = files[field]?.[0];
      if (!file) {
        errors.push({ path: `/body/${field}`, message: "must be a file", rule: "file" });
        continue;
      }
      const check = await checkDocumentFile(file.path, file.originalname);
      if (!check.ok) {
        errors.push({ path: `/body/${field}`, message: check.reason, rule: "file" });
        continue;
      }
      const type = DOCUMENT_TYPES[check.type];
      accepted.push({
        field,
        originalName: sanitizeFileName(file.originalname, type.extension),
        extension: type.extension,
        contentType: type.contentType,
        tempPath: file.path,
        size: file.size,
      });
    }
    if (errors.length > 0) {
      const list = errors.map((e) => `${e.path.slice("/body/".length)} ${e.message}`).join("; ");
      next(new ApiError(400, `Only PDF, DOC and DOCX files are accepted: ${list}.`, errors));
      return;
    }
    setAcceptedDocuments(res, accepted);
    next();
  };
}

const ACCEPTED = Symbol("acceptedDocuments");

function setAcceptedDocuments(res: Response, documents: AcceptedDocument[]): void {
  (res.locals as Record<symbol, unknown>)[ACCEPTED] = documents;
}

/** The files acceptDocuments let through (none for a JSON form). */
export function acceptedDocuments(res: Response): AcceptedDocument[] {
  return ((res.locals as Record<symbol, unknown>)[ACCEPTED] as AcceptedDocument[] | undefined) ?? [];
}

/**
 * Hands the accepted files over to the store: each gets the name it is kept
 * under (a UUID and the detected extension), and the request's clean-up no
 * longer removes it while the store works on it.
 */
export function takeAcceptedFiles(req: Request, res: Response): IncomingFile[] {
  const documents = acceptedDocuments(res);
  const paths = new Set(documents.map((doc) => doc.tempPath));
  for (const file of tempFilesOf(req)) if (paths.has(file.path)) file.taken = true;
  return documents.map((doc) => ({
    field: doc.field,
    originalName: doc.originalName,
    storedName: `${randomUUID()}${doc.extension}`,
    contentType: doc.contentType,
    size: doc.size,
    tempPath: doc.tempPath,
  }));
}

/** Removes what is left of handed-over files at their temporary paths once the store is done (it moved or copied what it keeps). */
export async function removeTempLeftovers(files: IncomingFile[]): Promise<void> {
  await Promise.all(files.map((file) => fs.rm(file.tempPath, { force: true }).catch(() => undefined)));
}
