import type { Request, RequestHandler, Response } from "express";
import { randomUUID } from "crypto";
import fs from "fs/promises";
import multer from "multer";
import path from "path";
import { ApiError, type ErrorBody, type FieldError } from "./errors";
import { checkDocumentFile, DOCUMENT_TYPES } from "./file-type";
import type { FormDefinition } from "./forms";
import type { IncomingFile } from "../store";

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

/** Answer of a multipart call while MAX_UPLOADS_IN_FLIGHT others are being received. */
export const UPLOADS_BUSY_MESSAGE = "The server is receiving too many files right now. Please try again in a moment.";

/**
 * The bound on multipart requests received at the same time, shared by every
 * multipart call: one more is refused (503) before its body is read.
 */
export class UploadGate {
  private active = 0;

  constructor(
    readonly max: number,
    /** Seconds a refused client is told to wait (Retry-After). */
    readonly retryAfterSeconds = 5,
  ) {}

  /** Requests holding a place. */
  get inFlight(): number {
    return this.active;
  }

  /** Takes a place; returns its release (idempotent), or undefined when full. */
  tryEnter(): (() => void) | undefined {
    if (this.active >= this.max) return undefined;
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
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
 * that form's file fields, one file each. At most `gate.max` such requests are
 * read at once; one more is answered 503 with Retry-After before its body is
 * read (answerBeforeBody: the client may still send its body, which is read
 * and thrown away, at most the largest body the form accepts). Temporary
 * files not handed over to the store are removed when the response ends,
 * whatever happened (refusal, too large, client gone).
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

  return (req, res, next) => {
    if (!req.is("multipart/form-data")) {
      next(); // the validator answers 415
      return;
    }
    const release = gate.tryEnter();
    if (!release) {
      answerBeforeBody(req, res, new ApiError(503, UPLOADS_BUSY_MESSAGE, undefined, { "Retry-After": String(gate.retryAfterSeconds) }), maxBodyBytes);
      return;
    }
    res.once("close", () => {
      release();
      void removeTempFiles(tempFilesOf(req).filter((file) => !file.taken));
    });
    upload(req, res, (err?: unknown) => {
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
}

/** Name ending of a file being received (DATA_DIR/tmp/<uuid>.part). */
export const TEMP_SUFFIX = ".part";

async function removeTempFiles(files: TempFile[]): Promise<void> {
  await Promise.all(files.map((file) => fs.rm(file.path, { force: true }).catch(() => undefined)));
}

function prepareBody(req: Request, form: FormDefinition): void {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const files = (req.files ?? {}) as FilesByField;
  const errors: FieldError[] = [];
  for (const key of Object.keys(body)) {
    if (form.files.includes(key)) {
      errors.push({ path: `/body/${key}`, message: "must be a file, not a text value" });
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
        errors.push({ path: `/body/${field}`, message: "must be a file" });
        continue;
      }
      const check = await checkDocumentFile(file.path, file.originalname);
      if (!check.ok) {
        errors.push({ path: `/body/${field}`, message: check.reason });
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
