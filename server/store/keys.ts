import { randomUUIDv7 } from "crypto";

/**
 * A new row key (submissions, attachments, outbox messages): a UUID version 7
 * (RFC 9562), whose first 48 bits are the time in milliseconds and the rest
 * random. Keys made one after the other sort one after the other, so each new
 * row lands at the end of every index on its key instead of on a random page
 * of it: a group of submissions rewrites a few pages of each index, not a
 * page of each index per submission (random version 4 keys did, once the
 * tables held more than a few pages of rows). The time in the key is the time
 * the visitor sent the form, which the answer's recipient knows anyway.
 */
export function newRowKey(): string {
  return randomUUIDv7();
}
