import type { Config } from "../config";
import type { FormKey } from "../../src/shared/forms/registry";
import { displayValue, formDefinitions, senderOf } from "../api/forms";
import type { IncomingFile, Notification } from "../store";

/** Line breaks of every kind: CR LF, CR, NEL, the line and paragraph separators. */
const LINE_BREAK = /\r\n?|[\u0085\u2028\u2029]/g;
/** Control characters (C0, DEL, C1) other than tab and line feed. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/** Bidirectional embeddings, overrides and isolates: they reorder how the rest of a line is shown ("cv\u202Excod.pdf" reads "cvfdp.docx"). */
const BIDI_REORDERING = /[\u202a-\u202e\u2066-\u2069]/g;
/** Characters that show nothing: bidi marks, soft hyphen, zero-width space, word joiner and invisible operators, byte order mark, annotation marks. */
const INVISIBLE = /[\u00ad\u061c\u180e\u200b\u200e\u200f\u2060-\u2065\u206a-\u206f\ufeff\ufff9-\ufffb]/g;
/** Anything plainText changes: the three expressions above, tried at once. */
const NOT_PLAIN = new RegExp([LINE_BREAK, CONTROL, BIDI_REORDERING].map((expression) => expression.source).join("|"));
/** The opener of an RFC 2047 encoded-word, which mail clients show decoded in a header. */
const ENCODED_WORD_OPENER = /=\?/g;

/**
 * Visitor text made safe for a plain-text e-mail body: line breaks become line
 * feeds, and no control character (but tab) or bidi reordering is left.
 */
export function plainText(value: string): string {
  if (!NOT_PLAIN.test(value)) return value; // most values: nothing to change, one scan instead of three
  return value.replace(LINE_BREAK, "\n").replace(CONTROL, "").replace(BIDI_REORDERING, "");
}

/**
 * Visitor text made safe for a header line (the subject): one line of what can
 * be seen (no control, bidi or invisible character), no RFC 2047 encoded-word
 * (`=?` becomes `= ?`, so no mail client decodes the visitor's text into
 * something else), bounded to `max` characters.
 */
export function oneLine(value: string, max = 150): string {
  const line = value
    .replace(LINE_BREAK, " ")
    .replace(/\t/g, " ")
    .replace(CONTROL, "")
    .replace(BIDI_REORDERING, "")
    .replace(INVISIBLE, "")
    .replace(/\s+/g, " ")
    .replace(ENCODED_WORD_OPENER, "= ?")
    .trim();
  if (line.length <= max) return line; // no more code points than UTF-16 units
  const characters = Array.from(line); // code points: a cut never splits a surrogate pair
  return characters.length > max ? `${characters.slice(0, max - 1).join("").trimEnd()}…` : line;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The attribution's parts in the order a salesperson reads them, with their labels. */
const ATTRIBUTION_LABELS: [string, string][] = [
  ["page", "Sent from"],
  ["landingPage", "Landing page"],
  ["referrer", "Referring site"],
  ["utm_source", "Campaign source (utm_source)"],
  ["utm_medium", "Campaign medium (utm_medium)"],
  ["utm_campaign", "Campaign (utm_campaign)"],
  ["utm_term", "Campaign term (utm_term)"],
  ["utm_content", "Campaign content (utm_content)"],
];

/** The languages of the site's pages, as the notification names them (attribution.language). */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = { en: "English", ar: "Arabic" };

/**
 * The lines of the notification's foot that say where the lead came from (none
 * without attribution): first the language of the page it was sent from
 * ("Language: Arabic", so sales answer in it; a client older than contract
 * 1.6.0 sends none), then the pages and the campaign.
 */
export function attributionLines(attribution: unknown): string[] {
  if (typeof attribution !== "object" || attribution === null) return [];
  const values = attribution as Record<string, unknown>;
  const language = typeof values.language === "string" ? LANGUAGE_NAMES[values.language] : undefined;
  return [
    ...(language ? [`- Language: ${language}`] : []),
    ...ATTRIBUTION_LABELS.filter(([key]) => typeof values[key] === "string" && values[key] !== "").map(([key, label]) => `- ${label}: ${oneLine(String(values[key]), 500)}`),
  ];
}

export interface NotificationInput {
  form: FormKey;
  /** The validated fields (no files). */
  body: Record<string, unknown>;
  /** The submission's files (only their names, sizes and types are read). */
  files: Pick<IncomingFile, "field" | "originalName" | "storedName" | "contentType" | "size">[];
  submissionId: string;
  receivedAt: Date;
}

/**
 * The e-mail that tells the company's inbox for this mail type about a
 * submission: plain text only (nothing the visitor typed is rendered as HTML),
 * every submitted field on its own line, files attached from where they are stored.
 */
export function buildNotification(input: NotificationInput, config: Pick<Config, "mailFrom" | "mailTo">): Notification {
  const form = formDefinitions()[input.form];
  const body = input.body;
  const lines: string[] = [`New ${form.what} received through the website.`, ""];

  const keys = [...Object.keys(form.labels), ...Object.keys(body).filter((key) => !(key in form.labels))].filter(
    (key) => key !== "mailType" && key !== "attribution" && body[key] !== undefined && body[key] !== null,
  );
  for (const key of keys) {
    const label = form.labels[key] ?? key;
    const value = plainText(displayValue(form, key, body[key]));
    if (value.includes("\n")) {
      lines.push(`${label}:`, ...value.split("\n").map((line) => `    ${line}`));
    } else {
      lines.push(`${label}: ${value}`);
    }
  }

  if (input.files.length > 0) {
    lines.push("", "Attachments (attached to this e-mail and kept on the server):");
    for (const file of input.files) {
      const label = form.labels[file.field] ?? file.field;
      lines.push(`- ${label}: ${plainText(file.originalName)} (${formatSize(file.size)}), stored as ${file.storedName}`);
    }
  }

  lines.push(
    "",
    `Mail type: ${plainText(String(body.mailType ?? ""))}`,
    `Reference: ${input.submissionId}`,
    `Received: ${input.receivedAt.toISOString()}`,
  );
  const source = attributionLines(body.attribution);
  if (source.length > 0) lines.push("", "Where it came from:", ...source);

  const email = typeof body.email === "string" ? body.email : undefined;
  return {
    from: config.mailFrom,
    to: config.mailTo[form.inbox],
    replyTo: email,
    subject: oneLine(`New ${form.what}: ${senderOf(form, body)}`),
    text: `${lines.join("\n")}\n`,
    attachments: input.files.map((file) => ({ filename: file.originalName, storedName: file.storedName, contentType: file.contentType })),
  };
}
