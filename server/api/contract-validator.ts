import type { RequestHandler } from "express";
import * as OpenApiValidator from "express-openapi-validator";

/**
 * The app's one validator of openapi.yaml (the contract loaded and compiled
 * once), placed in front of every route of the contract: the form calls, the
 * challenge, file links, health and the published contract. Each request is
 * checked with every broken rule listed (the contract's `Error` lists one per
 * rule) and formats checked in full; answers are checked too when
 * `validateResponses` is set. No file uploader: the form routes read
 * multipart bodies themselves (uploads.ts) before this runs.
 */
export function contractValidator(apiSpec: string, validateResponses: boolean): RequestHandler[] {
  return OpenApiValidator.middleware({
    apiSpec,
    validateRequests: { allErrors: true },
    validateResponses,
    validateFormats: true,
    ajvFormats: { mode: "full" },
    fileUploader: false,
  });
}
