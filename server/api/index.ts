import express, { type ErrorRequestHandler, type RequestHandler, type Response, type Router } from "express";
import helmet from "helmet";
import type { IncomingMessage, ServerResponse } from "http";
import path from "path";
import { rateLimit } from "express-rate-limit";
import type { Config } from "../config";
import { refuseEncodedMultipart } from "../site/content-encoding";
import { findApiSpec } from "./contract-files";
import { contractValidator } from "./contract-validator";
import { contractDocsRouter, SERVICE_LINK } from "./contract-docs";
import { refuseCrossSitePosts } from "./cross-site";
import { catalogueCheck, productSlugs } from "./catalogue";
import { ApiError, apiErrorHandler, apiNotFound, toApiError } from "./errors";
import { formDefinitions, withLatinDigits, type FormDefinition } from "./forms";
import { HEALTH_PATH, healthRouter, type Readiness } from "./health";
import {
  IDEMPOTENCY_KEY_LIFETIME_MS,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyGuard,
  idempotencyKeyRule,
  KeysInFlight,
  receivedFiles,
  requestFingerprint,
  requestKey,
} from "./idempotency";
import { buildNotification } from "../mail/notification";
import { readPatternMessages } from "./pattern-messages";
import { newRowKey } from "../store/keys";
import { IdempotencyKeyTaken, type IdempotencyClaim, type IdempotencyHolder, type SubmissionStore } from "../store";
import { clientKeyOf, rateLimitStore } from "./rate-limit";
import { acceptDocuments, acceptedDocuments, multipartBody, removeTempLeftovers, takeAcceptedFiles, UploadGate, type UploadOptions } from "./uploads";
import { FreeSpaceFloor, UploadQuota } from "./upload-limits";
import type { components } from "../../src/contract/schema";
import { PROOF_HEADER, SpamDefence } from "../spam";
import { Webhooks } from "../webhooks";
import { FILE_LINK_PATH } from "../webhooks/file-links";
import { fileLinkHandler } from "./file-links";
import type { InternalErrorLog } from "../http-log";
import { metrics } from "../metrics";

/** Where every call of the contract lives. */
export const API_BASE = "/api/v1/contact";

export const SUBMISSION_ACCEPTED_MESSAGE = "Thank you. Your submission has been received.";

/** Answer (503) when the store could not keep a submission: nothing was stored, and sending again is safe. */
export const STORE_UNAVAILABLE_MESSAGE = "Your submission could not be saved right now. Please try again in a moment.";
/** Seconds an integrator or the form waits before sending again after that answer. */
const STORE_RETRY_AFTER_SECONDS = 30;

export interface ApiOptions {
  config: Config;
  store: SubmissionStore;
  apiSpec?: string;
  /** Where internal errors and store failures are reported (with the request, for its id). */
  log: InternalErrorLog;
  /** Where events worth an operator's attention are told, with their fields: a quarantined submission. */
  info: (message: string, fields?: Record<string, unknown>) => void;
  /** What GET /api/health/ready answers from (the app's, so that shutdown can make it answer 503). */
  readiness?: Readiness;
}

/**
 * The statuses that count a submission `invalid` in forms_submissions_total:
 * refused for what it holds (validation, size, type). A rate-limited request
 * (429), an Idempotency-Key conflict (409, 422) or a busy server (503) is no
 * verdict on the submission.
 */
const INVALID_STATUSES = new Set([400, 413, 415]);

/**
 * Counts the forms' refused submissions, just before the API's error handler
 * answers: by the path a POST was sent to, so that a refusal by a step in
 * front of the forms' routes (a multipart body with a Content-Encoding: 415)
 * counts as well as one by a step of the route.
 */
function countInvalid(config: Config): ErrorRequestHandler {
  const formsByPath = new Map(Object.values(formDefinitions()).map((form) => [`${API_BASE}${form.path}`, form.key]));
  return (err: unknown, req, _res, next) => {
    const form = req.method === "POST" ? formsByPath.get(`${req.baseUrl}${req.path}`) : undefined;
    if (form !== undefined) {
      const status = toApiError(err, config.maxUploadBytes, config.jsonLimit, req.get("content-encoding"))?.status;
      if (status !== undefined && INVALID_STATUSES.has(status)) metrics.countSubmission(form, "invalid");
    }
    next(err);
  };
}

/** A JSON body's Arabic-Indic digits in number and digit fields as Latin digits (src/shared/forms/digits.ts), before the validator. */
function latinDigits(form: FormDefinition): RequestHandler {
  return (req, _res, next) => {
    req.body = withLatinDigits(form, req.body);
    next();
  };
}

/** The answer to a request whose Idempotency-Key a submission holds: its 201 again for the same request, else 422. */
function answerHeld(res: Response, holder: IdempotencyHolder, fingerprint: string): void {
  if (holder.fingerprint !== fingerprint) throw new ApiError(422, IDEMPOTENCY_KEY_REUSED_MESSAGE);
  const answer: components["schemas"]["SubmissionAccepted"] = { id: holder.id, message: SUBMISSION_ACCEPTED_MESSAGE };
  res.setHeader(IDEMPOTENT_REPLAYED_HEADER, "true");
  res.status(201).json(answer);
}

/**
 * Stores one valid submission with its files and queued notification, then
 * answers 201. With an Idempotency-Key held by an earlier submission (within
 * its lifetime), answers that one's 201 again, or 422 for another request.
 */
function submissionHandler(form: FormDefinition, { config, store, log, info }: ApiOptions, spam: SpamDefence, webhooks: Webhooks, quota?: UploadQuota): RequestHandler {
  const unavailable = (what: string, err: unknown, req: Parameters<RequestHandler>[0]) => {
    // The store (its disk or database) failed: logged with its detail, answered without it.
    metrics.countStoreError();
    log(what, err, req);
    return new ApiError(503, STORE_UNAVAILABLE_MESSAGE, undefined, { "Retry-After": String(STORE_RETRY_AFTER_SECONDS) });
  };
  return async (req, res) => {
    const receivedAt = new Date();
    const body: Record<string, unknown> = { ...(req.body as Record<string, unknown>) };
    for (const field of form.files) delete body[field];
    if (form.files.length > 0 && acceptedDocuments(res).length !== form.files.length) {
      throw new ApiError(400, "Please attach the required files.");
    }
    const key = requestKey(res);
    let idempotency: IdempotencyClaim | undefined;
    if (key) {
      const fingerprint = await requestFingerprint(key.scope, body, receivedFiles(req, form.files));
      const heldSince = new Date(Date.now() - IDEMPOTENCY_KEY_LIFETIME_MS);
      let holder: IdempotencyHolder | undefined;
      try {
        holder = await store.findByIdempotencyKey?.(key.scope, key.key, heldSince);
      } catch (err) {
        throw unavailable(`Store error: the Idempotency-Key of a ${form.key} request could not be looked up`, err, req);
      }
      // Nothing is taken: the request's clean-up removes its files.
      if (holder) return answerHeld(res, holder, fingerprint);
      idempotency = { ...key, fingerprint, heldSince };
    }
    let screening;
    try {
      screening = await spam.screen(req.get(PROOF_HEADER), body, receivedAt);
    } catch (err) {
      throw unavailable(`Store error: a ${form.key} request could not be screened`, err, req);
    }
    const payload = SpamDefence.withoutTrap(body);
    const submissionId = newRowKey();
    const files = takeAcceptedFiles(req, res);
    let holder: IdempotencyHolder | undefined;
    try {
      const notification = buildNotification({ form: form.key, body: payload, files, submissionId, receivedAt }, config);
      const mailType = String(body.mailType);
      try {
        // Its lead.created event for each endpoint, queued with the notification (held with it when quarantined).
        const lead = { id: submissionId, mailType, createdAt: receivedAt, payload, quarantined: false, attachments: files };
        const deliveries = await webhooks.deliveriesFor(lead, receivedAt);
        const saved = await store.saveSubmission({ id: submissionId, mailType, payload, files, notification, idempotency, screening, webhooks: deliveries });
        // The verdict and its reasons, never the content: the answer is the same either way.
        metrics.countSubmission(form.key, saved.quarantined ? "spam" : "lead");
        if (saved.quarantined) {
          info("Spam verdict: submission quarantined", { reqId: req.id, submissionId, form: form.key, reasons: saved.reasons });
        }
        // The files kept count toward the client's upload quota (before the answer: its next upload sees them).
        if (files.length > 0) await quota?.count(clientKeyOf(req), files.reduce((sum, file) => sum + file.size, 0));
      } catch (err) {
        // Stored by another request with the key meanwhile (another instance): nothing of this one was kept.
        if (err instanceof IdempotencyKeyTaken) holder = err.holder;
        else throw unavailable(`Store error: a ${form.key} submission could not be stored`, err, req);
      }
    } finally {
      if (files.length > 0) await removeTempLeftovers(files);
    }
    if (holder && idempotency) return answerHeld(res, holder, idempotency.fingerprint);
    const answer: components["schemas"]["SubmissionAccepted"] = { id: submissionId, message: SUBMISSION_ACCEPTED_MESSAGE };
    res.status(201).json(answer);
  };
}

/**
 * The calls of openapi.yaml, validated by it, under /api/v1/contact (`base`
 * within the /api router: the form routes sit in that router itself, not in
 * one nested under it).
 *
 * Each form's POST is one route holding every step of its request, in order:
 * rate limit, Idempotency-Key guard (409 before the body is read), body
 * (JSON, or the multipart reader), the contract's validator, the uploaded
 * files' check (a quotation request's: its products against the served
 * catalogue, 422), the submission's handler. One route per form rather than a
 * layer per step for every form: a submission walks its own steps instead of
 * matching the path of every other form's at each of them. Whatever no form
 * route answers (another method, another path) goes through the same rate
 * limit, JSON parser and validator (405, 404 and 400 answers as the contract
 * gives them).
 */
function addContactCalls(router: Router, base: string, options: ApiOptions, apiSpec: string, validator: RequestHandler[]): void {
  const { config } = options;

  const limit = rateLimit({
    windowMs: config.rateLimitWindowMs,
    limit: config.rateLimitMax,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    skip: (req) => req.method !== "POST",
    // Each client counted as the limiter's default counts it (IPv6 by /56), req.ip as TRUST_PROXY gives it.
    keyGenerator: clientKeyOf,
    handler: (_req, _res, next) => next(new ApiError(429, "Too many requests. Please try again later.")),
    // Several instances on PostgreSQL count each client in one place (on the database's clock), and
    // each on its own when the database does not answer; one process counts in memory.
    store: rateLimitStore(options.store.rateLimitStore?.("forms:")),
  });
  // A request whose Idempotency-Key another one still being handled holds is answered 409 before its body is read.
  const isValidKey = idempotencyKeyRule(apiSpec);
  const keysInFlight = new KeysInFlight();
  const json = express.json({ limit: config.jsonLimit });
  // Files arrive in DATA_DIR/tmp/ (same filesystem as uploads/), at most MAX_UPLOADS_IN_FLIGHT requests at once
  // (MAX_UPLOADS_PER_CLIENT of one client's), each at UPLOAD_MIN_BYTES_PER_SECOND at least, within each client's
  // quota of stored bytes, and only while the disk keeps UPLOAD_MIN_FREE_MB free.
  const tempDir = path.join(config.dataDir, "tmp");
  const uploads: UploadOptions = {
    maxUploadBytes: config.maxUploadBytes,
    tempDir,
    gate: new UploadGate(config.maxUploadsInFlight, undefined, config.maxUploadsPerClient),
    clientKey: clientKeyOf,
    minBytesPerSecond: config.uploadMinBytesPerSecond,
    rateWindowMs: config.uploadRateWindowMs,
    quota: new UploadQuota(options.store, config.uploadQuotaBytes, config.uploadQuotaWindowMs, options.log),
    freeSpace: new FreeSpaceFloor(tempDir, config.uploadMinFreeBytes, undefined, undefined, options.log),
  };
  const spam = new SpamDefence(config, options.store);
  const webhooks = new Webhooks(config, options.store);
  // A challenge for one submission (never cached; GET is not rate-limited: a challenge is worth nothing without the POST it proves).
  router.get(`${base}/challenge`, ...validator, (async (req, res) => {
    let challenge;
    try {
      challenge = await spam.challenge();
    } catch (err) {
      metrics.countStoreError();
      options.log("Store error: a challenge could not be made (the store did not give its secret)", err, req);
      throw new ApiError(503, "A challenge cannot be made right now. Please try again in a moment.", undefined, { "Retry-After": String(STORE_RETRY_AFTER_SECONDS) });
    }
    res.status(200).json(challenge);
  }) as RequestHandler);
  // A file of a webhook payload, by its signed link.
  router.get(`${FILE_LINK_PATH.slice("/api".length)}/:name`, ...validator, fileLinkHandler(options.store, webhooks));
  // The products a quotation request may name: the catalogue of the build this server serves (not the contract's).
  const products = productSlugs();
  for (const form of Object.values(formDefinitions())) {
    const steps: RequestHandler[] = [limit];
    if (isValidKey) steps.push(idempotencyGuard(`${API_BASE}${form.path}`, keysInFlight, isValidKey));
    // Arabic-Indic digits in number fields are read as Latin digits before validation (the multipart reader does it for its body).
    if (form.body === "multipart") steps.push(json, multipartBody(form, uploads), ...validator, acceptDocuments(form));
    else steps.push(json, latinDigits(form), ...validator);
    if (form.key === "quote_request") steps.push(catalogueCheck(form.key, products));
    router.post(`${base}${form.path}`, ...steps, submissionHandler(form, options, spam, webhooks, uploads.quota));
  }
  router.use(base, limit, json, validator);
}

/**
 * The headers helmet's defaults set on every answer, worked out once: helmet
 * decides them from its options alone, so running its middleware per request
 * (thirteen small steps) only repeats the same work.
 */
export function helmetHeaders(): [string, string][] {
  const headers: [string, string][] = [];
  const collector = {
    setHeader(name: string, value: unknown) {
      headers.push([name, String(value)]);
    },
    removeHeader() {},
    getHeader() {
      return undefined;
    },
  };
  let done = false;
  helmet()({} as IncomingMessage, collector as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done) throw new Error("helmet did not finish at once: its headers cannot be worked out in advance");
  return headers;
}

/**
 * Everything under /api: security headers, the contact calls, a JSON 404 for
 * any other path and the one error handler.
 */
export function apiRouter(options: ApiOptions): Router {
  const apiSpec = options.apiSpec ?? findApiSpec();
  const validator = contractValidator(apiSpec, options.config.validateResponses);
  const router = express.Router();
  const headers: [string, string][] = [
    ...helmetHeaders(),
    ["Cache-Control", "no-store"],
    // Every answer says where its contract and reference are (RFC 8631).
    ["Link", SERVICE_LINK],
  ];
  router.use((_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  });
  router.use(refuseCrossSitePosts);
  router.use(refuseEncodedMultipart);
  // The forms first: the paths below are disjoint, and submissions are the calls under load.
  addContactCalls(router, API_BASE.slice("/api".length), options, apiSpec, validator);
  router.use(HEALTH_PATH.slice("/api".length), healthRouter({ ...options, validator }));
  router.use("/v1", contractDocsRouter({ apiSpec, validator }));
  router.use(apiNotFound);
  router.use(countInvalid(options.config));
  router.use(
    apiErrorHandler({
      maxUploadBytes: options.config.maxUploadBytes,
      jsonLimit: options.config.jsonLimit,
      patterns: readPatternMessages(apiSpec),
      log: options.log,
    }),
  );
  return router;
}
