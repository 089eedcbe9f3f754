import Database from "better-sqlite3";
import { toExported, type ExportRow } from "../submission-rows";
import type { ExportedSubmission, ExportFilter } from "../types";

/**
 * The submissions of the SQLite file that match `filter`, oldest first,
 * streamed (better-sqlite3's iterate: one row at a time) on a read-only
 * connection of their own: the store's connection stays free for its writes
 * (an open iterator makes a connection refuse them), and the export reads one
 * snapshot of the file. Attachments and outbox counts come in the same row
 * (correlated sub-queries), so nothing else is queried while iterating.
 *
 * Delivery counts the e-mail rows of the outbox: when the outbox has a
 * `channel` column (webhooks beside e-mail), only its `email` rows.
 */
export async function* exportSqliteSubmissions(file: string, filter: ExportFilter): AsyncGenerator<ExportedSubmission> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const outboxColumns = db.prepare("SELECT name FROM pragma_table_info('outbox')").pluck().all() as string[];
    const email = outboxColumns.includes("channel") ? " AND o.channel = 'email'" : "";
    const where: string[] = [];
    const values: Record<string, string> = {};
    // created_at is ISO 8601 UTC text of one length: text order is time order.
    if (filter.since) {
      where.push("s.created_at >= @since");
      values.since = filter.since.toISOString();
    }
    if (filter.before) {
      where.push("s.created_at < @before");
      values.before = filter.before.toISOString();
    }
    if (filter.mailTypes !== undefined) {
      where.push("s.mail_type IN (SELECT value FROM json_each(@mailTypes))");
      values.mailTypes = JSON.stringify(filter.mailTypes);
    }
    if (!filter.includeQuarantined) where.push("NOT (s.verdict = 'spam' AND s.released_at IS NULL)");
    const rows = db
      .prepare(
        `SELECT s.id, s.mail_type, s.payload, s.created_at, s.verdict, s.spam_reasons, s.released_at,
           (SELECT json_group_array(json_object('field', a.field, 'originalName', a.original_name, 'contentType', a.content_type, 'size', a.size)
                                    ORDER BY a.field, a.original_name, a.id)
            FROM attachments a WHERE a.submission_id = s.id) AS attachments,
           (SELECT COUNT(*) FROM outbox o WHERE o.submission_id = s.id${email}) AS mails,
           (SELECT COUNT(*) FROM outbox o WHERE o.submission_id = s.id${email} AND o.status = 'sent') AS mails_sent,
           (SELECT COUNT(*) FROM outbox o WHERE o.submission_id = s.id${email} AND o.status = 'failed') AS mails_failed,
           (SELECT MAX(o.sent_at) FROM outbox o WHERE o.submission_id = s.id${email} AND o.status = 'sent') AS last_sent_at
         FROM submissions s
         ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}
         ORDER BY s.created_at, s.id`,
      )
      .iterate(values) as IterableIterator<ExportRow>;
    // for...of closes the statement when the consumer stops early (return or throw).
    for (const row of rows) yield toExported(row);
  } finally {
    db.close();
  }
}
