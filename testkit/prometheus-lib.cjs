/**
 * A real, throw-away Prometheus for the tests, shared by testkit/prometheus.ts
 * (typed there) and the runtime check (scripts/runtime/prometheus.cjs).
 *
 * - findPrometheus(): the paths of `prometheus` and `promtool` (both from
 *   PROMETHEUS_BIN, a folder, when it is set; else from PATH, where Debian's
 *   `prometheus` package puts them), or undefined when either is missing.
 * - configFromExample(): ops/prometheus/prometheus.yml as a test runs it: the
 *   job's targets replaced by the given ones, a short scrape and evaluation
 *   interval, the rule files as absolute paths. Everything else (job name,
 *   labels, the rules themselves) is the example's own.
 * - startPrometheus(config): prometheus on a free loopback port with that
 *   configuration and its storage in a new temporary folder; resolves once
 *   /-/ready answers 200. `query(promql)` runs an instant query through the
 *   HTTP API; `stop()` sends SIGTERM (SIGKILL after 10 s) and removes the
 *   folder. A watchdog process does the same if the process that started it
 *   dies without stopping it (kill -9 of jest), and an exit handler covers a
 *   normal exit.
 */
const { spawn, spawnSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const yaml = require("js-yaml");
const { watchChild } = require("./child-output.cjs");
const { freePort } = require("./postgres-lib.cjs");

const ROOT = path.resolve(__dirname, "..");
const EXAMPLE_CONFIG = path.join(ROOT, "ops", "prometheus", "prometheus.yml");
const INSTALL = "sudo apt-get install prometheus";

/** The path of a program on PATH, or undefined. */
function onPath(name) {
  const which = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  const found = which.status === 0 ? which.stdout.trim() : "";
  return found && fs.existsSync(found) ? found : undefined;
}

/** { prometheus, promtool }: the two programs' paths, or undefined when one is missing. */
function findPrometheus() {
  if (process.env.PROMETHEUS_BIN) {
    const dir = process.env.PROMETHEUS_BIN;
    const prometheus = path.join(dir, "prometheus");
    const promtool = path.join(dir, "promtool");
    return fs.existsSync(prometheus) && fs.existsSync(promtool) ? { prometheus, promtool } : undefined;
  }
  const prometheus = onPath("prometheus");
  const promtool = onPath("promtool");
  return prometheus && promtool ? { prometheus, promtool } : undefined;
}

/** findPrometheus(), or an error that says what to install. */
function requirePrometheus() {
  const found = findPrometheus();
  if (!found) {
    const where = process.env.PROMETHEUS_BIN ? `in PROMETHEUS_BIN (${process.env.PROMETHEUS_BIN})` : "on PATH";
    throw new Error(`Prometheus is not installed (no prometheus and promtool ${where}). Install it, then run the tests again:\n  ${INSTALL}\n(or set PROMETHEUS_BIN to the folder of prometheus and promtool)`);
  }
  return found;
}

/**
 * The example configuration (ops/prometheus/prometheus.yml) with every
 * static target of `job` replaced by `targets`, the scrape and evaluation
 * intervals set to `interval`, and the rule files made absolute. Returns the
 * configuration as an object.
 */
function configFromExample(targets, { job = "forms-site", interval = "1s", file = EXAMPLE_CONFIG } = {}) {
  const config = yaml.load(fs.readFileSync(file, "utf8"));
  const scrape = (config.scrape_configs ?? []).find((entry) => entry.job_name === job);
  if (!scrape) throw new Error(`${path.relative(ROOT, file)} has no scrape job ${job}`);
  if (!Array.isArray(scrape.static_configs) || scrape.static_configs.length === 0) {
    throw new Error(`${path.relative(ROOT, file)}: job ${job} has no static_configs to replace`);
  }
  scrape.static_configs = [{ ...scrape.static_configs[0], targets }];
  config.global = { ...(config.global ?? {}), scrape_interval: interval, evaluation_interval: interval, scrape_timeout: interval };
  config.rule_files = (config.rule_files ?? []).map((rules) => path.resolve(path.dirname(file), rules));
  return config;
}

const servers = new Set();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts prometheus with `config` (an object, written as YAML into its
 * folder) on a free loopback port. Resolves when it is ready; rejects with
 * its output when it exits first or is not ready within startTimeoutMs.
 */
async function startPrometheus(config, { startTimeoutMs = 60_000 } = {}) {
  const { prometheus } = requirePrometheus();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prometheus-test-"));
  const configFile = path.join(dir, "prometheus.yml");
  fs.writeFileSync(configFile, yaml.dump(config));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [`--config.file=${configFile}`, `--storage.tsdb.path=${path.join(dir, "data")}`, `--web.listen-address=127.0.0.1:${port}`, "--log.level=warn"];
  const child = spawn(prometheus, args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  const watched = watchChild(child, 1024 * 1024);
  const { output, exit } = watched;
  const server = { child, dir, stopped: false, watchdog: startWatchdog(child.pid, dir) };
  servers.add(server);

  const stop = async () => {
    if (server.stopped) return;
    server.stopped = true;
    servers.delete(server);
    if (!watched.exited()) {
      child.kill("SIGTERM");
      const timer = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());
      await Promise.race([exit, timer(10_000)]);
      if (!watched.exited()) {
        child.kill("SIGKILL");
        await Promise.race([exit, timer(10_000)]);
      }
    }
    if (server.watchdog) {
      try {
        process.kill(server.watchdog.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  /** An instant query through the HTTP API: the result's samples ({ metric, value: [time, "value"] }). */
  const query = async (promql) => {
    const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`, { signal: AbortSignal.timeout(10_000) });
    const body = await res.json();
    if (res.status !== 200 || body.status !== "success") throw new Error(`Prometheus refused the query ${promql}: ${res.status} ${JSON.stringify(body)}`);
    return body.data.result;
  };

  /** A GET of the HTTP API (/api/v1/...), its `data`. */
  const api = async (apiPath) => {
    const res = await fetch(`${url}${apiPath}`, { signal: AbortSignal.timeout(10_000) });
    const body = await res.json();
    if (res.status !== 200 || body.status !== "success") throw new Error(`Prometheus answered ${apiPath} with ${res.status} ${JSON.stringify(body)}`);
    return body.data;
  };

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (watched.exited()) {
      await stop();
      throw new Error(`Prometheus exited before it was ready (${watched.exited().error?.message ?? watched.exited().signal ?? `code ${watched.exited().code}`}):\n${output()}`);
    }
    const ready = await fetch(`${url}/-/ready`, { signal: AbortSignal.timeout(1_000) }).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Prometheus was not ready on ${url} within ${startTimeoutMs} ms:\n${output()}`);
    }
    await sleep(100);
  }
  return { url, port, dir, output, query, api, stop };
}

/**
 * A detached shell that waits for this process to end, then stops
 * Prometheus (SIGTERM, SIGKILL 5 s later) and removes its folder. It is
 * killed when Prometheus is stopped normally.
 */
function startWatchdog(pid, dir) {
  if (!pid) return undefined;
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; kill -TERM ${pid} 2>/dev/null; sleep 5; kill -KILL ${pid} 2>/dev/null; rm -rf '${dir}'`;
  const child = spawn("sh", ["-c", script], { detached: true, stdio: "ignore" });
  child.unref();
  return child;
}

/** A normal exit without stop(): stop every Prometheus now (the watchdog removes the folders). */
process.on("exit", () => {
  for (const server of servers) {
    try {
      server.child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
});

module.exports = { EXAMPLE_CONFIG, findPrometheus, requirePrometheus, configFromExample, startPrometheus };
