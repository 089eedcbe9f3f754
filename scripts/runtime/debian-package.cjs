/**
 * What the test runs need from the system (Chromium's headless shell,
 * PostgreSQL's and Prometheus's programs, nginx, strace), installed the same way: when it is
 * missing, Debian's package is installed where that can be done (as root, with
 * apt-get), else the run stops at once with the one command to run.
 */
const { spawnSync } = require("child_process");

function hasCommand(name) {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}

/**
 * Makes sure `present()` holds, installing Debian's `pkg` when it does not.
 *
 * - what: what is missing, in words ("PostgreSQL's programs (initdb, pg_ctl)");
 * - name: its short name for the progress line ("PostgreSQL");
 * - pkg: Debian's package;
 * - present: whether it is there (looked up again after the installation);
 * - canInstall: false when a setting points elsewhere, so installing would not help (default true);
 * - otherwise: the way round it, told after the command ("(or set POSTGRES_BIN to their folder)").
 *
 * Exits the process (status 1) when it stays missing.
 */
function ensureDebianPackage({ what, name, pkg, present, canInstall = true, otherwise = "" }) {
  if (present()) return;
  const command = `  sudo apt-get install ${pkg}`;
  if (canInstall && process.getuid?.() === 0 && hasCommand("apt-get")) {
    console.log(`${name} is missing: installing Debian's package (apt-get install ${pkg})...`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const install = update.status === 0 ? spawnSync("apt-get", ["install", "-y", "-qq", pkg], { stdio: "inherit", env }) : update;
    if (install.status === 0 && present()) return;
    console.error(`Installing ${name} failed. Install it, then run the tests again:\n${command}`);
    process.exit(1);
  }
  console.error(`The tests need ${what}, and it is not there. Install it, then run the tests again:\n${command}${otherwise ? `\n${otherwise}` : ""}`);
  process.exit(1);
}

module.exports = { ensureDebianPackage };
