import Database from "better-sqlite3";
import type { DeliveryState, ExportedSubmission, ExportFilter } from "../types";

/** A submission row as the export's query returns it. */
interface ExportRow {
  id: string;
  mail_type: string;
  payload: string;
  created_at: string;
  verdict: string;
  spam_reasons: string | null;
  released_at: string | null;
  /** JSON [{ field, originalName, contentType, size }], by field. */
  attachments: string;
  mails: number;
  mails_sent: number;
  mails_failed: number;
  last_sent_at: string | null;
}

/** Where a submission's e-mail notification stands, from its outbox rows' counts. */
export function deliveryState(quarantined: boolean, mails: number, sent: number, failed: number): DeliveryState {
  if (mails === 0) return quarantined ? "held" : "none";
  if (failed > 0) return "failed";
  return sent === mails ? "sent" : "pending";
}

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

function toExported(row: ExportRow): ExportedSubmission {
  const quarantined = row.verdict === "spam" && row.released_at === null;
  const delivery = deliveryState(quarantined, row.mails, row.mails_sent, row.mails_failed);
  return {
    id: row.id,
    mailType: row.mail_type,
    createdAt: row.created_at,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    quarantined,
    reasons: row.spam_reasons ? (JSON.parse(row.spam_reasons) as string[]) : [],
    releasedAt: row.released_at,
    attachments: JSON.parse(row.attachments) as ExportedSubmission["attachments"],
    delivery,
    sentAt: delivery === "sent" ? row.last_sent_at : null,
  };
}
