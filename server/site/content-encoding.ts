import type { RequestHandler } from "express";
import { ApiError, echoed } from "../api/errors";

/**
 * Refuses, with 415, a multipart body sent with a Content-Encoding other than
 * identity. JSON bodies are decompressed (gzip, deflate, br) by the JSON
 * parser, but the multipart reader would ignore the header and read the bytes
 * as they come: a compressed form would be read as garbage, and a form
 * claiming an encoding it does not have would be taken as if it did.
 * Browsers never compress what they send.
 */
export const refuseEncodedMultipart: RequestHandler = (req, _res, next) => {
  const encoding = req.get("content-encoding")?.trim().toLowerCase();
  if (encoding && encoding !== "identity" && req.is("multipart/form-data")) {
    next(new ApiError(415, `The Content-Encoding "${echoed(encoding)}" is not supported for multipart/form-data: send the form uncompressed.`));
    return;
  }
  next();
};
