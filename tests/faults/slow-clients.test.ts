/**
 * Slowloris against the real server process: one client opens hundreds of
 * connections and drips its headers (or its body) a few bytes at a time.
 * Beyond MAX_CONNECTIONS_PER_CLIENT its connections are closed at once, the
 * ones it keeps are cut after HEADERS_TIMEOUT_MS (or REQUEST_TIMEOUT_MS), and
 * meanwhile another client still gets pages. MAX_CONNECTIONS bounds all
 * connections together.
 */
import http from "http";
import net from "net";
import { cleanup, startServer, waitUntil, type ServerProcess } from "../../testkit/faults";

afterAll(() => cleanup());

/** A connection that sends `head` and then one more byte of `drip` every `everyMs`, until the server closes it. */
interface Dripper {
  closedAt: number | undefined;
  answer: string;
}

function drip(port: number, head: string, drip: string, everyMs: number, localAddress = "127.0.0.1"): Dripper {
  const dripper: Dripper = { closedAt: undefined, answer: "" };
  const socket = net.connect({ port, host: "127.0.0.1", localAddress });
  let timer: NodeJS.Timeout | undefined;
  socket.on("connect", () => {
    socket.write(head);
    let i = 0;
    timer = setInterval(() => {
      if (!socket.destroyed) socket.write(drip[i++ % drip.length]);
    }, everyMs);
  });
  socket.on("data", (chunk: Buffer) => (dripper.answer += chunk.toString("latin1")));
  socket.on("error", () => undefined);
  socket.on("close", () => {
    dripper.closedAt = Date.now();
    clearInterval(timer);
  });
  allSockets.push(socket);
  return dripper;
}

const allSockets: net.Socket[] = [];
afterEach(() => {
  for (const socket of allSockets.splice(0)) socket.destroy();
});

/** GET `path` from another client address (127.0.0.2, also loopback), on a connection of its own. */
function getFrom(server: ServerProcess, path: string, localAddress: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: server.port, path, localAddress, agent: false, timeout: 5_000 }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("timeout", () => req.destroy(new Error("no answer within 5 s")));
    req.on("error", (err) => reject(new Error(`GET ${path} from ${localAddress}: ${err.message}; the server's output ends with:\n${server.output().slice(-2_000)}`)));
  });
}

const open = (drippers: Dripper[]) => drippers.filter((d) => d.closedAt === undefined).length;

describe("slow clients", () => {
  const HEADERS_TIMEOUT_MS = 2_000;
  const REQUEST_TIMEOUT_MS = 4_000;
  const IDLE_TIMEOUT_MS = 3_000;
  const PER_CLIENT = 50;
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({
      env: {
        MAX_CONNECTIONS_PER_CLIENT: String(PER_CLIENT),
        HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
        KEEP_ALIVE_TIMEOUT_MS: "1000",
      },
    });
  });

  it("300 connections dripping headers from one client: the extra ones are closed at once, the rest after the header timeout, and another client is served throughout", async () => {
    const started = Date.now();
    const drippers = Array.from({ length: 300 }, () => drip(server.port, "GET / HTTP/1.1\r\nHost: localhost\r\n", "X-Slow: 1\r\n", 250));
    // Beyond the per-client bound, connections are closed as they arrive.
    // (The harness's own keep-alive connection from its start-up check may still count for this client.)
    await waitUntil(() => open(drippers) <= PER_CLIENT, 3_000);
    expect(open(drippers)).toBeLessThanOrEqual(PER_CLIENT);
    expect(open(drippers)).toBeGreaterThanOrEqual(PER_CLIENT - 1);

    // Another visitor gets pages while the dripping connections are held.
    for (let i = 0; i < 20; i++) {
      const page = await getFrom(server, "/", "127.0.0.2");
      expect(page.status).toBe(200);
      expect(page.body).toContain("<title>Home</title>");
    }

    // The held ones are cut once the header timeout has passed (Node answers 408), not before.
    expect(await waitUntil(() => open(drippers) === 0, HEADERS_TIMEOUT_MS + 30_000)).toBe(true);
    const lastClosed = Math.max(...drippers.map((d) => d.closedAt ?? Infinity));
    expect(lastClosed - started).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);

    // The same client gets pages again once its connections are gone.
    expect((await getFrom(server, "/", "127.0.0.1")).status).toBe(200);
    expect(server.output()).not.toMatch(/EMFILE|Internal error/);
  });

  it("connections dripping a body are cut after the request timeout", async () => {
    const started = Date.now();
    const head = "POST /api/v1/contact/news-letter HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{";
    const drippers = Array.from({ length: 20 }, () => drip(server.port, head, '"', 200));
    // Beside them, one that never finishes its headers: the header timeout cuts it.
    const headers = drip(server.port, "GET / HTTP/1.1\r\nHost: localhost\r\n", "X-Slow: 1\r\n", 250);
    expect(await waitUntil(() => open([headers, ...drippers]) === 0, REQUEST_TIMEOUT_MS + 30_000)).toBe(true);
    expect(headers.closedAt! - started).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    // Those that had sent their headers were not cut then, but at the request timeout.
    const firstClosed = Math.min(...drippers.map((d) => d.closedAt!));
    expect(firstClosed - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect((await getFrom(server, "/", "127.0.0.2")).status).toBe(200);
  });

  it("a connection that goes silent in the middle of its body is closed after the idle timeout", async () => {
    const started = Date.now();
    const socket = net.connect({ port: server.port, host: "127.0.0.1" });
    allSockets.push(socket);
    socket.on("error", () => undefined);
    socket.write("POST /api/v1/contact/news-letter HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{");
    const closedAt = await new Promise<number | undefined>((resolve) => {
      const giveUp = setTimeout(() => resolve(undefined), 30_000);
      socket.on("close", () => {
        clearTimeout(giveUp);
        resolve(Date.now());
      });
    });
    // Closed by the server (not left open), once it had been silent for IDLE_TIMEOUT_MS.
    expect(closedAt).toBeDefined();
    expect(closedAt! - started).toBeGreaterThanOrEqual(IDLE_TIMEOUT_MS - 100);
  });
});

describe("all clients together", () => {
  it("hold at most MAX_CONNECTIONS connections; more are closed as they arrive", async () => {
    // The header timeout (60 s) is far beyond the wait below: only the cap closes connections here, however busy
    // the machine is (with 5 s, a loaded run saw none closed by the cap within 3 s, and waiting longer would let
    // the header timeout close them all).
    const server = await startServer({ env: { MAX_CONNECTIONS: "20", MAX_CONNECTIONS_PER_CLIENT: "0", HEADERS_TIMEOUT_MS: "60000" } });
    const drippers = Array.from({ length: 60 }, (_, i) =>
      drip(server.port, "GET / HTTP/1.1\r\nHost: localhost\r\n", "X-Slow: 1\r\n", 250, i % 2 === 0 ? "127.0.0.1" : "127.0.0.3"),
    );
    await waitUntil(() => open(drippers) <= 20, 30_000);
    expect(open(drippers)).toBeLessThanOrEqual(20);
    expect(open(drippers)).toBeGreaterThanOrEqual(19);
    for (const socket of allSockets.splice(0)) socket.destroy();
    await server.stop();
  });
});
