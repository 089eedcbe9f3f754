/**
 * The typed client of the website forms API: every path, body, parameter and
 * answer type comes from the contract (openapi.yaml), generated into
 * `schema.d.ts` when the package is built; the calls are made by openapi-fetch.
 *
 *   const client = createFormsClient({ baseUrl: "https://www.example.com" });
 *   const { data, error } = await client.POST("/api/v1/contact/contact_us", { body });
 *   const { data, error } = await postMultipart(client, "/api/v1/contact/careers", { body: { ...fields, resume, coverLetter } });
 *
 * Every POST carries a solved proof of work (the `Altcha` header, proof.ts),
 * unless the client is made with `proofOfWork: false`.
 */
import createClient from "openapi-fetch";
import type { Client, ClientOptions, FetchOptions, FetchResponse } from "openapi-fetch";
import type { components, paths } from "./schema.js";
import { toFormData } from "./form-data.js";
import { proofOfWorkMiddleware } from "./proof.js";
export { verifyWebhook, WebhookVerificationError, type LeadCreatedEvent, type WebhookAttachment, type WebhookEvent, type WebhookHeaders } from "./webhooks.js";

export { toFormData } from "./form-data.js";
export {
  CHALLENGE_PATH,
  fetchProof,
  PROOF_HEADER,
  ProofOfWorkError,
  proofOfWorkMiddleware,
  solveChallenge,
  waitUntil,
  type FetchProofOptions,
  type Proof,
  type ProofOfWorkMiddlewareOptions,
  type SolveOptions,
  type SubmissionChallenge,
} from "./proof.js";

export type { components, operations, paths } from "./schema.js";
/** Every schema of the contract by name. */
export type Schemas = components["schemas"];
/** The one shape of every failure the API answers (`message`, and `errors` for validation failures). */
export type ApiError = Schemas["Error"];
/** One broken rule of a validation failure (`path` like `/body/email`). */
export type FieldError = Schemas["FieldError"];
/** What the API answers (201) to an accepted submission. */
export type SubmissionAccepted = Schemas["SubmissionAccepted"];

/** The options of openapi-fetch's client, with the API's origin required. */
export interface FormsClientOptions extends Omit<ClientOptions, "baseUrl"> {
  /** Where the API is: the site's origin, e.g. "https://www.example.com" (the paths start with /api). */
  baseUrl: string;
  /**
   * Give every POST a solved proof of work (the `Altcha` header): a fresh
   * challenge from the same baseUrl, solved, and the request held until the
   * challenge's `sendAfter`. True by default; false sends submissions without
   * it (they are then held back from the inbox by a server that checks them).
   * A server without the challenge call (older than contract 1.3.0, 404) gets
   * its submissions without the header either way.
   */
  proofOfWork?: boolean;
}

/** An openapi-fetch client typed with the contract's paths. */
export type FormsClient = Client<paths>;

/**
 * A client of the API at `baseUrl`. `fetch` (a fetch of your own, e.g. with a
 * proxy or a timeout), `headers` (sent with every call) and every other
 * openapi-fetch option are passed on as they are. Unless `proofOfWork` is
 * false, every POST gets its proof of work first (proofOfWorkMiddleware).
 */
export function createFormsClient(options: FormsClientOptions): FormsClient {
  if (typeof options?.baseUrl !== "string" || options.baseUrl.trim() === "") {
    throw new TypeError('createFormsClient: baseUrl is required (the site\'s origin, e.g. "https://www.example.com")');
  }
  const { proofOfWork = true, ...rest } = options;
  const client = createClient<paths>({ ...rest, baseUrl: options.baseUrl.replace(/\/+$/, "") });
  if (proofOfWork !== false) client.use(proofOfWorkMiddleware({ requestInitExt: rest.requestInitExt }));
  return client;
}

type PostOperation<P extends keyof paths> = NonNullable<paths[P]["post"]>;
type MultipartBodyOf<O> = O extends { requestBody?: { content: { "multipart/form-data": infer B } } } ? B : never;

/** The paths whose POST body is multipart/form-data (calls with files). */
export type MultipartPath = {
  [P in keyof paths]: [MultipartBodyOf<PostOperation<P>>] extends [never] ? never : P;
}[keyof paths];

/** The fields of a multipart call as the contract types them: files as Blob (or File), lists as arrays, numbers as numbers. */
export type MultipartBody<P extends MultipartPath> = MultipartBodyOf<PostOperation<P>>;

/** What `postMultipart` takes: openapi-fetch's options of the call (`body`, `params` such as the Idempotency-Key header, `signal`...). */
export type MultipartInit<P extends MultipartPath> = Omit<FetchOptions<PostOperation<P>>, "bodySerializer">;

/** What `postMultipart` resolves to: `{ data }` (the success answer) or `{ error }` (the contract's error body), with the `response`. */
export type MultipartResult<P extends MultipartPath> = FetchResponse<PostOperation<P>, MultipartInit<P>, `${string}/${string}`>;

/**
 * POSTs a multipart call with typed fields: the same as
 * `client.POST(path, { ...init, bodySerializer: toFormData })`.
 */
export function postMultipart<P extends MultipartPath>(client: FormsClient, path: P, init: MultipartInit<P>): Promise<MultipartResult<P>> {
  // openapi-fetch cannot narrow a generic path; MultipartInit<P> above typed the options of this path.
  const post = client.POST as unknown as (path: string, init: object) => Promise<MultipartResult<P>>;
  return post(path, { ...init, bodySerializer: (value: object) => toFormData(value) });
}

/**
 * A fresh value for the optional Idempotency-Key header: send the same key
 * again when you retry the same submission (after a timeout or a 503), and a
 * new key for a new submission.
 */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
