/**
 * The one validation mechanism of the forms: it interprets the rules that
 * scripts/contract/form-rules.mjs extracts from openapi.yaml
 * (src/contract/form-rules/<operationId>.json), so a form refuses exactly what the
 * server refuses. The JSON-Schema subset: type (string, number, integer, array,
 * object, boolean), required, properties, additionalProperties: false,
 * minLength, maxLength, pattern, format (email here and uri in uri-format.ts,
 * as ajv-formats' "full" mode checks them; binary = an uploaded file), enum,
 * minimum, maximum, minItems, maxItems, uniqueItems, items.
 * tests/unit/form-validation.test.ts runs it beside the server's ajv.
 */


export type SchemaType = "string" | "number" | "integer" | "array" | "object" | "boolean";

export interface SchemaRule {
  type?: SchemaType;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  enum?: readonly (string | number)[];
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: SchemaRule;
  required?: readonly string[];
  properties?: Record<string, SchemaRule>;
  additionalProperties?: boolean;
}

/** One operation's rules: src/contract/form-rules/<operationId>.json. */
export interface FormRules {
  method: string;
  path: string;
  contentType: string;
  schema: SchemaRule & { properties: Record<string, SchemaRule> };
  /** Accepted content types of each file field (the operation's encoding). */
  fileTypes: Record<string, readonly string[]>;
}

/** Validity of a body: `fields[name]` is false for each field that breaks a rule. */
export interface Validity {
  valid: boolean;
  fields: Record<string, boolean>;
}

// ajv-formats, mode "full" (what the server's express-openapi-validator is configured with); uri is in uri-format.ts.
export const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
/** How a `format` is checked. A form whose rules use another format than email passes its check (see uri-format.ts). */
export type FormatChecks = Record<string, (value: string) => boolean>;

/** The format every form uses. */
export const BASE_FORMATS: FormatChecks = {
  email: (value) => EMAIL_PATTERN.test(value),
};

/** The content type a document's name stands for (the server wants name and content to agree). */
const TYPE_OF_EXTENSION: Record<string, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/** The `accept` attribute for a file field: the extensions of the contract's content types (".pdf,.doc,.docx"). */
export function acceptFor(types: readonly string[]): string {
  return Object.entries(TYPE_OF_EXTENSION)
    .filter(([, type]) => types.includes(type))
    .map(([extension]) => `.${extension}`)
    .join(",");
}

/** A chosen file is of one of the accepted content types, judged by its name's extension. */
export function isAcceptedFile(file: Blob, types: readonly string[]): boolean {
  if (types.length === 0) return true;
  const name = (file as { name?: unknown }).name;
  const type = typeof name === "string" ? TYPE_OF_EXTENSION[extensionOf(name)] : undefined;
  return type !== undefined && types.includes(type);
}

const patterns = new Map<string, RegExp>();
function regExp(pattern: string): RegExp {
  let compiled = patterns.get(pattern);
  if (!compiled) {
    compiled = new RegExp(pattern, "u"); // ajv compiles patterns with the unicode flag
    patterns.set(pattern, compiled);
  }
  return compiled;
}

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== "undefined" && value instanceof Blob;
}

function hasType(type: SchemaType, value: unknown): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
  }
}

/** Does one value keep every rule of its schema? (An uploaded file stands where the contract says format binary.) */
export function isValidValue(rule: SchemaRule, value: unknown, formats: FormatChecks = BASE_FORMATS): boolean {
  if (rule.format === "binary") return isBlob(value); // a text value where a file belongs is refused (server/api/uploads.ts)
  if (rule.type !== undefined && !hasType(rule.type, value)) return false;
  if (rule.enum !== undefined && !rule.enum.some((allowed) => allowed === value)) return false;

  if (typeof value === "string") {
    const length = Array.from(value).length; // code points, as ajv counts
    if (rule.minLength !== undefined && length < rule.minLength) return false;
    if (rule.maxLength !== undefined && length > rule.maxLength) return false;
    if (rule.pattern !== undefined && !regExp(rule.pattern).test(value)) return false;
    if (rule.format !== undefined) {
      const check = formats[rule.format];
      if (!check) throw new Error(`No check for format "${rule.format}": pass it to the form (formats option)`);
      if (!check(value)) return false;
    }
  }
  if (typeof value === "number") {
    if (rule.minimum !== undefined && value < rule.minimum) return false;
    if (rule.maximum !== undefined && value > rule.maximum) return false;
  }
  if (Array.isArray(value)) {
    if (rule.minItems !== undefined && value.length < rule.minItems) return false;
    if (rule.maxItems !== undefined && value.length > rule.maxItems) return false;
    if (rule.uniqueItems && new Set(value.map((item) => JSON.stringify(item))).size !== value.length) return false;
    if (rule.items && !value.every((item) => isValidValue(rule.items as SchemaRule, item, formats))) return false;
  }
  if (rule.properties !== undefined || rule.required !== undefined) {
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      if (!validateObject(rule, value as Record<string, unknown>, {}, formats).valid) return false;
    }
  }
  return true;
}

function validateObject(rule: SchemaRule, body: Record<string, unknown>, fileTypes: Record<string, readonly string[]>, formats: FormatChecks): Validity {
  const fields: Record<string, boolean> = {};
  const properties = rule.properties ?? {};
  const required = rule.required ?? [];
  for (const [name, property] of Object.entries(properties)) {
    const value = body[name];
    if (value === undefined) {
      fields[name] = !required.includes(name);
    } else {
      const types = fileTypes[name];
      fields[name] = isValidValue(property, value, formats) && (!types || !isBlob(value) || isAcceptedFile(value, types));
    }
  }
  for (const name of required) {
    if (!(name in properties)) fields[name] = body[name] !== undefined;
  }
  if (rule.additionalProperties === false) {
    for (const name of Object.keys(body)) {
      if (!(name in properties) && body[name] !== undefined) fields[name] = false;
    }
  }
  return { valid: Object.values(fields).every(Boolean), fields };
}

/** Validity of a request body (see `buildBody`) against one operation's rules, field by field. */
export function validateBody(rules: FormRules, body: Record<string, unknown>, formats: FormatChecks = BASE_FORMATS): Validity {
  return validateObject(rules.schema, body, rules.fileTypes, formats);
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The request body of a form: the schema's properties taken from the form's
 * values (anything else, like the demo's acceptTerms, is never sent). The
 * Arabic-Indic digits (٠-٩, ۰-۹) of a number or digit field (a phone number, a
 * quantity) become Latin digits first, as the server reads them
 * (src/shared/forms/digits.ts): the body is validated and sent so. Text is
 * trimmed and empty text left out (an empty field counts as absent, as the
 * server reads a multipart body); a number field's decimal text becomes a
 * number; lists and files are kept as they are.
 */
/** A pattern made of digits (a phone number's). */
const DIGIT_PATTERN = /\[0-9\]|\\d/;

/**
 * Arabic-Indic digits (٠-٩ U+0660-0669, ۰-۹ U+06F0-06F9: the low four bits are the digit) as Latin digits, the
 * Arabic decimal separator as ".", its thousands separator dropped; the server reads a body so too (src/shared/forms/digits.ts).
 */
const latinDigits = (text: string): string => text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 15)).replace(/\u066B/g, ".").replace(/\u066C/g, "");

export function buildBody(rules: FormRules, values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(rules.schema.properties)) {
    let value = values[name];
    if (value === undefined || value === null) continue;
    if (typeof value === "string") {
      const number = rule.type === "number" || rule.type === "integer";
      const text = (number || DIGIT_PATTERN.test(rule.pattern ?? "") ? latinDigits(value) : value).trim();
      if (text === "") continue;
      value = number && DECIMAL.test(text) ? Number(text) : text;
    }
    body[name] = value;
  }
  return body;
}

/** Is the field required by the contract? */
export function isRequired(rules: FormRules, name: string): boolean {
  return rules.schema.required?.includes(name) ?? false;
}

/** The values a field may take (its enum, or its items' enum for a list), in the contract's order. */
export function choicesOf(rules: FormRules, name: string): string[] {
  const rule = rules.schema.properties[name];
  const list = rule?.enum ?? rule?.items?.enum ?? [];
  return list.map(String);
}
