/**
 * Uploads are streamed to DATA_DIR/tmp/ (never whole in memory), bounded in
 * number (MAX_UPLOADS_IN_FLIGHT: one more is answered 503 with Retry-After
 * before its body is read), kept durably (flushed, private, renamed into
 * uploads/, the folder flushed, then committed), and their temporary files are
 * removed on every failure path: refused content, too large, client gone.
 */
import fs from "fs";
import http from "http";
import net, { type AddressInfo } from "net";
import path from "path";
import request from "supertest";
import { makeDocx, makeExecutable, makePdf } from "../../../testkit/documents";
import { API, count, expectAccepted, expectError, startTestApp, uploadedFiles, type TestApp } from "../../../testkit/contract-app";
import { CAREERS, postMultipart } from "../../../testkit/form-bodies";
import { waitFor } from "../../../testkit/wait";

const PDF = makePdf();
const ORDER_FIELDS = { mailType: "product_order_form", productName: "TOP LOADING ARMS" };

function tempFiles(test: TestApp): string[] {
  const dir = path.join(test.dataDir, "tmp");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** A product order's multipart body up to its file's content: the fields, then the file part's head. */
function orderHead(boundary: string, name = "questionnaire.docx"): Buffer {
  return Buffer.from(
    Object.entries(ORDER_FIELDS)
      .map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
      .join("") + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
}

/** A product order upload sent by hand: the head (fields and the file part's start) now, the rest when asked. */
class SlowUpload {
  readonly boundary = `----upload${Math.random().toString(16).slice(2)}`;
  readonly req: http.ClientRequest;
  readonly answer: Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>;
  private readonly tail: Buffer;

  constructor(port: number, content: Buffer, name = "questionnaire.docx") {
    const head = orderHead(this.boundary, name);
    this.tail = Buffer.concat([content.subarray(content.length / 2), Buffer.from(`\r\n--${this.boundary}--\r\n`)]);
    const body = Buffer.concat([head, content.subarray(0, content.length / 2)]);
    this.req = http.request({
      port,
      host: "127.0.0.1",
      method: "POST",
      path: `${API}/product_order_form`,
      headers: {
        "content-type": `multipart/form-data; boundary=${this.boundary}`,
        "content-length": String(body.length + this.tail.length),
      },
    });
    this.answer = new Promise((resolve, reject) => {
      this.req.on("response", (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      this.req.on("error", reject);
    });
    this.answer.catch(() => undefined);
    this.req.write(body);
  }

  finish(): void {
    this.req.end(this.tail);
  }
}

/**
 * A product order upload on a raw connection, to see what the server does with
 * the connection itself: what arrived from the server, whether it ended the
 * connection (FIN) or it broke (reset), and how many bytes the client wrote.
 */
class RawUpload {
  static readonly boundary = "----raw-upload-boundary";
  readonly socket: net.Socket;
  received = "";
  ended = false;
  closed = false;
  error?: string;

  constructor(port: number, headers: Record<string, string>) {
    this.socket = net.connect(port, "127.0.0.1");
    this.socket.setEncoding("latin1");
    this.socket.on("data", (chunk: string) => (this.received += chunk));
    this.socket.on("end", () => (this.ended = true));
    this.socket.on("close", () => (this.closed = true));
    this.socket.on("error", (err: NodeJS.ErrnoException) => (this.error = err.code ?? String(err)));
    const head = Object.entries({ host: `127.0.0.1:${port}`, "content-type": `multipart/form-data; boundary=${RawUpload.boundary}`, ...headers })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    this.socket.write(`POST ${API}/product_order_form HTTP/1.1\r\n${head}\r\n`);
  }

  /** The fields and the start of the file part. */
  static partsHead(): Buffer {
    return orderHead(RawUpload.boundary);
  }

  static partsTail(): Buffer {
    return Buffer.from(`\r\n--${RawUpload.boundary}--\r\n`);
  }

  write(data: Buffer | string): Promise<void> {
    return new Promise((resolve, reject) => this.socket.write(data, (err) => (err ? reject(err) : resolve())));
  }
}

describe("uploads streamed to disk", () => {
  let test: TestApp;
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    // One client (these requests) may take both places, and its uploads held open by the tests are never cut for their slowness.
    test = startTestApp({}, { MAX_UPLOADS_IN_FLIGHT: "2", MAX_UPLOADS_PER_CLIENT: "2", UPLOAD_MIN_BYTES_PER_SECOND: "0", MAX_UPLOAD_MB: "1" });
    server = http.createServer(test.app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await test.cleanup();
  });
  afterEach(() => {
    expect(test.internalErrors).toEqual([]);
  });

  it("keeps the file exactly as sent, private (0600), with nothing left in the temporary folder", async () => {
    const docx = makeDocx("A".repeat(50_000));
    const id = expectAccepted(
      await postMultipart(test.app, CAREERS, { files: { resume: { content: PDF, name: "cv.pdf" }, coverLetter: { content: docx, name: "letter.docx" } } }),
    );
    const db = test.db();
    const rows = db.prepare("SELECT field, stored_name, size FROM attachments WHERE submission_id = ?").all(id) as { field: string; stored_name: string; size: number }[];
    db.close();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const file = path.join(test.dataDir, "uploads", row.stored_name);
      const sent = row.field === "resume" ? PDF : docx;
      expect(fs.readFileSync(file).equals(sent)).toBe(true);
      expect(row.size).toBe(sent.length);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    }
    expect(tempFiles(test)).toEqual([]);
  });

  it("writes the file to DATA_DIR/tmp/ while it arrives, and removes it when the client goes away", async () => {
    const before = uploadedFiles(test).length;
    const upload = new SlowUpload(port, makePdf("B".repeat(200_000)), "cv.pdf");
    const [name] = await waitFor(() => tempFiles(test).length === 1 && tempFiles(test));
    expect(name).toMatch(/\.part$/);
    await waitFor(() => fs.statSync(path.join(test.dataDir, "tmp", name)).size > 0);
    upload.req.destroy();
    await waitFor(() => tempFiles(test).length === 0);
    expect(uploadedFiles(test)).toHaveLength(before);
  });

  it("answers 503 with Retry-After, before reading the body, when MAX_UPLOADS_IN_FLIGHT uploads are in progress", async () => {
    const docx = makeDocx("C".repeat(20_000));
    const first = new SlowUpload(port, docx);
    const second = new SlowUpload(port, docx);
    await waitFor(() => tempFiles(test).length === 2);

    const busy = await request(test.app).post(`${API}/product_order_form`).field(ORDER_FIELDS).attach("file", docx, "questionnaire.docx");
    const error = expectError(busy, 503);
    expect(error.message).toMatch(/try again/i);
    expect(Number(busy.headers["retry-after"])).toBeGreaterThan(0);
    expect(tempFiles(test)).toHaveLength(2); // the refused body was never written

    // JSON calls are not bounded by it.
    expect((await request(test.app).post(`${API}/news-letter`).send({ email: "a@example.org", mailType: "news_letter" })).status).toBe(201);

    first.finish();
    second.finish();
    for (const answer of [await first.answer, await second.answer]) {
      expect(answer.status).toBe(201);
    }
    // Places are given back: the next upload is taken.
    expectAccepted(await request(test.app).post(`${API}/product_order_form`).field(ORDER_FIELDS).attach("file", docx, "questionnaire.docx"));
    expect(tempFiles(test)).toEqual([]);
  });

  it("reads a refused upload's body to its end before it closes the connection, so a client that sends it all reads the 503", async () => {
    const docx = makeDocx("E".repeat(20_000));
    const first = new SlowUpload(port, docx);
    const second = new SlowUpload(port, docx);
    await waitFor(() => tempFiles(test).length === 2);

    const content = makePdf("F".repeat(600_000));
    const head = RawUpload.partsHead();
    const tail = RawUpload.partsTail();
    const upload = new RawUpload(port, { "content-length": String(head.length + content.length + tail.length) });
    await upload.write(Buffer.concat([head, content.subarray(0, 1000)]));
    // The answer is written at once, and says the connection closes after it.
    await waitFor(() => upload.received.includes("\r\n\r\n{"));
    expect(upload.received).toMatch(/^HTTP\/1\.1 503 /);
    expect(upload.received).toMatch(/\r\nconnection: close\r\n/i);
    expect(upload.received).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(upload.ended || upload.closed).toBe(false);
    // The rest of the body is taken (a client that sends it all before reading gets no error), then the server closes.
    await upload.write(content.subarray(1000));
    await upload.write(tail);
    await waitFor(() => upload.closed);
    expect(upload.ended).toBe(true);
    expect(upload.error).toBeUndefined();
    expect(JSON.parse(upload.received.slice(upload.received.indexOf("\r\n\r\n") + 4)).message).toMatch(/try again/i);
    expect(tempFiles(test)).toHaveLength(2); // the refused body was never written

    first.finish();
    second.finish();
    for (const answer of [await first.answer, await second.answer]) expect(answer.status).toBe(201);
  });

  it("reads no more of a refused upload's body than the largest the form accepts", async () => {
    const docx = makeDocx("G".repeat(20_000));
    const first = new SlowUpload(port, docx);
    const second = new SlowUpload(port, docx);
    await waitFor(() => tempFiles(test).length === 2);

    // Declared larger than any body the form accepts (one 1 MB file): answered and closed without reading it.
    const declared = new RawUpload(port, { "content-length": String(1024 * 1024 * 1024) });
    await waitFor(() => declared.closed);
    expect(declared.received).toMatch(/^HTTP\/1\.1 503 [\s\S]*\r\nconnection: close\r\n/i);

    // An endless body (chunked): the server stops reading past that size and closes the connection.
    const endless = new RawUpload(port, { "transfer-encoding": "chunked" });
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    const head = RawUpload.partsHead();
    await endless.write(Buffer.concat([Buffer.from(`${head.length.toString(16)}\r\n`), head, Buffer.from("\r\n")]));
    const cap = 64 * 1024 * 1024;
    while (!endless.closed && !endless.error && endless.socket.bytesWritten < cap) {
      await endless.write(framed).catch(() => undefined);
    }
    await waitFor(() => endless.closed);
    expect(endless.received).toMatch(/^HTTP\/1\.1 503 /);
    // One 1 MB file, 30 text fields of 64 KB and room for the part headers: 3.25 MB, plus what the kernel's buffers held.
    expect(endless.socket.bytesWritten).toBeLessThan(cap);

    first.finish();
    second.finish();
    for (const answer of [await first.answer, await second.answer]) expect(answer.status).toBe(201);
  });

  it("gives the place back and removes the temporary file when a file is too large, refused or missing", async () => {
    const before = { files: uploadedFiles(test).length, submissions: count(test, "submissions") };
    const tooLarge = makePdf("D".repeat(1024 * 1024 + 10));
    for (let i = 0; i < 3; i++) {
      expectError(await request(test.app).post(`${API}/product_order_form`).field(ORDER_FIELDS).attach("file", tooLarge, "big.pdf"), 413);
      expectError(await request(test.app).post(`${API}/product_order_form`).field(ORDER_FIELDS).attach("file", makeExecutable(), "cv.pdf"), 400);
      expectError(await request(test.app).post(`${API}/product_order_form`).field({ mailType: "product_order_form" }).attach("file", PDF, "cv.pdf"), 400);
    }
    await waitFor(() => tempFiles(test).length === 0);
    expect(uploadedFiles(test)).toHaveLength(before.files);
    expect(count(test, "submissions")).toBe(before.submissions);
    // Nine refusals with MAX_UPLOADS_IN_FLIGHT=2: every place was given back.
    expectAccepted(await request(test.app).post(`${API}/product_order_form`).field(ORDER_FIELDS).attach("file", PDF, "cv.pdf"));
  });
});

describe("files are flushed before the commit that points to them", () => {
  let test: TestApp;
  beforeAll(() => {
    test = startTestApp();
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await test.cleanup();
  });

  it("fsyncs the file, renames it into uploads/, fsyncs uploads/, then commits", async () => {
    const events: string[] = [];
    const fsp = fs.promises;
    const paths = new WeakMap<object, string>();
    const open = fsp.open.bind(fsp);
    jest.spyOn(fsp, "open").mockImplementation(async (...args: Parameters<typeof fsp.open>) => {
      const handle = await open(...args);
      paths.set(handle, String(args[0]));
      return handle;
    });
    const probe = await open(__filename, "r");
    const handleProto = Object.getPrototypeOf(probe) as { sync: () => Promise<void> };
    await probe.close();
    const sync = handleProto.sync;
    jest.spyOn(handleProto, "sync").mockImplementation(async function (this: object) {
      events.push(`fsync ${path.relative(test.dataDir, paths.get(this) ?? "?")}`);
      return sync.call(this);
    });
    const rename = fsp.rename.bind(fsp);
    jest.spyOn(fsp, "rename").mockImplementation(async (from, to) => {
      events.push(`rename ${path.relative(test.dataDir, String(from))} ${path.relative(test.dataDir, String(to))}`);
      return rename(from, to);
    });
    // The SQLite store's commit of the submission, attachment and outbox rows (its group commit), observed.
    const group = (test.app.store as unknown as { submissions: { write: (...args: unknown[]) => Promise<unknown> } }).submissions;
    const write = group.write;
    group.write = (...args: unknown[]) => {
      events.push("commit");
      return write.apply(group, args);
    };

    expectAccepted(await request(test.app).post(`${API}/product_order_form`).field(ORDER_FIELDS).attach("file", PDF, "order.pdf"));
    jest.restoreAllMocks();
    group.write = write;

    const stored = uploadedFiles(test);
    expect(stored).toHaveLength(1);
    const relevant = events.filter((event) => /tmp|uploads|commit/.test(event));
    expect(relevant).toEqual([
      expect.stringMatching(/^fsync tmp\/[0-9a-f-]{36}\.part$/),
      expect.stringMatching(new RegExp(`^rename tmp/[0-9a-f-]{36}\\.part uploads/${stored[0].replace(".", "\\.")}$`)),
      "fsync uploads",
      "commit",
    ]);
    expect(fs.readFileSync(path.join(test.dataDir, "uploads", stored[0])).equals(PDF)).toBe(true);
  });
});
