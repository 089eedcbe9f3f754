import type { RequestHandler } from "express";
import fs from "fs";
import type { SubmissionStore } from "../store";
import { checkFileLink, type Webhooks } from "../webhooks";
import { ApiError } from "./errors";

/** Answer when a file link's signature is not the server's. */
export const FILE_LINK_FORGED_MESSAGE = "This link is not valid.";
/** Answer when a file link has expired (FILE_LINK_DAYS after the event). */
export const FILE_LINK_EXPIRED_MESSAGE = "This link has expired.";
/** Answer when no submission keeps the file any more (deleted by retention or on request). */
export const FILE_LINK_GONE_MESSAGE = "This file is no longer kept.";

/** `attachment; filename="..."; filename*=UTF-8''...`: the visitor's name, ASCII fallback and the exact one (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * GET /api/v1/contact/files/{name}?expires=&signature=: a stored file of a
 * webhook payload, to whoever holds the signed link, until it expires; always
 * as a download (Content-Disposition: attachment), never shown inline.
 */
export function fileLinkHandler(store: SubmissionStore, webhooks: Webhooks): RequestHandler {
  return async (req, res) => {
    const name = String(req.params.name);
    const expires = Number(req.query.expires);
    const signature = String(req.query.signature);
    let secret: string;
    try {
      secret = await webhooks.fileLinkSecret();
    } catch {
      throw new ApiError(503, "The file cannot be served right now. Please try again in a moment.", undefined, { "Retry-After": "30" });
    }
    const verdict = checkFileLink(secret, name, expires, signature);
    if (verdict === "forged") throw new ApiError(403, FILE_LINK_FORGED_MESSAGE);
    if (verdict === "expired") throw new ApiError(410, FILE_LINK_EXPIRED_MESSAGE);
    const file = await store.readAttachment(name);
    const content = file?.content ?? (file?.path ? await fs.promises.readFile(file.path).catch(() => undefined) : undefined);
    if (!file || !content) throw new ApiError(410, FILE_LINK_GONE_MESSAGE);
    res.setHeader("Content-Type", file.contentType);
    res.setHeader("Content-Disposition", attachmentDisposition(file.originalName));
    res.setHeader("Content-Length", String(content.length));
    res.status(200).end(content);
  };
}
