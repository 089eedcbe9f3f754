/**
 * Real documents for the upload fields, made in code at start (the same bytes
 * every run): a PDF written by pdfkit, a DOCX (the smallest OOXML package Word
 * opens: content types, package relationship, document part) and a DOC (an
 * OLE2 compound file holding a WordDocument stream that starts with Word's
 * file information block). Plus what a server must refuse: a text file, and a
 * PDF named .docx.
 */
import PDFDocument from "pdfkit";
import zlib from "zlib";

export const DOCUMENT_KINDS = {
  pdf: { extension: "pdf", contentType: "application/pdf" },
  doc: { extension: "doc", contentType: "application/msword" },
  docx: { extension: "docx", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
};

/** A one-page PDF. */
export function makePdf(text = "Conformance test document") {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A6", info: { Title: text, CreationDate: new Date(0) }, compress: false });
    const chunks = [];
    doc.on("data", (chunk) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(12).text(text);
    doc.end();
  });
}

/** A ZIP archive of uncompressed (STORE) entries. */
export function makeZip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content, "utf8");
    const fileName = Buffer.from(name, "utf8");
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    locals.push(local, fileName, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The smallest DOCX Word opens. */
export function makeDocx(text = "Conformance test document") {
  return makeZip({
    "[Content_Types].xml":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      "</Types>",
    "_rels/.rels":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      "</Relationships>",
    "word/document.xml":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
  });
}

const SECTOR = 512;
const FREESECT = 0xffffffff;
const ENDOFCHAIN = 0xfffffffe;
const FATSECT = 0xfffffffd;
const NOSTREAM = 0xffffffff;

/** One 128-byte directory entry of a compound file. */
function directoryEntry({ name = "", type = 0, child = NOSTREAM, start = 0, size = 0 }) {
  const entry = Buffer.alloc(128);
  if (name) {
    const encoded = Buffer.from(`${name}\0`, "utf16le");
    encoded.copy(entry, 0);
    entry.writeUInt16LE(encoded.length, 64);
  }
  entry.writeUInt8(type, 66);
  entry.writeUInt8(1, 67); // black
  entry.writeUInt32LE(NOSTREAM, 68); // left sibling
  entry.writeUInt32LE(NOSTREAM, 72); // right sibling
  entry.writeUInt32LE(child, 76);
  entry.writeUInt32LE(start, 116);
  entry.writeUInt32LE(size, 120);
  return entry;
}

/**
 * A DOC: an OLE2 compound file (version 3, 512-byte sectors) with one FAT
 * sector, one directory sector and a 4 KB WordDocument stream (in regular
 * sectors, so no mini stream is needed) that starts with the FIB's magic.
 */
export function makeDoc() {
  const streamSectors = 8;
  const stream = Buffer.alloc(streamSectors * SECTOR);
  stream.writeUInt16LE(0xa5ec, 0); // wIdent of a Word binary file
  stream.writeUInt16LE(0x00c1, 2); // nFib: Word 97 and later

  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // 512-byte sectors
  header.writeUInt16LE(6, 32); // 64-byte mini sectors
  header.writeUInt32LE(1, 44); // FAT sectors
  header.writeUInt32LE(1, 48); // first directory sector
  header.writeUInt32LE(4096, 56); // mini stream cut-off
  header.writeUInt32LE(ENDOFCHAIN, 60); // no mini FAT
  header.writeUInt32LE(ENDOFCHAIN, 68); // no DIFAT sectors
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : FREESECT, 76 + i * 4);

  const fat = Buffer.alloc(SECTOR, 0xff);
  fat.writeUInt32LE(FATSECT, 0);
  fat.writeUInt32LE(ENDOFCHAIN, 4); // directory
  for (let s = 2; s < 2 + streamSectors; s++) fat.writeUInt32LE(s === 1 + streamSectors ? ENDOFCHAIN : s + 1, s * 4);

  const directory = Buffer.concat([
    directoryEntry({ name: "Root Entry", type: 5, child: 1, start: ENDOFCHAIN }),
    directoryEntry({ name: "WordDocument", type: 2, start: 2, size: stream.length }),
    directoryEntry({}),
    directoryEntry({}),
  ]);
  return Buffer.concat([header, fat, directory, stream]);
}

/**
 * Every file the suite sends, by marker: the three accepted kinds, a text file
 * (a wrong type) and a PDF named .docx (a name that disagrees with the content).
 */
export async function makeDocuments() {
  const pdf = await makePdf();
  return {
    pdf: { name: "document.pdf", contentType: DOCUMENT_KINDS.pdf.contentType, content: pdf },
    doc: { name: "document.doc", contentType: DOCUMENT_KINDS.doc.contentType, content: makeDoc() },
    docx: { name: "document.docx", contentType: DOCUMENT_KINDS.docx.contentType, content: makeDocx() },
    txt: { name: "notes.txt", contentType: "text/plain", content: Buffer.from("Plain text, not a document.\n", "utf8") },
    mismatch: { name: "document.docx", contentType: DOCUMENT_KINDS.docx.contentType, content: pdf },
  };
}

/** A PDF of exactly `bytes` bytes: a real PDF's bytes, then a comment line padding it. */
export function oversizePdf(pdf, bytes) {
  const padding = Buffer.alloc(Math.max(0, bytes - pdf.length - 2), 0x20);
  return Buffer.concat([pdf, Buffer.from("%"), padding, Buffer.from("\n")]);
}
