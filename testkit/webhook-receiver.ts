/**
 * A real webhook receiver on loopback: an HTTP server that verifies each
 * delivery with the standardwebhooks package (as a company's receiver would)
 * and answers as the test says (a status per delivery, Retry-After, a body
 * of any size).
 */
import { randomBytes } from "crypto";
import http from "http";
import type { AddressInfo } from "net";
import { Webhook } from "standardwebhooks";

export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** What standardwebhooks' verify gave (the parsed payload), or its error's message. */
  verified: unknown;
  verifyError?: string;
  /** The status this receiver answered. */
  answered: number;
  /**
   * For an answer with a body, once the answer is over: the bytes written,
   * and whether all were (false: the sender closed the connection first).
   */
  bodyEnd?: { written: number; complete: boolean };
}

/** What the receiver answers to one delivery. */
export interface WebhookAnswer {
  /** The status (default 204). */
  status: number;
  /** A Retry-After header to send. */
  retryAfter?: string;
  /** How long to hold the answer. */
  delayMs?: number;
  /** The size of a body to stream after the headers (Infinity: one that never ends). */
  bodyBytes?: number;
}

export interface WebhookReceiver {
  url: string;
  /** The one secret each delivery is verified with, read at each delivery: a test may switch it (a receiver moving to a rotated secret). */
  secret: string;
  received: ReceivedWebhook[];
  /** The answer to the next delivery (`delivery`: how many came before). */
  answer: (delivery: number) => WebhookAnswer;
  close(): Promise<void>;
}

/** Writes `bytes` bytes as the peer takes them, and records in `delivery` how much went before the answer ended. */
function streamBody(res: http.ServerResponse, bytes: number, delivery: ReceivedWebhook): void {
  const chunk = Buffer.alloc(64 * 1024, "x");
  let written = 0;
  res.on("close", () => {
    delivery.bodyEnd = { written, complete: res.writableFinished };
  });
  const pump = () => {
    while (written < bytes && !res.destroyed) {
      const part = chunk.subarray(0, Math.min(chunk.length, bytes - written));
      written += part.length;
      if (!res.write(part)) {
        res.once("drain", pump);
        return;
      }
    }
    if (written >= bytes) res.end();
  };
  pump();
}

/** A new `whsec_` secret (32 random bytes). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export async function startWebhookReceiver(secret: string = newWebhookSecret()): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const receiver: Partial<WebhookReceiver> = { secret, received, answer: () => ({ status: 204 }) };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = {
        "webhook-id": String(req.headers["webhook-id"] ?? ""),
        "webhook-timestamp": String(req.headers["webhook-timestamp"] ?? ""),
        "webhook-signature": String(req.headers["webhook-signature"] ?? ""),
      };
      let verified: unknown;
      let verifyError: string | undefined;
      try {
        verified = new Webhook(receiver.secret!).verify(body, headers);
      } catch (err) {
        verifyError = err instanceof Error ? err.message : String(err);
      }
      const { status, retryAfter, delayMs, bodyBytes } = receiver.answer!(received.length);
      const respond = () => {
        const delivery: ReceivedWebhook = { id: headers["webhook-id"], timestamp: headers["webhook-timestamp"], signature: headers["webhook-signature"], body, verified, verifyError, answered: status };
        received.push(delivery);
        if (retryAfter !== undefined) res.setHeader("Retry-After", retryAfter);
        res.statusCode = status;
        if (bodyBytes) streamBody(res, bodyBytes, delivery);
        else res.end();
      };
      if (delayMs) setTimeout(respond, delayMs);
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver as WebhookReceiver;
}
