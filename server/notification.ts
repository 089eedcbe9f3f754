import type { Config } from "./config";
import { displayValue, FORMS, type FormBodies, type FormDefinition, type FormName } from "./forms";
import type { Notification, StoredFile } from "./store";

/** Control characters other than tab and line feed; carriage returns are normalised away. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** Visitor text made safe for a plain-text e-mail body. */
export function plainText(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(CONTROL, "");
}

/** Visitor text made safe for a header line (the subject): one line, bounded. */
export function oneLine(value: string, max = 150): string {
  const line = value.replace(/[\r\n\t]+/g, " ").replace(CONTROL, "").replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export interface NotificationInput {
  form: FormName;
  /** The validated fields (no files). */
  body: Record<string, unknown>;
  files: StoredFile[];
  submissionId: string;
  receivedAt: Date;
}

/**
 * The e-mail that tells the company's inbox for this mail type about a
 * submission: plain text only (nothing the visitor typed is rendered as HTML),
 * every submitted field on its own line, files attached from where they are stored.
 */
export function buildNotification(input: NotificationInput, config: Pick<Config, "mailFrom" | "mailTo">): Notification {
  const form: FormDefinition = FORMS[input.form];
  const body = input.body;
  const fields = body as unknown as FormBodies[FormName]; // validated against this form's schema
  const lines: string[] = [`New ${form.what} received through the website.`, ""];

  const keys = [...Object.keys(form.labels), ...Object.keys(body).filter((key) => !(key in form.labels))].filter(
    (key) => key !== "mailType" && body[key] !== undefined && body[key] !== null,
  );
  for (const key of keys) {
    const label = form.labels[key] ?? key;
    const value = plainText(displayValue(input.form, key, body[key]));
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
      lines.push(`- ${label}: ${plainText(file.originalName)} (${formatSize(file.size)}), stored as ${file.path}`);
    }
  }

  lines.push(
    "",
    `Mail type: ${plainText(String(body.mailType ?? ""))}`,
    `Reference: ${input.submissionId}`,
    `Received: ${input.receivedAt.toISOString()}`,
  );

  const email = typeof body.email === "string" ? body.email : undefined;
  return {
    from: config.mailFrom,
    to: config.mailTo[form.inbox(fields)],
    replyTo: email,
    subject: oneLine(`New ${form.what}: ${form.from(fields)}`),
    text: `${lines.join("\n")}\n`,
    attachments: input.files.map((file) => ({ filename: file.originalName, path: file.path, contentType: file.contentType })),
  };
}
