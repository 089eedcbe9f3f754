/**
 * Recognises the three accepted document types by their content (magic bytes),
 * never by the name or the Content-Type the browser claims:
 *
 * - PDF: starts with `%PDF-`;
 * - DOC: an OLE compound file (`D0 CF 11 E0 A1 B1 1A E1`);
 * - DOCX: a ZIP archive (`PK\x03\x04`) whose central directory lists
 *   `[Content_Types].xml` and `word/document.xml`.
 */
import fs from "fs/promises";

export type DocumentType = "pdf" | "doc" | "docx";

export const DOCUMENT_TYPES: Record<DocumentType, { extension: string; contentType: string; label: string }> = {
  pdf: { extension: ".pdf", contentType: "application/pdf", label: "PDF" },
  doc: { extension: ".doc", contentType: "application/msword", label: "DOC" },
  docx: {
    extension: ".docx",
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    label: "DOCX",
  },
};

const PDF_MAGIC = Buffer.from("%PDF-", "latin1");
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_CENTRAL_HEADER = 0x02014b50;
const ZIP_END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Fixed part of the end-of-central-directory record; a comment of up to 65535 bytes may follow. */
const EOCD_SIZE = 22;
const CENTRAL_HEADER_SIZE = 46;

function startsWith(buffer: Buffer, magic: Buffer): boolean {
  return buffer.length >= magic.length && buffer.subarray(0, magic.length).equals(magic);
}

/** Where the end-of-central-directory record says the central directory is. */
interface CentralDirectory {
  entries: number;
  size: number;
  offset: number;
}

/**
 * Finds the end-of-central-directory record in the last bytes of an archive of
 * `total` bytes (`tail` ends where the archive ends) and reads where its central
 * directory is; null when there is none or it is not a plain (non-ZIP64) one.
 */
function readEndOfCentralDirectory(tail: Buffer, total: number): CentralDirectory | null {
  if (tail.length < EOCD_SIZE) return null;
  // The end-of-central-directory record is the last one, before an optional comment.
  let eocd = -1;
  const lowest = Math.max(0, tail.length - EOCD_SIZE - 0xffff);
  for (let at = tail.length - EOCD_SIZE; at >= lowest; at--) {
    if (tail.readUInt32LE(at) === ZIP_END_OF_CENTRAL_DIRECTORY && at + EOCD_SIZE + tail.readUInt16LE(at + 20) === tail.length) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = tail.readUInt16LE(eocd + 10);
  const size = tail.readUInt32LE(eocd + 12);
  const offset = tail.readUInt32LE(eocd + 16);
  if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) return null; // ZIP64: not for a form upload
  const eocdInArchive = total - tail.length + eocd;
  if (offset + size > eocdInArchive) return null;
  return { entries, size, offset };
}

/** The names of a central directory's entries (`directory` holds exactly its bytes), or null when it is malformed. */
function centralDirectoryNames(directory: Buffer, entries: number): string[] | null {
  const names: string[] = [];
  let at = 0;
  for (let i = 0; i < entries; i++) {
    if (at + CENTRAL_HEADER_SIZE > directory.length || directory.readUInt32LE(at) !== ZIP_CENTRAL_HEADER) return null;
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const next = at + CENTRAL_HEADER_SIZE + nameLength + extraLength + commentLength;
    if (next > directory.length) return null;
    names.push(directory.toString("utf8", at + CENTRAL_HEADER_SIZE, at + CENTRAL_HEADER_SIZE + nameLength));
    at = next;
  }
  return names;
}

/**
 * The entry names listed in a ZIP archive's central directory, or null when the
 * buffer is not a well-formed (non-ZIP64) ZIP archive.
 */
export function zipEntryNames(buffer: Buffer): string[] | null {
  if (buffer.length < EOCD_SIZE + 4 || buffer.readUInt32LE(0) !== ZIP_LOCAL_HEADER) return null;
  const directory = readEndOfCentralDirectory(buffer, buffer.length);
  if (!directory) return null;
  return centralDirectoryNames(buffer.subarray(directory.offset, directory.offset + directory.size), directory.entries);
}

function isDocx(names: string[] | null): boolean {
  return names !== null && names.includes("word/document.xml") && names.includes("[Content_Types].xml");
}

/** The document type of this content, or null when it is none of PDF, DOC and DOCX. */
export function detectDocumentType(buffer: Buffer): DocumentType | null {
  if (startsWith(buffer, PDF_MAGIC)) return "pdf";
  if (startsWith(buffer, OLE_MAGIC)) return "doc";
  return isDocx(zipEntryNames(buffer)) ? "docx" : null;
}

/** Bytes read from the start of a file to tell PDF, DOC and ZIP apart. */
const HEAD_BYTES = 8;
/** The largest ZIP central directory read to recognise a DOCX (a real one lists a few dozen entries in a few KB). */
export const MAX_CENTRAL_DIRECTORY_BYTES = 1024 * 1024;

/**
 * The document type of a file on disk, read in bounded pieces (never the whole
 * file): its first bytes, and for a ZIP archive its last 64 KB (where the
 * end-of-central-directory record is) and its central directory (at most
 * MAX_CENTRAL_DIRECTORY_BYTES).
 */
export async function detectDocumentTypeOfFile(file: string): Promise<DocumentType | null> {
  const handle = await fs.open(file, "r");
  try {
    const read = async (position: number, length: number): Promise<Buffer> => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    const { size: total } = await handle.stat();
    const head = await read(0, Math.min(HEAD_BYTES, total));
    if (startsWith(head, PDF_MAGIC)) return "pdf";
    if (startsWith(head, OLE_MAGIC)) return "doc";
    if (total < EOCD_SIZE + 4 || head.length < 4 || head.readUInt32LE(0) !== ZIP_LOCAL_HEADER) return null;
    const tailLength = Math.min(total, EOCD_SIZE + 0xffff);
    const directory = readEndOfCentralDirectory(await read(total - tailLength, tailLength), total);
    if (!directory || directory.size > MAX_CENTRAL_DIRECTORY_BYTES) return null;
    const bytes = await read(directory.offset, directory.size);
    if (bytes.length !== directory.size) return null;
    return isDocx(centralDirectoryNames(bytes, directory.entries)) ? "docx" : null;
  } finally {
    await handle.close();
  }
}

/** The lower-cased extension of a file name (".pdf"), or "" when it has none. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot).toLowerCase() : "";
}

export type DocumentCheck = { ok: true; type: DocumentType } | { ok: false; reason: string };

/**
 * Accepts a file only when its content is a PDF, DOC or DOCX document and the
 * extension of its original name says the same type.
 */
export function checkDocument(buffer: Buffer, originalName: string): DocumentCheck {
  return checkDetectedType(detectDocumentType(buffer), originalName);
}

/** checkDocument for a file on disk, read in bounded pieces (detectDocumentTypeOfFile). */
export async function checkDocumentFile(file: string, originalName: string): Promise<DocumentCheck> {
  if (!acceptedExtension(originalName)) return checkDetectedType(null, originalName);
  return checkDetectedType(await detectDocumentTypeOfFile(file), originalName);
}

function acceptedExtension(originalName: string): boolean {
  return Object.values(DOCUMENT_TYPES).some((t) => t.extension === extensionOf(originalName));
}

function checkDetectedType(type: DocumentType | null, originalName: string): DocumentCheck {
  const extension = extensionOf(originalName);
  if (!acceptedExtension(originalName)) {
    return { ok: false, reason: "must be a .pdf, .doc or .docx file" };
  }
  if (!type) {
    return { ok: false, reason: `is not a PDF, DOC or DOCX document (its content does not match its ${extension} name)` };
  }
  if (DOCUMENT_TYPES[type].extension !== extension) {
    return { ok: false, reason: `is a ${DOCUMENT_TYPES[type].label} document but is named ${extension}` };
  }
  return { ok: true, type };
}
