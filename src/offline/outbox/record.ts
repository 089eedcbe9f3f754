/**
 * The record of a form send kept on the device (policy.ts, OutboxItem): the
 * body encoded exactly as the API client sends it (JSON, or multipart with
 * its files and the boundary in its Content-Type), the key of its first try,
 * and a readable copy of what the visitor typed.
 */
import { toFormData } from "../../../packages/forms-api-client/src/form-data";
import { formOf, readableCopy, type OutboxItem } from "./policy";

/** A form send that got no answer. */
export interface KeptSend {
  /** Its Idempotency-Key (the one of its first try). */
  key: string;
  path: string;
  /** The operation's content type: application/json or multipart/form-data. */
  contentType: string;
  /** The body as the form sent it (files as File). */
  body: Record<string, unknown>;
  /** The form's field labels. */
  labels?: readonly { name: string; label: string }[];
  /** Fields that are no part of what the visitor typed (the spam trap). */
  skip?: readonly string[];
}

/** The request body's bytes and Content-Type, as the API client makes them (openapi-fetch: JSON.stringify; multipart: toFormData). */
export async function encodeBody(contentType: string, body: Record<string, unknown>): Promise<{ bytes: ArrayBuffer; contentType: string }> {
  const multipart = contentType === "multipart/form-data";
  const request = new Request("http://localhost/", {
    method: "POST",
    body: multipart ? toFormData(body) : JSON.stringify(body),
    headers: multipart ? undefined : { "Content-Type": "application/json" },
  });
  return { bytes: await request.arrayBuffer(), contentType: request.headers.get("Content-Type") ?? contentType };
}

/** The outbox record of a send (due at once: the network may be back already). */
export async function keptItem(send: KeptSend, now: number): Promise<OutboxItem> {
  const { bytes, contentType } = await encodeBody(send.contentType, send.body);
  const labels = Object.fromEntries((send.labels ?? []).map(({ name, label }) => [name, label]));
  return {
    id: send.key,
    form: formOf(send.path),
    path: send.path,
    contentType,
    body: bytes,
    text: readableCopy(send.body, labels, send.skip),
    created: now,
    attempts: 0,
    notBefore: now,
    state: "waiting",
    last: "network",
  };
}
