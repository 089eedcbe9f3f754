/**
 * A refused submission in the words of the page (the Arabic pages): never the
 * API's English `message`, but the words of each field's broken rule, found by
 * the field (`errors[].path`) and the rule (`errors[].rule`, contract 1.6.0)
 * in data/form-words(.ar).json `messages`, with the field's own label; the
 * answers 413, 429 and 503 in their words; anything else the form's generic
 * failure. English pages keep the API's own message (src/contract/client.ts
 * errorMessage): the specification's words.
 */
import { fill } from "../shared/utils/template";
import type { FormWords } from "./useFormWords";

/** The rules a field may break, as the API names them (errors[].rule, contract 1.6.0), and the other answers a form words itself. */
export const MESSAGE_KEYS = [
  "required",
  "type",
  "format",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "enum",
  "minItems",
  "maxItems",
  "uniqueItems",
  "additionalProperties",
  "file",
  "maxFileSize",
  "invalid",
] as const;
export type MessageRule = (typeof MESSAGE_KEYS)[number];

interface FieldErrorLike {
  path?: unknown;
  rule?: unknown;
}

const KNOWN_RULES = new Set<string>(MESSAGE_KEYS);

/** The form field a path of the API names: /body/items/0/quantity -> items. */
export function fieldOfPath(path: unknown): string {
  return typeof path === "string" ? (path.replace(/^\/body\/?/, "").split("/")[0] ?? "") : "";
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !(value instanceof Error);
}

/** The status of an answer (openapi-fetch's `{ error, response }`), if it came. */
function statusOf(failure: unknown): number | undefined {
  const response = isObject(failure) ? failure.response : undefined;
  return isObject(response) && typeof response.status === "number" ? response.status : undefined;
}

/** The error body of a failure: the `error` of openapi-fetch's result, or the failure itself. */
function errorBodyOf(failure: unknown): Record<string, unknown> | undefined {
  if (!isObject(failure)) return undefined;
  if ("error" in failure) return isObject(failure.error) ? failure.error : undefined;
  return failure;
}

/** A failure said in `words` (the page's language), from its status and its fields' broken rules. */
export function failureInWords(failure: unknown, words: Pick<FormWords, "field" | "common">): string {
  const { messages, failure: generic } = words.common;
  const errors = errorBodyOf(failure)?.errors;
  if (Array.isArray(errors)) {
    const said = new Set<string>();
    for (const error of errors as FieldErrorLike[]) {
      const label = words.field[fieldOfPath(error?.path)]?.label;
      if (label === undefined) continue; // a field the visitor does not fill (the attribution): no words of its own
      const rule = typeof error.rule === "string" && KNOWN_RULES.has(error.rule) ? (error.rule as (typeof MESSAGE_KEYS)[number]) : "invalid";
      said.add(fill(messages[rule], { field: label }));
    }
    if (said.size > 0) return fill(messages.check, { list: [...said].join(messages.separator) });
  }
  switch (statusOf(failure)) {
    case 413:
      return messages.tooLarge;
    case 429:
      return messages.tooMany;
    case 503:
      return messages.unavailable;
    default:
      return generic;
  }
}
