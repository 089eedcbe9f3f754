/**
 * The tests check the alert rules with promtool and run a real Prometheus of
 * their own against the server (testkit/prometheus-lib.cjs). When Prometheus's
 * programs are missing, this installs Debian's package where it can (as root
 * with apt-get), or stops at once with the one command to run. Debian's
 * package starts no service where none can run (containers); the tests start
 * their own Prometheus anyway, on a temporary folder and port.
 */
const { spawnSync } = require("child_process");
const { findPrometheus, INSTALL } = require("../../testkit/prometheus-lib.cjs");

function hasCommand(name) {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}

const COMMAND = `  ${INSTALL}`;

if (!findPrometheus()) {
  if (process.env.PROMETHEUS_BIN) {
    console.error(`PROMETHEUS_BIN is ${process.env.PROMETHEUS_BIN}, which holds no prometheus and promtool: point it at their folder, or unset it.`);
    process.exit(1);
  }
  if (process.getuid?.() === 0 && hasCommand("apt-get")) {
    console.log("Prometheus is missing: installing Debian's package (apt-get install prometheus)...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const install = update.status === 0 ? spawnSync("apt-get", ["install", "-y", "-qq", "prometheus"], { stdio: "inherit", env }) : update;
    if (install.status !== 0 || !findPrometheus()) {
      console.error(`Installing Prometheus failed. Install it, then run the tests again:\n${COMMAND}`);
      process.exit(1);
    }
  } else {
    console.error(`The tests need Prometheus's programs (prometheus, promtool), and they are not there. Install them, then run the tests again:\n${COMMAND}\n(or set PROMETHEUS_BIN to their folder)`);
    process.exit(1);
  }
}
