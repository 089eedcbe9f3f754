import type { Pool } from "pg";
import { toExported, type ExportRow } from "../submission-rows";
import type { ExportedSubmission, ExportFilter } from "../types";

/** Submissions read per query. */
export const EXPORT_PAGE_SIZE = 500;

/** A submission row as the export's query returns it, with where the next page starts. */
interface PageRow extends ExportRow {
  /** created_at to the microsecond, UTC (a Date keeps milliseconds only). */
  cursor_at: string;
}

/**
 * The submissions of the PostgreSQL store that match `filter`, oldest first,
 * a page at a time: keyset pagination on (created_at, id), each page one
 * query of at most `pageSize` rows on any connection of the pool (no cursor,
 * no transaction held open). A submission stored while the export runs is
 * included when it sorts after the page being read. Attachments (without
 * their bytes) and outbox counts come in the same rows.
 *
 * Delivery counts the e-mail rows of the outbox: when the outbox has a
 * `channel` column (webhooks beside e-mail), only its `email` rows.
 */
export async function* exportPostgresSubmissions(pool: Pool, filter: ExportFilter, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ExportedSubmission> {
  const channel = await pool.query<{ found: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('outbox') AND attname = 'channel' AND NOT attisdropped) AS found",
  );
  const email = channel.rows[0]?.found ? " AND o.channel = 'email'" : "";
  const where: string[] = [];
  const values: unknown[] = [];
  const parameter = (value: unknown): string => {
    values.push(value);
    return `$${values.length}`;
  };
  if (filter.since) where.push(`s.created_at >= ${parameter(filter.since)}`);
  if (filter.before) where.push(`s.created_at < ${parameter(filter.before)}`);
  if (filter.mailTypes !== undefined) where.push(`s.mail_type = ANY(${parameter(filter.mailTypes)}::text[])`);
  if (!filter.includeQuarantined) where.push("NOT (s.verdict = 'spam' AND s.released_at IS NULL)");
  const fixed = values.length;
  const limit = Math.max(1, Math.floor(pageSize));
  // The page's start: after the last row read. The plain bound on created_at lets the index on it serve.
  const after = `s.created_at >= ($${fixed + 1}::timestamp AT TIME ZONE 'UTC') AND (s.created_at, s.id) > ($${fixed + 1}::timestamp AT TIME ZONE 'UTC', $${fixed + 2}::uuid)`;
  const query = (first: boolean): string =>
    `SELECT s.id::text AS id, s.mail_type, s.payload, s.created_at,
       to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS cursor_at,
       s.verdict, s.spam_reasons, s.released_at,
       COALESCE((SELECT json_agg(json_build_object('field', a.field, 'originalName', a.original_name, 'contentType', a.content_type, 'size', a.size)
                                 ORDER BY a.field, a.original_name, a.id)
                 FROM attachments a WHERE a.submission_id = s.id), '[]'::json) AS attachments,
       (SELECT COUNT(*)::int FROM outbox o WHERE o.submission_id = s.id${email}) AS mails,
       (SELECT COUNT(*)::int FROM outbox o WHERE o.submission_id = s.id${email} AND o.status = 'sent') AS mails_sent,
       (SELECT COUNT(*)::int FROM outbox o WHERE o.submission_id = s.id${email} AND o.status = 'failed') AS mails_failed,
       (SELECT MAX(o.sent_at) FROM outbox o WHERE o.submission_id = s.id${email} AND o.status = 'sent') AS last_sent_at
     FROM submissions s
     ${[...where, ...(first ? [] : [after])].map((condition, index) => `${index === 0 ? "WHERE" : "AND"} ${condition}`).join("\n     ")}
     ORDER BY s.created_at, s.id
     LIMIT ${limit}`;
  let cursor: [string, string] | undefined;
  for (;;) {
    const { rows } = await pool.query<PageRow>(query(cursor === undefined), cursor === undefined ? values : [...values, ...cursor]);
    for (const row of rows) yield toExported(row);
    if (rows.length < limit) return;
    const last = rows[rows.length - 1];
    cursor = [last.cursor_at, last.id];
  }
}
