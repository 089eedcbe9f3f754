import fs from "fs";
import path from "path";
import type { components } from "../../src/contract/schema";
import { FORM_KEYS, FORMS as REGISTRY, type FormKey, type MailType } from "../../src/shared/forms/registry";
import { normaliseDigits, type DigitRule } from "../../src/shared/forms/digits";
import { fill } from "../../src/shared/utils/template";
import { APP_ROOT } from "../app-root";
import { findFormRules } from "./contract-files";

type Schemas = components["schemas"];

/** One form's call as the server handles it: the registry's entry with what the contract and the form's data file say. */
export interface FormDefinition {
  key: FormKey;
  /** Path under /api/v1/contact: the key. */
  path: `/${string}`;
  body: "json" | "multipart";
  /** Fields that carry an uploaded document (multipart only). */
  files: string[];
  /** Fields the contract types as number or integer (multipart sends them as text). */
  numbers: string[];
  /** Fields the contract types as an object (multipart sends them as one JSON-encoded part: the attribution). */
  objects: string[];
  /** The operation's body rule (its form rules' schema): which fields are numbers or digits (src/shared/forms/digits.ts). */
  schema: DigitRule;
  /** What the inbox receives, like "contact enquiry". */
  what: string;
  /** Labels of the fields (and files) in the notification, in the order listed: the form's own labels. */
  labels: Record<string, string>;
  /** Labels of the options whose value the visitor does not read (the demo's option1), by field. */
  options: Record<string, Record<string, string>>;
  /** The mail type whose inbox receives the notification (the form's own, whichever the body carries). */
  inbox: MailType;
  /** Who sent it, for the subject line: a template of the body's fields. */
  sender: string;
}

/** A form's words as its data file holds them (src/schema/forms.graphql). */
export interface FormWords {
  form: string;
  fieldWords: { name: string; label: string; options?: { value: string; label: string }[] }[];
}

/** The rules the contract gives an operation (scripts/contract/form-rules.mjs writes them). */
interface OperationRules {
  path: string;
  contentType: string;
  schema: DigitRule & { properties: Record<string, DigitRule & { format?: string }> };
}

function readJson<T>(file: string, what: string): T {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch (err) {
    throw new Error(`${what} (${file}) cannot be read: ${(err as Error).message}`);
  }
}

/** One form's definition from its registry entry, its operation's rules and its data file. */
function defineForm(key: FormKey, rulesDir: string, root: string): FormDefinition {
  const entry = REGISTRY[key];
  const rules = readJson<OperationRules>(path.join(rulesDir, `${entry.operationId}.json`), `The rules of ${entry.operationId}`);
  const data = path.join("data", "forms", `${key}.json`);
  const words = readJson<FormWords>(path.resolve(root, data), `The words of the ${key} form`);
  const properties = Object.entries(rules.schema.properties);
  const labels: Record<string, string> = {};
  for (const field of entry.notify) {
    const label = words.fieldWords.find((f) => f.name === field)?.label;
    if (label === undefined) throw new Error(`${data} has no label for ${field}, which the ${key} notification lists`);
    labels[field] = label;
  }
  const options: Record<string, Record<string, string>> = {};
  for (const field of words.fieldWords) {
    const renamed = field.options?.filter((option) => option.label !== option.value) ?? [];
    if (renamed.length > 0) options[field.name] = Object.fromEntries(renamed.map((option) => [option.value, option.label]));
  }
  return {
    key,
    path: `/${key}`,
    body: rules.contentType === "multipart/form-data" ? "multipart" : "json",
    files: properties.filter(([, rule]) => rule.format === "binary").map(([field]) => field),
    numbers: properties.filter(([, rule]) => rule.type === "number" || rule.type === "integer").map(([field]) => field),
    objects: properties.filter(([, rule]) => rule.type === "object").map(([field]) => field),
    schema: rules.schema,
    what: entry.what,
    labels,
    options,
    inbox: entry.mailType,
    sender: entry.sender,
  };
}

let definitions: Record<FormKey, FormDefinition> | undefined;

/**
 * Every form of the registry (src/shared/forms/registry.ts) with its operation's
 * rules and its words (its data file, read once from the server's own baked
 * data/forms/, like data/contact.json). A missing file or label fails at once.
 */
export function formDefinitions(): Record<FormKey, FormDefinition> {
  if (definitions) return definitions;
  const rulesDir = findFormRules();
  const root = APP_ROOT;
  definitions = Object.fromEntries(FORM_KEYS.map((key) => [key, defineForm(key, rulesDir, root)])) as Record<FormKey, FormDefinition>;
  return definitions;
}

/**
 * A body with the Arabic-Indic digits of its number and digit fields (a phone
 * number, a quantity) in Latin digits, before the contract's validator reads
 * it: an integrator (or a form) sending ٠٥٠١٢٣٤٥٦٧ gets the answer 0501234567 gets.
 */
export function withLatinDigits(form: FormDefinition, body: unknown): unknown {
  return typeof body === "object" && body !== null && !Array.isArray(body) ? normaliseDigits(form.schema, body) : body;
}

/** Who sent a submission, for the subject line. */
export function senderOf(form: FormDefinition, body: Record<string, unknown>): string {
  return fill(form.sender, body);
}

/** The catalogue as the notification names it: each product's title by slug, and the site's address. */
export interface Catalogue {
  siteUrl: string;
  titles: Record<string, string>;
}

const catalogues = new Map<string, Catalogue>();

/**
 * The product titles of data/products/*.json and the siteUrl of
 * data/company.json (read once, from the server's own baked data/, like
 * data/contact.json). Without them an item is named by its slug and linked
 * from the site's root.
 */
export function loadCatalogue(dataDir: string = path.join(APP_ROOT, "data")): Catalogue {
  const known = catalogues.get(dataDir);
  if (known) return known;
  const titles: Record<string, string> = {};
  let siteUrl = "";
  try {
    const company = JSON.parse(fs.readFileSync(path.join(dataDir, "company.json"), "utf8")) as { siteUrl?: unknown };
    if (typeof company.siteUrl === "string") siteUrl = company.siteUrl.replace(/\/+$/, "");
  } catch {
    // No company file: links are relative to the site's root.
  }
  try {
    for (const file of fs.readdirSync(path.join(dataDir, "products"))) {
      // Items are named as the specification names the products: the English file, not its Arabic words (.ar.json).
      if (!file.endsWith(".json") || file.endsWith(".ar.json")) continue;
      const product = JSON.parse(fs.readFileSync(path.join(dataDir, "products", file), "utf8")) as { slug?: unknown; name?: unknown };
      if (typeof product.slug === "string" && typeof product.name === "string") titles[product.slug] = product.name;
    }
  } catch {
    // No product data: items are named by their slugs.
  }
  const loaded = { siteUrl, titles };
  catalogues.set(dataDir, loaded);
  return loaded;
}

type QuoteItem = Schemas["QuoteItem"];

/** The items of a quotation request, one block each: the product's title, its model, quantity and note, and the link to its page. */
export function quoteItemsText(items: QuoteItem[], { siteUrl, titles }: Catalogue = loadCatalogue()): string {
  const lines: string[] = [];
  items.forEach((item, index) => {
    if (index > 0) lines.push("");
    lines.push(`${index + 1}. ${titles[item.product] ?? item.product}`);
    if (item.model !== undefined) lines.push(`   Model: ${item.model}`);
    lines.push(`   Quantity: ${item.quantity}`);
    if (item.note !== undefined && item.note !== "") {
      const [first, ...rest] = item.note.split(/\r\n?|\n|[\u0085\u2028\u2029]/);
      lines.push(`   Note: ${first}`, ...rest.map((line) => `         ${line}`));
    }
    lines.push(`   Page: ${siteUrl}/${item.product}`);
  });
  return lines.join("\n");
}

/** A field's value as the notification shows it: an option the visitor read under another name shows both ("Finished Components (option2)"). */
export function displayValue(form: FormDefinition, field: string, value: unknown): string {
  const option = typeof value === "string" ? form.options[field]?.[value] : undefined;
  if (option !== undefined) return `${option} (${value})`;
  if (form.key === "quote_request" && field === "items" && Array.isArray(value)) return quoteItemsText(value as QuoteItem[]);
  if (Array.isArray(value)) return value.map(String).join(", ");
  return String(value);
}
