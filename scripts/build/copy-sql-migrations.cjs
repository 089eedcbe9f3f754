/**
 * The PostgreSQL store's migrations are plain .sql files, which tsc does not
 * emit: copy them next to the compiled runner (dist/server/store/postgres/
 * migrations/), replacing what an earlier build left there. Run by
 * `npm run build:server` and by the jest global set-up after it compiles.
 */
const fs = require("fs");
const path = require("path");

const ROOT = path.resolve(__dirname, "..", "..");
const FROM = path.join(ROOT, "server", "store", "postgres", "migrations");
const TO = path.join(ROOT, "dist", "server", "store", "postgres", "migrations");

function copySqlMigrations() {
  fs.rmSync(TO, { recursive: true, force: true });
  fs.mkdirSync(TO, { recursive: true });
  const files = fs.readdirSync(FROM).filter((file) => file.endsWith(".sql"));
  for (const file of files) fs.copyFileSync(path.join(FROM, file), path.join(TO, file));
  return files;
}

module.exports = { copySqlMigrations };

if (require.main === module) copySqlMigrations();
