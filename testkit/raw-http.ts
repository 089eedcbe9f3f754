import http from "http";
import net from "net";
import type { AddressInfo } from "net";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Listens on a free loopback port; resolves with the port and a way to close it (connections included). */
export async function listen(handler: http.RequestListener): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Sends `request` exactly as written (no client normalises the target) and
 * reads the answer until the server closes the connection (send
 * `Connection: close`).
 */
export function rawRequest(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      const head = end === -1 ? text : text.slice(0, end);
      const [statusLine, ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: end === -1 ? "" : text.slice(end + 4) });
    });
    // Written without closing our side: Node drops a request whose client half-closed before the answer.
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer within 10 s")));
    socket.write(request);
  });
}

/** `GET <target>` exactly as written, one request on its own connection. */
export function rawGet(port: number, target: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const lines = [`GET ${target} HTTP/1.1`, "Host: localhost", "Accept: text/html", "Connection: close", ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return rawRequest(port, `${lines.join("\r\n")}\r\n\r\n`);
}
