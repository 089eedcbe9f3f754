/**
 * A real webhook receiver on loopback: an HTTP server that verifies each
 * delivery with the standardwebhooks package (as a company's receiver would)
 * and answers as the test says (a status per delivery, Retry-After).
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
}

export interface WebhookReceiver {
  url: string;
  secret: string;
  received: ReceivedWebhook[];
  /** The answer to the next delivery: a status (default 204), a Retry-After to send, and how long to hold the answer. */
  answer: (delivery: number) => { status: number; retryAfter?: string; delayMs?: number };
  close(): Promise<void>;
}

/** A new `whsec_` secret (32 random bytes). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export async function startWebhookReceiver(secret: string = newWebhookSecret()): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const receiver: Partial<WebhookReceiver> = { secret, received, answer: () => ({ status: 204 }) };
  const verifier = new Webhook(secret);
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
        verified = verifier.verify(body, headers);
      } catch (err) {
        verifyError = err instanceof Error ? err.message : String(err);
      }
      const { status, retryAfter, delayMs } = receiver.answer!(received.length);
      const respond = () => {
        received.push({ id: headers["webhook-id"], timestamp: headers["webhook-timestamp"], signature: headers["webhook-signature"], body, verified, verifyError, answered: status });
        if (retryAfter !== undefined) res.setHeader("Retry-After", retryAfter);
        res.statusCode = status;
        res.end();
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
