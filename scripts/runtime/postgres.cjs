/**
 * The tests run a real PostgreSQL of their own (initdb into a temporary
 * folder; testkit/postgres-lib.cjs). When PostgreSQL's programs are
 * missing, this installs Debian's package where it can (as root with
 * apt-get), or stops at once with the one command to run. A TEST_DATABASE_URL
 * (a server the tests use instead) needs nothing installed.
 */
const { spawnSync } = require("child_process");
const { findPostgresBin } = require("../../testkit/postgres-lib.cjs");

function hasCommand(name) {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}

const COMMAND = "  sudo apt-get install postgresql";

if (!process.env.TEST_DATABASE_URL && !findPostgresBin()) {
  if (process.env.POSTGRES_BIN) {
    console.error(`POSTGRES_BIN is ${process.env.POSTGRES_BIN}, which holds no initdb and pg_ctl: point it at PostgreSQL's bin folder, or unset it.`);
    process.exit(1);
  }
  if (process.getuid?.() === 0 && hasCommand("apt-get")) {
    console.log("PostgreSQL is missing: installing Debian's package (apt-get install postgresql)...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const install = update.status === 0 ? spawnSync("apt-get", ["install", "-y", "-qq", "postgresql"], { stdio: "inherit", env }) : update;
    if (install.status !== 0 || !findPostgresBin()) {
      console.error(`Installing PostgreSQL failed. Install it, then run the tests again:\n${COMMAND}`);
      process.exit(1);
    }
  } else {
    console.error(`The tests need PostgreSQL's programs (initdb, pg_ctl), and they are not there. Install them, then run the tests again:\n${COMMAND}\n(or set POSTGRES_BIN to their folder, or TEST_DATABASE_URL to a server the tests may use)`);
    process.exit(1);
  }
}
