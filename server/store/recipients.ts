import { randomUUID } from "crypto";

/** The addresses of a list (`a@x, b@x`), each once: one outbox row per recipient. */
export function recipientsOf(list: string): string[] {
  return [...new Set(list.split(",").map((address) => address.trim()).filter(Boolean))];
}

/** `<uuid@domain>`, the domain of the sender's address (outbox.local without one): fixed when a notification is queued. */
export function newMessageId(from: string): string {
  const domain = /@([^\s@<>]+)>?\s*$/.exec(from)?.[1] ?? "outbox.local";
  return `<${randomUUID()}@${domain}>`;
}
