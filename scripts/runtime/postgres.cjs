/**
 * The tests run a real PostgreSQL of their own (initdb into a temporary
 * folder; testkit/postgres-lib.cjs). When PostgreSQL's programs are
 * missing, this installs Debian's package where it can, or stops at once with
 * the one command to run (./debian-package.cjs). A TEST_DATABASE_URL (a server
 * the tests use instead) needs nothing installed.
 */
const { findPostgresBin } = require("../../testkit/postgres-lib.cjs");
const { ensureDebianPackage } = require("./debian-package.cjs");

if (!process.env.TEST_DATABASE_URL) {
  if (process.env.POSTGRES_BIN && !findPostgresBin()) {
    console.error(`POSTGRES_BIN is ${process.env.POSTGRES_BIN}, which holds no initdb and pg_ctl: point it at PostgreSQL's bin folder, or unset it.`);
    process.exit(1);
  }
  ensureDebianPackage({
    what: "PostgreSQL's programs (initdb, pg_ctl)",
    name: "PostgreSQL",
    pkg: "postgresql",
    present: () => Boolean(findPostgresBin()),
    otherwise: "(or set POSTGRES_BIN to their folder, or TEST_DATABASE_URL to a server the tests may use)",
  });
}
