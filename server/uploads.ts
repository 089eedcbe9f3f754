import type { Request, RequestHandler, Response } from "express";
import { randomUUID } from "crypto";
import fs from "fs/promises";
import multer from "multer";
import path from "path";
import { ApiError, type FieldError } from "./errors";
import { checkDocument, DOCUMENT_TYPES } from "./file-type";
import type { FormDefinition } from "./forms";
import type { StoredFile } from "./store";

/** Text fields one multipart body may carry (the largest form has 13). */
const MAX_FIELDS = 30;
/** Largest text field, in bytes (the longest allowed text is 5000 characters). */
const MAX_FIELD_BYTES = 64 * 1024;

/** A file that passed the content check, still in memory. */
export interface AcceptedDocument {
  field: string;
  originalName: string;
  extension: string;
  contentType: string;
  buffer: Buffer;
}

type FilesByField = Record<string, Express.Multer.File[] | undefined>;

/**
 * Reads a multipart body with multer (in memory, with limits) for one form:
 * only that form's file fields, one file each. Then prepares `req.body` for the
 * contract's validator: a received file leaves an empty placeholder under its
 * field (the validator checks it is present), a text value where a file belongs
 * is refused, an empty text field counts as absent, and the number fields
 * become numbers.
 */
export function multipartBody(form: FormDefinition, limits: { maxUploadBytes: number }): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    defParamCharset: "utf8",
    limits: {
      fileSize: limits.maxUploadBytes,
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
  req.body = body;
}

/** A visitor's file name, kept as information only: no path, no control characters, bounded. */
export function sanitizeFileName(name: string, fallbackExtension: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  const bounded = base.length > 150 ? base.slice(0, 150 - fallbackExtension.length) + fallbackExtension : base;
  return bounded || `document${fallbackExtension}`;
}

/**
 * Checks each of the form's files by content (PDF, DOC or DOCX, agreeing with
 * the name's extension) and keeps them in `res.locals` for the handler; a
 * missing or unacceptable file is a 400 naming the field.
 */
export function acceptDocuments(form: FormDefinition): RequestHandler {
  return (req, res, next) => {
    const files = (req.files ?? {}) as FilesByField;
    const accepted: AcceptedDocument[] = [];
    const errors: FieldError[] = [];
    for (const field of form.files) {
      const file = files[field]?.[0];
      if (!file) {
        errors.push({ path: `/body/${field}`, message: "must be a file" });
        continue;
      }
      const check = checkDocument(file.buffer, file.originalname);
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
        buffer: file.buffer,
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

/** Writes the files under `dir` with generated names (UUID + detected extension). */
export async function writeDocuments(dir: string, documents: AcceptedDocument[]): Promise<StoredFile[]> {
  if (documents.length === 0) return [];
  await fs.mkdir(dir, { recursive: true });
  const stored: StoredFile[] = [];
  try {
    for (const doc of documents) {
      const storedName = `${randomUUID()}${doc.extension}`;
      const filePath = path.join(dir, storedName);
      await fs.writeFile(filePath, doc.buffer, { flag: "wx", mode: 0o640 });
      stored.push({
        field: doc.field,
        originalName: doc.originalName,
        storedName,
        path: filePath,
        contentType: doc.contentType,
        size: doc.buffer.length,
      });
    }
  } catch (err) {
    await removeFiles(stored);
    throw err;
  }
  return stored;
}

/** Deletes stored files again (the transaction that should have kept them failed). */
export async function removeFiles(files: StoredFile[]): Promise<void> {
  await Promise.all(files.map((file) => fs.rm(file.path, { force: true })));
}
