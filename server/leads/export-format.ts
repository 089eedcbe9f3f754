/**
 * How `npm run leads:export` writes leads (server/cli/export.ts): CSV for a
 * spreadsheet, or JSON Lines for a program. Pure functions of what the store
 * read (ExportedSubmission), no I/O.
 *
 * CSV (RFC 4180): a UTF-8 byte order mark first (Excel then reads UTF-8:
 * Arabic and accented names intact), one header row, CRLF line ends, a field
 * quoted when it holds a quote, comma, semicolon or line break. Every cell
 * beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
 * leading `'`, so that a spreadsheet shows it as text and never runs it as a
 * formula (OWASP, CSV injection); a phone number like "+971 50 123 4567"
 * gets it too.
 *
 * JSON Lines: one object per line, the stored fields as they are (no
 * neutralising: not for spreadsheets), so `fields` plus `attribution` parse
 * back to exactly the stored payload.
 */
import { FORM_KEYS, FORMS, formOfMailType, type FormKey } from "../../src/shared/forms/registry";
import type { ExportedSubmission } from "../store/types";

/** Makes Excel read the file as UTF-8. */
export const UTF8_BOM = "\uFEFF";
/** RFC 4180's record separator. */
export const CSV_LINE_END = "\r\n";

/** The columns every lead has, first. */
export const LEAD_COLUMNS = ["id", "form", "received", "state", "sent", "quarantined", "reasons"] as const;

/** The attribution's parts (payload.attribution), as columns: [column, key]. */
export const ATTRIBUTION_COLUMNS: readonly (readonly [string, string])[] = [
  ["landing_page", "landingPage"],
  ["referrer", "referrer"],
  ["utm_source", "utm_source"],
  ["utm_medium", "utm_medium"],
  ["utm_campaign", "utm_campaign"],
  ["utm_term", "utm_term"],
  ["utm_content", "utm_content"],
  ["page", "page"],
  ["language", "language"],
];

/** The language a lead without one was sent in (contract 1.6.0: attribution.language absent = English). */
export const DEFAULT_LEAD_LANGUAGE = "en";

/** The last column: stored fields (and files) no column names, as JSON; empty for the forms of this release. */
export const OTHER_COLUMN = "other_fields";

/** The payload's keys that are not form fields of their own column: the mail type is the form column, attribution has its columns. */
const NOT_FIELDS = new Set(["mailType", "attribution"]);

/** Who the lead is comes first, whatever the form; the forms' other fields follow in their registry order. */
const FIRST_FIELDS = ["firstName", "lastName", "fullName", "email", "phoneNumber", "companyName", "jobRole", "countryName", "regionName"];

/** The form column of a lead: its form's key (formOfMailType); the stored mail type itself when no form of the registry sends it. */
export function formColumn(lead: ExportedSubmission): string {
  return formOfMailType(lead.mailType) ?? lead.mailType;
}

/**
 * The field columns of these forms' leads: the union of their fields and
 * files (the registry's `notify` lists, the order the notification e-mail
 * lists them in), who the lead is first. The same forms give the same columns.
 */
export function fieldColumns(forms: readonly FormKey[] = FORM_KEYS): string[] {
  const fields = new Set<string>();
  for (const form of FORM_KEYS) if (forms.includes(form)) for (const field of FORMS[form].notify) fields.add(field);
  return [...FIRST_FIELDS.filter((field) => fields.has(field)), ...[...fields].filter((field) => !FIRST_FIELDS.includes(field))];
}

/** The header row's columns for these field columns. */
export function csvColumns(fields: readonly string[]): string[] {
  return [...LEAD_COLUMNS, ...ATTRIBUTION_COLUMNS.map(([column]) => column), ...fields, OTHER_COLUMN];
}

/** A cell a spreadsheet could run as a formula, made text: a leading `'` before `=`, `+`, `-`, `@`, tab or carriage return. */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV field: neutralised, then quoted (quotes doubled) when it holds a quote, comma, semicolon or line break. */
export function csvField(value: string): string {
  const safe = neutralise(value);
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record, its CRLF included. */
export function csvLine(values: readonly string[]): string {
  return values.map(csvField).join(",") + CSV_LINE_END;
}

/** The start of a CSV export: the byte order mark and the header row. */
export function csvHeader(fields: readonly string[]): string {
  return UTF8_BOM + csvLine(csvColumns(fields));
}

/** A size as people read it (1.2 KB). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A file as a cell: "name (type, size)". */
export function fileText(file: ExportedSubmission["attachments"][number]): string {
  return `${file.originalName} (${file.contentType}, ${formatSize(file.size)})`;
}

/** An item of a quotation request: "2 × torque-pump (model TP-700): note". */
function isQuoteItem(value: unknown): value is { product: unknown; quantity: unknown; model?: unknown; note?: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "product" in value && "quantity" in value;
}

function itemText(item: { product: unknown; quantity: unknown; model?: unknown; note?: unknown }): string {
  const model = item.model === undefined || item.model === "" ? "" : ` (model ${cellText(item.model)})`;
  const note = item.note === undefined || item.note === "" ? "" : `: ${cellText(item.note)}`;
  return `${cellText(item.quantity)} × ${cellText(item.product)}${model}${note}`;
}

/**
 * A stored value as a cell: text as it is, numbers and booleans written out,
 * a list's values joined with "; " (the items of a quotation request one per
 * line, readable), any other object as JSON; nothing for null.
 */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every(isQuoteItem)) return value.map(itemText).join("\n");
    return value.map(cellText).join("; ");
  }
  return JSON.stringify(value);
}

/** The attribution a payload holds, or an empty one. */
function attributionOf(payload: Record<string, unknown>): Record<string, unknown> {
  const attribution = payload.attribution;
  return typeof attribution === "object" && attribution !== null && !Array.isArray(attribution) ? (attribution as Record<string, unknown>) : {};
}

/** The language a lead was sent in: its attribution's, else English (a client older than contract 1.6.0). */
function languageOf(attribution: Record<string, unknown>): string {
  return typeof attribution.language === "string" && attribution.language !== "" ? attribution.language : DEFAULT_LEAD_LANGUAGE;
}

/** What the quarantined column says: yes (held), released (quarantined, then delivered by hand), or no. */
function quarantineText(lead: ExportedSubmission): string {
  if (lead.quarantined) return "yes";
  return lead.releasedAt !== null ? "released" : "no";
}

/** One lead as a CSV record with these field columns (csvHeader's). */
export function csvRecord(lead: ExportedSubmission, fields: readonly string[]): string {
  const { payload } = lead;
  const attribution = attributionOf(payload);
  const columns = new Set(fields);
  const cells = [
    lead.id,
    formColumn(lead),
    lead.createdAt,
    lead.delivery,
    lead.sentAt ?? "",
    quarantineText(lead),
    lead.reasons.join("; "),
    ...ATTRIBUTION_COLUMNS.map(([, key]) => cellText(key === "language" ? languageOf(attribution) : attribution[key])),
    ...fields.map((field) => {
      if (payload[field] !== undefined) return cellText(payload[field]);
      return lead.attachments
        .filter((file) => file.field === field)
        .map(fileText)
        .join("; ");
    }),
  ];
  const other: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) if (!NOT_FIELDS.has(key) && !columns.has(key)) other[key] = value;
  for (const file of lead.attachments) if (!columns.has(file.field)) other[file.field] = [...((other[file.field] as string[] | undefined) ?? []), fileText(file)];
  cells.push(Object.keys(other).length > 0 ? JSON.stringify(other) : "");
  return csvLine(cells);
}

/** A lead as JSON Lines has it (jsonlRecord): the stored fields as they are. */
export interface JsonLead {
  id: string;
  /** The form's key, as in the API path (formColumn: the mail type when no form of the registry sends it). */
  form: string;
  mailType: string;
  received: string;
  state: ExportedSubmission["delivery"];
  sentAt: string | null;
  quarantined: boolean;
  releasedAt: string | null;
  reasons: string[];
  /** The stored attribution, or null when the lead has none. */
  attribution: Record<string, unknown> | null;
  /** The language of the page the lead was sent from (attribution.language; "en" when the lead has none, contract 1.6.0). */
  language: string;
  /** The stored fields but the attribution (mailType included): with `attribution`, exactly the stored payload. */
  fields: Record<string, unknown>;
  attachments: { field: string; name: string; contentType: string; size: number }[];
}

/** The characters that end a line for some readers of JSON Lines though JSON allows them in a string: written escaped. */
const LINE_ENDING_IN_STRING = /[\u0085\u2028\u2029]/g;

/** One lead as a line of JSON Lines, its line feed included. */
export function jsonlRecord(lead: ExportedSubmission): string {
  const { attribution, ...fields } = lead.payload;
  const record: JsonLead = {
    id: lead.id,
    form: formColumn(lead),
    mailType: lead.mailType,
    received: lead.createdAt,
    state: lead.delivery,
    sentAt: lead.sentAt,
    quarantined: lead.quarantined,
    releasedAt: lead.releasedAt,
    reasons: lead.reasons,
    attribution: attribution === undefined ? null : (attribution as Record<string, unknown>),
    language: languageOf(attributionOf(lead.payload)),
    fields,
    attachments: lead.attachments.map((file) => ({ field: file.field, name: file.originalName, contentType: file.contentType, size: file.size })),
  };
  // Only inside strings (JSON.stringify adds no white space): the escape parses back to the same character.
  return `${JSON.stringify(record).replace(LINE_ENDING_IN_STRING, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)}\n`;
}
