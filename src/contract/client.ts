/**
 * The typed client of the forms API (openapi.yaml): every path, body and
 * answer type comes from the generated `schema.d.ts` (npm run api:types).
 *
 *   const { data, error } = await api.POST("/api/v1/contact/contact_us", { body });
 *   const { data, error } = await postMultipart("/api/v1/contact/careers", { ...fields, resume, coverLetter });
 *   if (error) alert(errorMessage(error));
 */
import createClient from "openapi-fetch";
import { toFormData } from "../../packages/forms-api-client/src/form-data";
import { browserProofOfWork, proofMiddleware } from "../forms/spam/proof-of-work";
import type { components, paths } from "./schema";

export type { components, paths } from "./schema";
export type ApiSchemas = components["schemas"];
/** The one shape of every failure the API answers. */
export type ApiError = ApiSchemas["Error"];
/** What the API answers (201) to an accepted submission. */
export type SubmissionAccepted = ApiSchemas["SubmissionAccepted"];

/** Shown when a failure carries no message from the server. */
export const DEFAULT_ERROR_MESSAGE = "An error occurred. Please try again later.";

/** A client for the API on `baseUrl` ("" = the site's own host). */
export function createApiClient(baseUrl = "") {
  return createClient<paths>({ baseUrl });
}

/** The client the site uses: the API is on the site's own host. */
export const api = createApiClient();

/**
 * The site's proof of work (src/forms/spam/): each form POST carries a solved
 * challenge in its `Altcha` header, fetched and solved in a Web Worker once
 * the visitor starts on a form, or goes without one rather than wait.
 */
const proof = browserProofOfWork(async (signal) => {
  const { data, error } = await api.GET("/api/v1/contact/challenge", { signal, cache: "no-store" });
  if (error !== undefined || data === undefined) throw new Error("No challenge");
  return data;
});
api.use(proofMiddleware(proof));

/** Starts fetching and solving the next send's challenge, if none is ready (a form's focus). */
export function prepareProof(): void {
  proof.prepare();
}

type PostBodies<P extends keyof paths> = paths[P]["post"] extends { requestBody: { content: infer C } } ? C : never;

/** The paths whose body is multipart/form-data. */
export type MultipartPath = {
  [P in keyof paths]: PostBodies<P> extends { "multipart/form-data": unknown } ? P : never;
}[keyof paths];

/** The fields of a multipart call, files as Blob/File. */
export type MultipartBody<P extends MultipartPath> = PostBodies<P> extends { "multipart/form-data": infer B } ? B : never;

/**
 * A body as multipart form data (files as file parts, lists and objects JSON-encoded,
 * numbers as text, empty fields left out): the same encoding the integrators'
 * client package uses. The browser sets Content-Type with its boundary.
 */
export { toFormData };

/** What a submission call resolves to (as openapi-fetch gives it): the 201 answer or the error. */
export type PostResult =
  | { data: SubmissionAccepted; error?: never; response: Response }
  | { data?: never; error: ApiError; response: Response };

/** Posts a multipart body (files included) to one of the multipart calls, with `headers` (its Idempotency-Key). */
export function postMultipart<P extends MultipartPath>(path: P, body: MultipartBody<P>, client = api, headers?: Record<string, string>): Promise<PostResult> {
  // openapi-fetch cannot narrow a generic path; the body type was checked by MultipartBody<P> above.
  const post = client.POST as unknown as (
    path: string,
    init: { body: unknown; bodySerializer: (body: unknown) => FormData; headers?: Record<string, string> },
  ) => Promise<PostResult>;
  return post(path, { body, bodySerializer: (value) => toFormData(value as object), headers });
}

function hasMessage(value: unknown): value is { message: string } {
  return typeof value === "object" && value !== null && typeof (value as { message?: unknown }).message === "string";
}

/**
 * The message to show for any failure: the server's `message` when the failure
 * carries one (an `error` from the client, or a whole `{ error }` result),
 * else `fallback`. A network error or a page from a proxy is never shown as such.
 */
export function errorMessage(failure: unknown, fallback: string = DEFAULT_ERROR_MESSAGE): string {
  const error = typeof failure === "object" && failure !== null && "error" in failure && !(failure instanceof Error) ? (failure as { error: unknown }).error : failure;
  if (hasMessage(error) && !(error instanceof Error) && error.message.trim() !== "") return error.message;
  return fallback;
}
