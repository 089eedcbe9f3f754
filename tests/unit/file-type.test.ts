/** Magic-byte detection of the accepted upload types (server/file-type.ts). */
import { checkDocument, detectDocumentType, extensionOf, zipEntryNames } from "../../server/file-type";
import { sanitizeFileName } from "../../server/uploads";
import { makeDoc, makeDocx, makeExecutable, makeHtml, makePdf, makeZip } from "../contract/fixtures";

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
