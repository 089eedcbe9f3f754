/**
 * SIGTERM with slow clients connected: the real server process stops taking
 * connections, closes idle keep-alive connections at once, lets a request in
 * progress run until SHUTDOWN_TIMEOUT_MS, then closes what is left, stops the
 * outbox, closes the store and exits 0 — instead of waiting for the slowest
 * client for ever.
 */
import http from "http";
import net from "net";
import { cleanup, startServer } from "../../testkit/faults";

afterAll(() => cleanup());

const SHUTDOWN_TIMEOUT_MS = 2_000;
/** How long the test waits for the process to exit: far less than the slow request's 10 minutes. */
const EXIT_DEADLINE_MS = 60_000;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Resolves with the time the socket closed, or undefined if it is still open after `withinMs`. */
function closedWithin(socket: net.Socket, withinMs: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    if (socket.destroyed) {
      resolve(Date.now());
      return;
    }
    const giveUp = setTimeout(() => resolve(undefined), withinMs);
    socket.once("close", () => {
      clearTimeout(giveUp);
      resolve(Date.now());
    });
  });
}

it("exits 0 at SHUTDOWN_TIMEOUT_MS with a slow client and an idle keep-alive connection", async () => {
  const server = await startServer({ env: { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), REQUEST_TIMEOUT_MS: "600000", IDLE_TIMEOUT_MS: "600000" } });

  // A keep-alive connection that has had its answer and waits for the next request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const idleSocket = await new Promise<net.Socket>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: server.port, path: "/", agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(req.socket as net.Socket));
    });
    req.on("error", reject);
  });

  // A client in the middle of a request, sending its body a byte a second. The server's
  // "100 Continue" says it has read the request's headers: the request is in progress.
  const slow = net.connect({ port: server.port, host: "127.0.0.1" });
  slow.on("error", () => undefined);
  const continued = new Promise<void>((resolve) => slow.on("data", (chunk: Buffer) => chunk.toString("latin1").includes(" 100 ") && resolve()));
  slow.write("POST /api/v1/contact/news-letter HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\nExpect: 100-continue\r\n\r\n{");
  const dripping = setInterval(() => {
    if (!slow.destroyed) slow.write(" ");
  }, 1_000);
  await continued;

  const signalled = Date.now();
  const exited = server.kill("SIGTERM") as unknown as Promise<Exit>;
  let slowOpenWhenIdleClosed: boolean | undefined;
  idleSocket.once("close", () => (slowOpenWhenIdleClosed = !slow.destroyed));
  const idleClosed = closedWithin(idleSocket, EXIT_DEADLINE_MS);
  const slowClosed = closedWithin(slow, EXIT_DEADLINE_MS);
  let giveUp: number | NodeJS.Timeout | undefined;
  const exit = await Promise.race([exited, new Promise<undefined>((resolve) => (giveUp = setTimeout(resolve, EXIT_DEADLINE_MS)))]);
  clearTimeout(giveUp);
  clearInterval(dripping);
  agent.destroy();

  // The idle connection is closed at once (while the slow one still runs), the slow one at
  // SHUTDOWN_TIMEOUT_MS, not before, and the process is gone without waiting for the slow
  // request's own 10-minute timeout.
  expect(await idleClosed).toBeDefined();
  expect(slowOpenWhenIdleClosed).toBe(true);
  const slowAt = await slowClosed;
  expect(slowAt).toBeDefined();
  expect(slowAt! - signalled).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_MS - 200);
  expect(exit).toEqual({ code: 0, signal: null });
  slow.destroy();
});

it("exits 0 at once when nothing is in progress", async () => {
  const server = await startServer({ env: { SHUTDOWN_TIMEOUT_MS: "30000" } });
  const signalled = Date.now();
  const exit = (await server.kill("SIGTERM")) as unknown as Exit;
  expect(exit).toEqual({ code: 0, signal: null });
  // Before SHUTDOWN_TIMEOUT_MS could have passed: it did not wait for it.
  expect(Date.now() - signalled).toBeLessThan(30_000);
});
