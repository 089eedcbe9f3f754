/**
 * One client against every upload, on the real server process and real
 * sockets: eight multipart bodies dripped by one client take only its share
 * of the MAX_UPLOADS_IN_FLIGHT places (MAX_UPLOADS_PER_CLIENT, a quarter by
 * default), so another client's upload is still received; and a body that
 * trickles in (one byte a second) is cut once a window of
 * UPLOAD_RATE_WINDOW_MS gave less than UPLOAD_MIN_BYTES_PER_SECOND, long
 * before REQUEST_TIMEOUT_MS, its place given back and its temporary file
 * removed, while an upload at a modest rate goes through.
 */
import fs from "fs";
import http from "http";
import net from "net";
import path from "path";
import { cleanup, makePdf, startServer, waitUntil, type ServerProcess } from "../../testkit/faults";

afterAll(() => cleanup());

const ORDER_FIELDS = { mailType: "product_order_form", productName: "TOP LOADING ARMS" };
const CALL = "/api/v1/contact/product_order_form";

/** A product order's multipart body around `content`: the fields and the file part's head, then the content, then the closing boundary. */
function orderBody(boundary: string, content: Buffer): { head: Buffer; tail: Buffer; length: number } {
  const head = Buffer.from(
    Object.entries(ORDER_FIELDS)
      .map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
      .join("") + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="order.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, tail, length: head.length + content.length + tail.length };
}

/**
 * A product order sent from `localAddress` on a raw connection: the request's
 * head, the fields and the file part's head and the first `start` bytes of
 * the file at once, then `chunk` bytes every `everyMs` until the body is sent
 * (or the server closes the connection). Records what the server answered
 * and when the connection closed.
 */
class DrippedUpload {
  readonly socket: net.Socket;
  received = "";
  closedAt: number | undefined;
  readonly startedAt = Date.now();
  private timer: NodeJS.Timeout | undefined;

  constructor(port: number, localAddress: string, content: Buffer, { start = 1024, chunk = 1, everyMs = 1_000 } = {}) {
    const boundary = `----drip${Math.random().toString(16).slice(2)}`;
    const { head, tail, length } = orderBody(boundary, content);
    const body = Buffer.concat([head, content, tail]);
    this.socket = net.connect({ port, host: "127.0.0.1", localAddress });
    this.socket.setEncoding("latin1");
    this.socket.on("data", (text: string) => (this.received += text));
    this.socket.on("error", () => undefined);
    this.socket.on("close", () => {
      this.closedAt = Date.now();
      clearInterval(this.timer);
    });
    this.socket.on("connect", () => {
      this.socket.write(
        `POST ${CALL} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n`,
      );
      let sent = head.length + start;
      this.socket.write(body.subarray(0, sent));
      this.timer = setInterval(() => {
        if (this.socket.destroyed || sent >= body.length) return;
        this.socket.write(body.subarray(sent, sent + chunk));
        sent += chunk;
      }, everyMs);
    });
    live.push(this);
  }

  /** The status of the server's answer, once one arrived. */
  get status(): number | undefined {
    const match = /^HTTP\/1\.1 (\d{3}) /.exec(this.received);
    return match ? Number(match[1]) : undefined;
  }

  get answer(): { message?: string } {
    const start = this.received.indexOf("\r\n\r\n");
    try {
      return JSON.parse(this.received.slice(start + 4)) as { message?: string };
    } catch {
      return {};
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.socket.destroy();
  }
}

const live: DrippedUpload[] = [];
afterEach(() => {
  for (const upload of live.splice(0)) upload.close();
});

/** A whole product order POSTed at once from `localAddress`; resolves with the status and the JSON answer. */
function upload(server: ServerProcess, localAddress: string, content = makePdf(4096)): Promise<{ status: number; body: { id?: string; message?: string } }> {
  const boundary = `----whole${Math.random().toString(16).slice(2)}`;
  const { head, tail, length } = orderBody(boundary, content);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: CALL,
        method: "POST",
        localAddress,
        agent: false,
        timeout: 15_000,
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": String(length) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { id?: string; message?: string } }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("no answer within 15 s")));
    req.on("error", (err) => reject(new Error(`upload from ${localAddress}: ${err.message}; the server's output ends with:\n${server.output().slice(-2_000)}`)));
    req.end(Buffer.concat([head, content, tail]));
  });
}

const tempFiles = (server: ServerProcess): string[] => {
  const dir = path.join(server.dataDir, "tmp");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe("one client's slow uploads", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({
      env: {
        MAX_UPLOADS_IN_FLIGHT: "8",
        // The default share: a quarter of the places (the test harness raises it for its one-address workloads).
        MAX_UPLOADS_PER_CLIENT: "",
        // Only the share is under test here: no body is cut for its slowness.
        UPLOAD_MIN_BYTES_PER_SECOND: "0",
        REQUEST_TIMEOUT_MS: "600000",
        IDLE_TIMEOUT_MS: "600000",
      },
    });
  });

  it("take only the client's share of the places: the others are answered 503 at once, and another client's upload is received", async () => {
    const content = makePdf(64 * 1024);
    const drips = Array.from({ length: 8 }, () => new DrippedUpload(server.port, "127.0.0.1", content, { everyMs: 1_000 }));
    // Six are refused before their bodies are read; two are being received (their files arrive in tmp/).
    expect(await waitUntil(() => drips.filter((d) => d.status === 503).length === 6 && tempFiles(server).length === 2, 20_000)).toBe(true);
    for (const refused of drips.filter((d) => d.status === 503)) {
      expect(refused.received).toMatch(/\r\nretry-after: \d+\r\n/i);
      expect(refused.answer.message).toMatch(/try again/i);
    }
    const held = drips.filter((d) => d.status === undefined);
    expect(held).toHaveLength(2);

    // Another client gets its upload received and stored while the first still drips into its two places.
    const other = await upload(server, "127.0.0.2");
    expect(other.status).toBe(201);
    expect(held.every((d) => d.closedAt === undefined && d.status === undefined)).toBe(true);

    // Its places come back when its connections go: the client is served again.
    for (const d of drips) d.close();
    expect(await waitUntil(() => tempFiles(server).length === 0, 10_000)).toBe(true);
    expect((await upload(server, "127.0.0.1")).status).toBe(201);
  });
});

describe("uploads slower than UPLOAD_MIN_BYTES_PER_SECOND", () => {
  const WINDOW_MS = 2_000;
  const MIN_BYTES_PER_SECOND = 500;
  const REQUEST_TIMEOUT_MS = 60_000;
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({
      env: {
        MAX_UPLOADS_IN_FLIGHT: "2",
        MAX_UPLOADS_PER_CLIENT: "1",
        UPLOAD_MIN_BYTES_PER_SECOND: String(MIN_BYTES_PER_SECOND),
        UPLOAD_RATE_WINDOW_MS: String(WINDOW_MS),
        REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        IDLE_TIMEOUT_MS: "30000",
      },
    });
  });

  it("are cut (408) once a window gave too little, long before the request deadline; the place and the temporary file are given back", async () => {
    const trickle = new DrippedUpload(server.port, "127.0.0.1", makePdf(64 * 1024), { chunk: 1, everyMs: 1_000 });
    expect(await waitUntil(() => tempFiles(server).length === 1, 10_000)).toBe(true);
    expect(await waitUntil(() => trickle.closedAt !== undefined, 20_000)).toBe(true);
    const tookMs = trickle.closedAt! - trickle.startedAt;
    // Not before the first window (the grace period), and well before REQUEST_TIMEOUT_MS.
    expect(tookMs).toBeGreaterThanOrEqual(WINDOW_MS - 100);
    expect(tookMs).toBeLessThan(REQUEST_TIMEOUT_MS / 4);
    expect(trickle.status).toBe(408);
    expect(trickle.answer.message).toMatch(/too slow/i);
    expect(await waitUntil(() => tempFiles(server).length === 0, 10_000)).toBe(true);
    // The client's only place was given back.
    expect((await upload(server, "127.0.0.1")).status).toBe(201);
  });

  it("let an upload at a modest rate (8 times the minimum) through", async () => {
    const content = makePdf(24 * 1024);
    const modest = new DrippedUpload(server.port, "127.0.0.1", content, { start: 400, chunk: 400, everyMs: 100 });
    expect(await waitUntil(() => modest.status !== undefined || modest.closedAt !== undefined, 30_000)).toBeTruthy();
    expect(modest.status).toBe(201);
    expect(modest.answer).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), message: expect.any(String) });
    // It took several windows: it was judged, not merely under way for less than the grace period.
    expect(Date.now() - modest.startedAt).toBeGreaterThan(2 * WINDOW_MS);
  });
});
