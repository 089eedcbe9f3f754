import { createHmac, timingSafeEqual } from "crypto";

/** Where a stored file is served by a signed link (the contract's downloadAttachment call). */
export const FILE_LINK_PATH = "/api/v1/contact/files";

function signature(secret: string, storedName: string, expires: number): string {
  return createHmac("sha256", secret).update(`${storedName}.${expires}`).digest("hex");
}

/** A link to one stored file that works until `expiresAt` (whole seconds), for whoever holds it. */
export function signFileLink(siteUrl: string, secret: string, storedName: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const query = new URLSearchParams({ expires: String(expires), signature: signature(secret, storedName, expires) });
  return `${siteUrl.replace(/\/+$/, "")}${FILE_LINK_PATH}/${encodeURIComponent(storedName)}?${query.toString()}`;
}

/** Whether a link's signature is the server's (compared in constant time), and whether it has expired at `now`. */
export function checkFileLink(secret: string, storedName: string, expires: number, given: string, now: Date = new Date()): "valid" | "expired" | "forged" {
  const expected = Buffer.from(signature(secret, storedName, expires), "hex");
  const actual = Buffer.from(given, "hex");
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return "forged";
  return expires * 1000 < now.getTime() ? "expired" : "valid";
}
