/**
 * HTTP only: one request as bytes on the wire (node:http, so an early answer
 * to a body still being sent is read, not lost), multipart bodies encoded
 * here (text values sent as they are, files as real documents), and waits on
 * 429 as Retry-After or the RateLimit header says.
 */
import http from "http";
import https from "https";
import { randomBytes } from "crypto";

/**
 * A multipart/form-data body. `parts` is a list of
 * { name, value } (text) or { name, file: { name, contentType, content } }.
 */
export function encodeMultipart(parts) {
  const boundary = `----conformance${randomBytes(12).toString("hex")}`;
  const quote = (text) => text.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const chunks = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quote(part.name)}"`;
    if (part.file) head += `; filename="${quote(part.file.name)}"\r\nContent-Type: ${part.file.contentType}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`, "utf8"), part.file ? part.file.content : Buffer.from(part.value, "utf8"), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}

/**
 * One exchange: { status, headers (lower-case names), text }; rejects when no
 * answer came. A kept-alive connection that the server closed as idle just as
 * the request went out fails at once with ECONNRESET before the server read
 * anything: that request is sent again once on a new connection, as Node's
 * documentation advises (`request.reusedSocket`).
 */
export async function exchange(baseUrl, request, timeoutMs) {
  try {
    return await exchangeOnce(baseUrl, request, timeoutMs);
  } catch (err) {
    if (err?.reusedSocket && err.code === "ECONNRESET") return exchangeOnce(baseUrl, request, timeoutMs, { agent: false });
    throw err;
  }
}

function exchangeOnce(baseUrl, { method, path, headers = {}, body }, timeoutMs, extra = {}) {
  const url = new URL(path, baseUrl);
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, "utf8");
    const request = transport.request(
      url,
      {
        method: method.toUpperCase(),
        headers: { accept: "application/json, */*", ...headers, ...(payload ? { "content-length": String(payload.length) } : {}) },
        timeout: timeoutMs,
        ...extra,
      },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    // A server may answer (413) and close before it read the whole body: the answer wins over the write error.
    request.on("error", (err) => {
      err.reusedSocket = request.reusedSocket;
      setTimeout(() => reject(err), 200);
    });
    if (payload) request.end(payload);
    else request.end();
  });
}

/** Seconds to wait after a 429: Retry-After (seconds or a date), else the RateLimit header's t=, else 1. */
export function retryDelaySeconds(headers) {
  const retryAfter = headers["retry-after"];
  if (retryAfter !== undefined) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, (date - Date.now()) / 1000);
  }
  const reset = /(?:^|[;,\s])t=(\d+)/.exec(headers.ratelimit ?? "") ?? /(\d+)/.exec(headers["ratelimit-reset"] ?? "");
  if (reset) return Number(reset[1]);
  return 1;
}

export class RateLimitExceeded extends Error {}

/**
 * A sender that retries after 429 (each 429 answer is handed to onRateLimited
 * for checking and counted) until the total wait would pass maxWaitSeconds.
 */
export function makeSender({ baseUrl, timeoutMs, maxWaitSeconds, onRateLimited }) {
  const stats = { requests: 0, rateLimited: 0, waitedSeconds: 0 };
  const send = async (request) => {
    for (;;) {
      stats.requests += 1;
      const answer = await exchange(baseUrl, request, timeoutMs);
      if (answer.status !== 429) return answer;
      stats.rateLimited += 1;
      onRateLimited?.(request, answer);
      const wait = retryDelaySeconds(answer.headers);
      if (stats.waitedSeconds + wait > maxWaitSeconds) {
        throw new RateLimitExceeded(
          `rate limited (429) by the server: waiting ${wait} s more would pass the limit of ${maxWaitSeconds} s of waits (--max-wait); ` +
            "raise the server's rate limit for the test or --max-wait",
        );
      }
      stats.waitedSeconds += wait;
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  };
  return { send, stats };
}
