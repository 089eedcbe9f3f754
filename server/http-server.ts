import http from "http";
import net, { type Socket } from "net";
import type { RequestListener } from "http";
import type { Config } from "./config";

export type ConnectionLimits = Pick<
  Config,
  "maxConnections" | "maxConnectionsPerClient" | "headersTimeoutMs" | "requestTimeoutMs" | "idleTimeoutMs" | "keepAliveTimeoutMs"
>;

/** How often Node checks the header and request deadlines: often enough for the shortest of them. */
function checkingIntervalMs(limits: ConnectionLimits): number {
  return Math.max(50, Math.min(1_000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)));
}

/**
 * The client a connection counts for: its IPv4 address, or the /64 network
 * of an IPv6 address (one subscriber usually has a whole /64, so counting
 * single IPv6 addresses would let one client open connections from many).
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!net.isIPv6(address)) return address;
  const [head, tail = ""] = address.toLowerCase().split("%")[0].split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = address.includes("::") ? (tail === "" ? [] : tail.split(":")) : [];
  const groups = address.includes("::")
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * The HTTP server of the site and the API, bounded against clients that hold
 * connections open (slowloris): at most `maxConnections` connections in all
 * and `maxConnectionsPerClient` per client (remote IPv4 address or IPv6 /64;
 * more are closed at once),
 * headers within `headersTimeoutMs`, the whole request within
 * `requestTimeoutMs`, no connection silent for longer than `idleTimeoutMs`,
 * idle keep-alive connections closed after `keepAliveTimeoutMs`.
 */
export function createHttpServer(handler: RequestListener, limits: ConnectionLimits): http.Server {
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: checkingIntervalMs(limits),
    },
    handler,
  );
  server.maxConnections = limits.maxConnections;
  // A connection that stalls (no byte either way) is closed; a request still
  // being handled keeps its connection busy only while data moves.
  server.setTimeout(limits.idleTimeoutMs, (socket: Socket) => socket.destroy());

  const perClient = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    if (limits.maxConnectionsPerClient <= 0 || socket.remoteAddress === undefined) return;
    const address = clientKey(socket.remoteAddress);
    const held = perClient.get(address) ?? 0;
    if (held >= limits.maxConnectionsPerClient) {
      socket.destroy();
      return;
    }
    perClient.set(address, held + 1);
    socket.once("close", () => {
      const left = (perClient.get(address) ?? 1) - 1;
      if (left <= 0) perClient.delete(address);
      else perClient.set(address, left);
    });
  });
  return server;
}

/**
 * Stops taking connections, closes idle keep-alive connections at once, lets
 * requests in progress finish for at most `timeoutMs`, then closes every
 * connection left. Resolves once the server is closed.
 */
export function closeHttpServer(server: http.Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
    deadline.unref();
    server.close(() => {
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}
