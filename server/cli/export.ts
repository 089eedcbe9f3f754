/**
 * The leads, exported for a spreadsheet or a CRM (run with the deployment's
 * environment: DATA_DIR or DATABASE_URL), to standard output:
 *
 *   npm run -s leads:export > leads.csv                              every lead, CSV (Excel reads it as UTF-8)
 *   npm run -s leads:export -- --since 2025-01-01 --until 2025-01-31  received on those UTC days, both included
 *   npm run -s leads:export -- --form contact_us                     one form, by its key (as in the API path)
 *   npm run -s leads:export -- --format jsonl                        one JSON object per line, the fields as stored
 *   npm run -s leads:export -- --include-spam                        quarantined submissions too (and their reasons)
 *
 * (-s: npm says nothing of its own on standard output, which is the export's.)
 * One row per submission, oldest first: its fields, attribution, delivery
 * state and quarantine reasons (server/leads/export-format.ts). Read from the
 * store as it is written out, with back-pressure: never every lead in memory.
 * The count goes to standard error; a bad argument gives the usage and exit
 * code 2.
 */
import { once } from "events";
import type { Writable } from "stream";
import { parseArgs } from "util";
import { loadConfig } from "../config";
import { configureCommandLogging, errorFields } from "../log";
import { createStore } from "../store";
import type { ExportFilter } from "../store/types";
import { FORM_KEYS, formOfMailType, isFormKey, mailTypesOf, type FormKey } from "../../src/shared/forms/registry";
import { csvHeader, csvRecord, fieldColumns, jsonlRecord } from "../leads/export-format";
import { helpAsked, showHelp, usageError, type CommandText } from "./args";

export const EXPORT_TEXT: CommandText = {
  usage: "Usage: leads:export [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--form NAME] [--format csv|jsonl] [--include-spam]",
  help: [
    "Writes the leads to standard output, oldest first, one row per submission: its fields, attribution, delivery state and quarantine reasons.",
    "--since, --until   received on those UTC days, both included",
    "--form             one form, named as in the API path (contact_us, news-letter...)",
    "--format           csv (the default; Excel reads it as UTF-8) or jsonl (one JSON object per line, the fields as stored)",
    "--include-spam     quarantined submissions too",
    "The count goes to standard error. Run it as npm run -s leads:export (npm then writes nothing of its own on standard output).",
  ].join("\n"),
};

const DAY_MS = 86_400_000;

/** What the arguments ask for, or why they cannot be followed. */
type Request = { filter: ExportFilter; forms: FormKey[]; format: "csv" | "jsonl" } | { error: string };

/** The start of a UTC day given as YYYY-MM-DD (a real date), or undefined. */
function utcDay(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

export function parseExportArgs(args: string[]): Request {
  let values: { since?: string; until?: string; form?: string; format?: string; "include-spam"?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        since: { type: "string" },
        until: { type: "string" },
        form: { type: "string" },
        format: { type: "string" },
        "include-spam": { type: "boolean" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
  const filter: ExportFilter = { includeQuarantined: values["include-spam"] === true };
  if (values.since !== undefined) {
    filter.since = utcDay(values.since);
    if (!filter.since) return { error: `--since must be a date, YYYY-MM-DD: "${values.since}"` };
  }
  if (values.until !== undefined) {
    const until = utcDay(values.until);
    if (!until) return { error: `--until must be a date, YYYY-MM-DD: "${values.until}"` };
    filter.before = new Date(until.getTime() + DAY_MS);
  }
  if (filter.since && filter.before && filter.since >= filter.before) return { error: `--since (${values.since}) is after --until (${values.until})` };
  const format = values.format ?? "csv";
  if (format !== "csv" && format !== "jsonl") return { error: `--format must be csv or jsonl: "${format}"` };
  let forms: FormKey[] = FORM_KEYS;
  if (values.form !== undefined) {
    const form = values.form;
    if (!isFormKey(form)) {
      const byMailType = formOfMailType(form);
      const hint = byMailType ? ` ("${form}" is a mail type of ${byMailType}: --form ${byMailType})` : "";
      return { error: `Unknown form "${form}"${hint}. The forms: ${FORM_KEYS.join(", ")}` };
    }
    // Every mail type the form's body may carry: news-letter's sign-ups are stored as news_letter or newsletter.
    filter.mailTypes = mailTypesOf(form);
    forms = [form];
  }
  return { filter, forms, format };
}

/**
 * Text written to a stream in chunks of about `chunkSize` characters, waiting
 * for 'drain' whenever the stream asks to (back-pressure); a failure of the
 * stream (a closed pipe) is thrown by the next write.
 */
class StreamOutput {
  private buffered = "";
  private failure: Error | undefined;
  private readonly onError = (err: Error): void => {
    this.failure ??= err;
  };

  constructor(
    private readonly stream: Writable,
    private readonly chunkSize = 64 * 1024,
  ) {
    stream.on("error", this.onError);
  }

  async write(text: string): Promise<void> {
    this.buffered += text;
    if (this.buffered.length >= this.chunkSize) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.buffered === "") return;
    const chunk = this.buffered;
    this.buffered = "";
    if (!this.stream.write(chunk)) await once(this.stream, "drain");
    if (this.failure) throw this.failure;
  }

  detach(): void {
    this.stream.off("error", this.onError);
  }
}

export async function exportCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: Writable = process.stdout,
  err: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<number> {
  if (helpAsked(args)) return showHelp(EXPORT_TEXT, (line) => out.write(`${line}\n`));
  const request = parseExportArgs(args);
  if ("error" in request) return usageError(request.error, EXPORT_TEXT, err);
  const { filter, forms, format } = request;
  const store = createStore(loadConfig(env));
  const output = new StreamOutput(out);
  try {
    await store.ready?.();
    const fields = fieldColumns(forms);
    if (format === "csv") await output.write(csvHeader(fields));
    let count = 0;
    for await (const lead of store.exportSubmissions(filter)) {
      await output.write(format === "csv" ? csvRecord(lead, fields) : jsonlRecord(lead));
      count++;
    }
    await output.flush();
    err(`${count} submission(s) exported`);
    return 0;
  } finally {
    output.detach();
    await store.close();
  }
}

if (require.main === module) {
  const log = configureCommandLogging();
  // A reader that goes away (`| head`) ends the export quietly.
  const closedPipe = (error: NodeJS.ErrnoException): boolean => error.code === "EPIPE";
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (!closedPipe(error)) log.error({ err: errorFields(error) }, `Standard output failed: ${errorFields(error).message}`);
  });
  exportCli(process.argv.slice(2)).then(
    // Exit once standard output has taken everything written to it.
    (code) => process.stdout.write("", () => process.exit(code)),
    (error: NodeJS.ErrnoException) => {
      if (!closedPipe(error)) log.error({ err: errorFields(error) }, `The export failed: ${errorFields(error).message}`);
      process.exit(closedPipe(error) ? 0 : 1);
    },
  );
}
