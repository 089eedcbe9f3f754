/** Magic-byte detection of the accepted upload types (server/api/file-type.ts). */
import fs from "fs";
import os from "os";
import path from "path";
import {
  checkDocument,
  checkDocumentFile,
  detectDocumentType,
  detectDocumentTypeOfFile,
  extensionOf,
  MAX_CENTRAL_DIRECTORY_BYTES,
  zipEntryNames,
} from "../../server/api/file-type";
import { sanitizeFileName } from "../../server/api/uploads";
import { makeDoc, makeDocx, makeExecutable, makeHtml, makePdf, makeZip } from "../../testkit/documents";

describe("detectDocumentType", () => {
  it("recognises PDF, DOC (OLE compound file) and DOCX (ZIP with word/document.xml)", () => {
    expect(detectDocumentType(makePdf())).toBe("pdf");
    expect(detectDocumentType(makeDoc())).toBe("doc");
    expect(detectDocumentType(makeDocx())).toBe("docx");
  });

  it.each([
    ["an executable", makeExecutable()],
    ["an HTML page", makeHtml()],
    ["plain text", Buffer.from("Dear hiring manager,\n")],
    ["an empty file", Buffer.alloc(0)],
    ["a PDF signature too short", Buffer.from("%PD")],
    ["a PDF signature not at the start", Buffer.concat([Buffer.from(" "), makePdf()])],
    ["an OLE signature cut short", makeDoc().subarray(0, 7)],
    ["a ZIP without word/document.xml", makeZip({ "[Content_Types].xml": "<Types/>", "xl/workbook.xml": "<workbook/>" })],
    ["a ZIP without [Content_Types].xml", makeZip({ "word/document.xml": "<w:document/>" })],
    ["a ZIP whose central directory is cut off", makeDocx().subarray(0, makeDocx().length - 30)],
    ["a bare ZIP local header", Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)])],
    ["an empty ZIP", Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)])],
  ])("refuses %s", (_what, buffer) => {
    expect(detectDocumentType(buffer)).toBeNull();
  });

  it("does not take a word/document.xml found only in file data for an entry", () => {
    const zip = makeZip({ "[Content_Types].xml": "<Types/>", "notes.txt": "see word/document.xml" });
    expect(detectDocumentType(zip)).toBeNull();
  });
});

describe("zipEntryNames", () => {
  it("lists the central directory", () => {
    expect(zipEntryNames(makeDocx())).toEqual(["[Content_Types].xml", "_rels/.rels", "word/document.xml"]);
  });

  it("reads an archive with a trailing comment", () => {
    const zip = makeDocx();
    const withComment = Buffer.concat([zip, Buffer.from("a comment")]);
    withComment.writeUInt16LE(9, zip.length - 2);
    expect(zipEntryNames(withComment)).toContain("word/document.xml");
  });

  it("is null for what is not a ZIP", () => {
    expect(zipEntryNames(makePdf())).toBeNull();
  });
});

describe("checkDocument", () => {
  it("accepts content and extension that agree, in any case", () => {
    expect(checkDocument(makePdf(), "cv.pdf")).toEqual({ ok: true, type: "pdf" });
    expect(checkDocument(makeDoc(), "CV.DOC")).toEqual({ ok: true, type: "doc" });
    expect(checkDocument(makeDocx(), "My CV.v2.Docx")).toEqual({ ok: true, type: "docx" });
  });

  it.each([
    [makeExecutable(), "setup.pdf"],
    [makeHtml(), "index.pdf"],
    [makePdf(), "cv.docx"],
    [makeDocx(), "cv.doc"],
    [makeDoc(), "cv.pdf"],
    [makePdf(), "cv.exe"],
    [makePdf(), "cv.pdf.exe"],
    [makePdf(), "pdf"],
    [makePdf(), ".pdf"],
  ])("refuses this content named %#", (buffer, name) => {
    const check = checkDocument(buffer, name);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason.length).toBeGreaterThan(0);
  });
});

describe("file names", () => {
  it("takes the extension of the last path segment", () => {
    expect(extensionOf("C:\\Users\\me\\cv.PDF")).toBe(".pdf");
    expect(extensionOf("archive.tar.gz")).toBe(".gz");
    expect(extensionOf(".bashrc")).toBe("");
  });

  it("keeps the visitor's name only as safe information", () => {
    expect(sanitizeFileName("../../etc/passwd.pdf", ".pdf")).toBe("passwd.pdf");
    expect(sanitizeFileName("C:\\fakepath\\my\u0000cv\u0007.pdf", ".pdf")).toBe("mycv.pdf");
    expect(sanitizeFileName("...", ".pdf")).toBe("document.pdf");
    expect(sanitizeFileName(`${"a".repeat(300)}.docx`, ".docx")).toHaveLength(150);
    expect(sanitizeFileName("Lebenslauf Müller.doc", ".doc")).toBe("Lebenslauf Müller.doc");
  });
});

describe("sanitizeFileName: names that mislead the inbox", () => {
  it("strips bidirectional controls, so a right-to-left override cannot turn cv\u202Excod.pdf into \"cvfdp.docx\"", () => {
    expect(sanitizeFileName("cv\u202Excod.pdf", ".pdf")).toBe("cvxcod.pdf");
    for (const control of ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069", "\u200E", "\u200F", "\u061C"]) {
      expect(sanitizeFileName(`report${control}fdp.docx`, ".docx")).toBe("reportfdp.docx");
    }
  });

  it("strips zero-width and other invisible format characters", () => {
    expect(sanitizeFileName("c\u200Bv\u200C.\u200Dp\u2060df\uFEFF.pdf", ".pdf")).toBe("cv.pdf.pdf");
    expect(sanitizeFileName("in\u00ADvoice.pdf", ".pdf")).toBe("invoice.pdf");
    expect(sanitizeFileName("\u200B\u202E.pdf", ".pdf")).toBe("document.pdf");
  });

  it("collapses leading dots and runs of dots (..pdf tricks)", () => {
    expect(sanitizeFileName("..pdf", ".pdf")).toBe("document.pdf");
    expect(sanitizeFileName(".hidden.pdf", ".pdf")).toBe("hidden.pdf");
    expect(sanitizeFileName("cv..pdf", ".pdf")).toBe("cv.pdf");
    expect(sanitizeFileName("invoice.docx..pdf", ".pdf")).toBe("invoice.docx.pdf");
    expect(sanitizeFileName("cv. .pdf", ".pdf")).toBe("cv.pdf");
  });

  it("always ends with the detected type's extension, keeping the visitor's spelling of it", () => {
    expect(sanitizeFileName("cv.docx", ".pdf")).toBe("cv.docx.pdf");
    expect(sanitizeFileName("proposal.PDF", ".pdf")).toBe("proposal.PDF");
    expect(sanitizeFileName("cv\u202Excod.pdf", ".docx")).toBe("cvxcod.pdf.docx");
    expect(sanitizeFileName(`${"b".repeat(300)}\u202E.pdf`, ".pdf")).toMatch(/^b{146}\.pdf$/);
  });
});

describe("detectDocumentTypeOfFile: the content check reads a file in bounded pieces", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "file-type-"));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const write = (name: string, content: Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    return file;
  };

  it("agrees with detectDocumentType on whole files", async () => {
    const samples: [string, Buffer][] = [
      ["a.pdf", makePdf()],
      ["a.doc", makeDoc()],
      ["a.docx", makeDocx()],
      ["big.docx", makeDocx("x".repeat(3_000_000))],
      ["commented.docx", Buffer.concat([makeDocx().subarray(0, -2), Buffer.from([0xff, 0xff]), Buffer.alloc(0xffff, 0x41)])],
      ["e.exe", makeExecutable()],
      ["h.html", makeHtml()],
      ["z.zip", makeZip({ "readme.txt": "hi" })],
      ["empty", Buffer.alloc(0)],
      ["short", Buffer.from("PK\u0003\u0004")],
    ];
    for (const [name, content] of samples) {
      expect([name, await detectDocumentTypeOfFile(write(name, content))]).toEqual([name, detectDocumentType(content)]);
    }
  });

  it("reads at most the head, the last 64 KB and the central directory, not the whole file", async () => {
    const big = makeDocx("y".repeat(5_000_000));
    const file = write("large.docx", big);
    // Count bytes read through the FileHandle that detectDocumentTypeOfFile opens.
    const handle = await fs.promises.open(file, "r");
    const proto = Object.getPrototypeOf(handle) as { read: (...args: unknown[]) => Promise<{ bytesRead: number }> };
    await handle.close();
    const original = proto.read;
    let bytes = 0;
    const spy = jest.spyOn(proto, "read").mockImplementation(async function (this: unknown, ...args: unknown[]) {
      const result = await original.apply(this, args);
      bytes += result.bytesRead;
      return result;
    });
    try {
      expect(await detectDocumentTypeOfFile(file)).toBe("docx");
    } finally {
      spy.mockRestore();
    }
    expect(bytes).toBeLessThanOrEqual(8 + 22 + 0xffff + 4096);
    expect(big.length).toBeGreaterThan(1_000_000);
  });

  it("refuses a ZIP whose central directory is larger than the bound", async () => {
    const entries: Record<string, string> = { "[Content_Types].xml": "<Types/>", "word/document.xml": "<w/>" };
    const longName = "n".repeat(60_000);
    for (let i = 0; i < Math.ceil(MAX_CENTRAL_DIRECTORY_BYTES / 60_000) + 1; i++) entries[`${longName}${i}`] = "";
    const zip = makeZip(entries);
    expect(detectDocumentType(zip)).toBe("docx"); // in memory, unbounded
    expect(await detectDocumentTypeOfFile(write("huge-directory.docx", zip))).toBeNull();
  });

  it("checkDocumentFile gives the same verdicts as checkDocument", async () => {
    const cases: [Buffer, string][] = [
      [makePdf(), "cv.pdf"],
      [makePdf(), "cv.docx"],
      [makeDocx(), "cv.docx"],
      [makeExecutable(), "cv.pdf"],
      [makePdf(), "cv.exe"],
    ];
    for (const [content, name] of cases) {
      expect(await checkDocumentFile(write(`check-${name}`, content), name)).toEqual(checkDocument(content, name));
    }
  });
});
