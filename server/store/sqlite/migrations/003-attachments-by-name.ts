import path from "path";
import type { Migration } from "./index";

interface Row {
  id: string;
  attachments: string;
}

/**
 * A notification names its attachments by the stored file they are
 * (`storedName`), no longer by a path on this machine's disk: the store says
 * where (or how) it keeps them. Rows written by earlier releases, with
 * `{ filename, path, contentType }`, are rewritten.
 */
export const attachmentsByName: Migration = {
  version: 3,
  name: "003-attachments-by-name",
  up(db) {
    const rows = db.prepare("SELECT id, attachments FROM outbox WHERE attachments LIKE '%\"path\"%'").all() as Row[];
    const update = db.prepare("UPDATE outbox SET attachments = ? WHERE id = ?");
    for (const row of rows) {
      const old = JSON.parse(row.attachments) as { filename: string; path?: string; storedName?: string; contentType: string }[];
      const renamed = old.map((a) => ({
        filename: a.filename,
        storedName: a.storedName ?? path.basename(a.path ?? ""),
        contentType: a.contentType,
      }));
      update.run(JSON.stringify(renamed), row.id);
    }
  },
};
