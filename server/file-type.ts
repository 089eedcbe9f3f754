/**
 * Recognises the three accepted document types by their content (magic bytes),
 * never by the name or the Content-Type the browser claims:
 *
 * - PDF: starts with `%PDF-`;
 * - DOC: an OLE compound file (`D0 CF 11 E0 A1 B1 1A E1`);
 * - DOCX: a ZIP archive (`PK\x03\x04`) whose central directory lists
 *   `[Content_Types].xml` and `word/document.xml`.
 */
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

/**
 * The entry names listed in a ZIP archive's central directory, or null when the
 * buffer is not a well-formed (non-ZIP64) ZIP archive.
 */
export function zipEntryNames(buffer: Buffer): string[] | null {
  if (buffer.length < EOCD_SIZE + 4 || buffer.readUInt32LE(0) !== ZIP_LOCAL_HEADER) return null;

  // The end-of-central-directory record is the last one, before an optional comment.
  let eocd = -1;
  const lowest = Math.max(0, buffer.length - EOCD_SIZE - 0xffff);
  for (let at = buffer.length - EOCD_SIZE; at >= lowest; at--) {
    if (buffer.readUInt32LE(at) === ZIP_END_OF_CENTRAL_DIRECTORY && at + EOCD_SIZE + buffer.readUInt16LE(at + 20) === buffer.length) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;

  const entries = buffer.readUInt16LE(eocd + 10);
  const size = buffer.readUInt32LE(eocd + 12);
  const offset = buffer.readUInt32LE(eocd + 16);
  if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) return null; // ZIP64: not for a form upload
  if (offset + size > eocd) return null;

  const names: string[] = [];
  let at = offset;
  for (let i = 0; i < entries; i++) {
    if (at + CENTRAL_HEADER_SIZE > offset + size || buffer.readUInt32LE(at) !== ZIP_CENTRAL_HEADER) return null;
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const next = at + CENTRAL_HEADER_SIZE + nameLength + extraLength + commentLength;
    if (next > offset + size) return null;
    names.push(buffer.toString("utf8", at + CENTRAL_HEADER_SIZE, at + CENTRAL_HEADER_SIZE + nameLength));
    at = next;
  }
  return names;
}

/** The document type of this content, or null when it is none of PDF, DOC and DOCX. */
export function detectDocumentType(buffer: Buffer): DocumentType | null {
  if (startsWith(buffer, PDF_MAGIC)) return "pdf";
  if (startsWith(buffer, OLE_MAGIC)) return "doc";
  const names = zipEntryNames(buffer);
  if (names && names.includes("word/document.xml") && names.includes("[Content_Types].xml")) return "docx";
  return null;
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
  const extension = extensionOf(originalName);
  const accepted = Object.values(DOCUMENT_TYPES).map((t) => t.extension);
  if (!accepted.includes(extension)) {
    return { ok: false, reason: "must be a .pdf, .doc or .docx file" };
  }
  const type = detectDocumentType(buffer);
  if (!type) {
    return { ok: false, reason: `is not a PDF, DOC or DOCX document (its content does not match its ${extension} name)` };
  }
  if (DOCUMENT_TYPES[type].extension !== extension) {
    return { ok: false, reason: `is a ${DOCUMENT_TYPES[type].label} document but is named ${extension}` };
  }
  return { ok: true, type };
}
