/**
 * The tests check the alert rules with promtool and run a real Prometheus of
 * their own against the server (testkit/prometheus-lib.cjs). When Prometheus's
 * programs are missing, this installs Debian's package where it can, or stops
 * at once with the one command to run (./debian-package.cjs). Debian's package
 * starts no service where none can run (containers); the tests start their own
 * Prometheus anyway, on a temporary folder and port.
 */
const { findPrometheus } = require("../../testkit/prometheus-lib.cjs");
const { ensureDebianPackage } = require("./debian-package.cjs");

if (process.env.PROMETHEUS_BIN && !findPrometheus()) {
  console.error(`PROMETHEUS_BIN is ${process.env.PROMETHEUS_BIN}, which holds no prometheus and promtool: point it at their folder, or unset it.`);
  process.exit(1);
}
ensureDebianPackage({
  what: "Prometheus's programs (prometheus, promtool)",
  name: "Prometheus",
  pkg: "prometheus",
  present: () => Boolean(findPrometheus()),
  otherwise: "(or set PROMETHEUS_BIN to their folder)",
});
