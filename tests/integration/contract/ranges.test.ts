/**
 * Range requests for the site's documents (data sheets, manuals: files the
 * server sends from the disk), as RFC 9110 says: a satisfiable range answers
 * 206 with those bytes; a valid range that starts past the end 416 with
 * a Content-Range of `bytes *` and the size, and a short body (not the 404 page); an
 * invalid Range header is ignored (200, the whole file). A failed If-Match
 * answers 412.
 */
import fs from "fs";
import os from "os";
import path from "path";
import request from "supertest";
import { isValidByteRanges } from "../../../server/site";
import { setUpContractApp } from "../../../testkit/contract-app";
import { makePdf } from "../../../testkit/documents";

const PDF = makePdf("Torque pump data sheet");
const DOCUMENT = "/assets/catalog/torque-pump-datasheet.pdf";
/** The site's 404 page, long as the real one, so that it shows if it is sent instead. */
const NOT_FOUND = `<!doctype html><title>Page not found</title>${"<p>Try the search.</p>".repeat(500)}`;

function makePublicDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ranges-public-"));
  fs.mkdirSync(path.join(dir, "assets", "catalog"), { recursive: true });
  fs.writeFileSync(path.join(dir, DOCUMENT), PDF);
  fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Home</title>");
  fs.writeFileSync(path.join(dir, "404.html"), NOT_FOUND);
  return dir;
}

/** The body of an answer as bytes, whatever its type. */
const bytes = (req: request.Test) => req.buffer(true).parse((res, done) => {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => done(null, Buffer.concat(chunks)));
});

describe("Range requests for documents", () => {
  const publicDir = makePublicDir();
  const test = setUpContractApp({ publicDir });
  afterAll(() => fs.rmSync(publicDir, { recursive: true, force: true }));

  it("a range within the document answers 206 with those bytes", async () => {
    const res = await bytes(request(test.app).get(DOCUMENT).set("Range", "bytes=0-7"));
    expect(res.status).toBe(206);
    expect(res.headers["content-range"]).toBe(`bytes 0-7/${PDF.length}`);
    expect((res.body as Buffer).equals(PDF.subarray(0, 8))).toBe(true);
  });

  it.each([`bytes=${PDF.length}-`, `bytes=${PDF.length + 1000}-${PDF.length + 2000}`, "bytes=99999999999999999999-", "bytes=-0"])(
    "a range past the end (%s) answers 416 with Content-Range: bytes */size and a short body",
    async (range) => {
      for (const method of ["GET", "HEAD"] as const) {
        const res = await (method === "GET" ? request(test.app).get(DOCUMENT) : request(test.app).head(DOCUMENT)).set("Range", range).set("Accept", "text/html");
        expect([method, res.status]).toEqual([method, 416]);
        expect(res.headers["content-range"]).toBe(`bytes */${PDF.length}`);
        expect(res.headers["content-type"]).toMatch(/^text\/plain/);
        expect(Number(res.headers["content-length"])).toBeLessThan(100);
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        if (method === "GET") expect(res.text).not.toContain("Page not found");
      }
    },
  );

  it.each(["bytes=5-2", "bytes=abc", "bytes=", "bytes=1-2-3", "bytes=1-2;x", "items=0-7"])("an invalid Range (%s) is ignored: 200 with the whole document", async (range) => {
    const res = await bytes(request(test.app).get(DOCUMENT).set("Range", range));
    expect(res.status).toBe(200);
    expect(res.headers["content-range"]).toBeUndefined();
    expect((res.body as Buffer).equals(PDF)).toBe(true);
  });

  it("a failed If-Match answers 412, not the 404 page", async () => {
    const res = await request(test.app).get(DOCUMENT).set("If-Match", '"another"').set("Accept", "text/html");
    expect(res.status).toBe(412);
    expect(res.text).not.toContain("Page not found");
  });

  it("reads Range headers as RFC 9110 writes them", () => {
    for (const valid of ["bytes=0-7", "bytes=7-", "bytes=-7", "bytes=0-0, 4-9", "bytes= 1-2 ,", "BYTES=1-2", "items=1-2"]) expect([valid, isValidByteRanges(valid)]).toEqual([valid, true]);
    for (const invalid of ["bytes=5-2", "bytes=", "bytes=,", "bytes=a-b", "bytes=1-2-3", "bytes=--1", "bytes=0-1,5-2"]) expect([invalid, isValidByteRanges(invalid)]).toEqual([invalid, false]);
  });
});
