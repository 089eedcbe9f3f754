/**
 * A real Prometheus for the tests (Debian's `prometheus` package, or the
 * folder in PROMETHEUS_BIN): promtool to check the example configuration and
 * alert rules of ops/prometheus/, and a prometheus process of its own that
 * scrapes a running server. The code lives in testkit/prometheus-lib.cjs,
 * shared with the runtime check (scripts/runtime/prometheus.cjs); this module
 * gives it its types.
 *
 *     const prometheus = await startPrometheus(configFromExample([`127.0.0.1:${metricsPort}`]));
 *     try { await prometheus.query("up") } finally { await prometheus.stop() }
 */

export interface PrometheusPrograms {
  prometheus: string;
  promtool: string;
}

/** One sample of an instant query's answer. */
export interface PrometheusSample {
  metric: Record<string, string>;
  /** [unix time in seconds, value as text] */
  value: [number, string];
}

export interface PrometheusServer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The temporary folder holding its configuration and storage. */
  dir: string;
  /** What it logged so far. */
  output(): string;
  /** An instant query (GET /api/v1/query); rejects when Prometheus refuses it. */
  query(promql: string): Promise<PrometheusSample[]>;
  /** GET of another path of the HTTP API (/api/v1/targets, /api/v1/rules...): its `data`. */
  api<T = unknown>(path: string): Promise<T>;
  /** SIGTERM (SIGKILL after 10 s), then the folder is removed. */
  stop(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const lib = require("./prometheus-lib.cjs") as {
  EXAMPLE_CONFIG: string;
  findPrometheus(): PrometheusPrograms | undefined;
  requirePrometheus(): PrometheusPrograms;
  configFromExample(targets: string[], options?: { job?: string; interval?: string; file?: string }): Record<string, unknown>;
  startPrometheus(config: Record<string, unknown>, options?: { startTimeoutMs?: number }): Promise<PrometheusServer>;
};

/** ops/prometheus/prometheus.yml */
export const EXAMPLE_CONFIG = lib.EXAMPLE_CONFIG;

/** The paths of prometheus and promtool, or undefined when they are not installed. */
export const findPrometheus = (): PrometheusPrograms | undefined => lib.findPrometheus();

/** The paths of prometheus and promtool; throws with the command to install them when they are missing. */
export const requirePrometheus = (): PrometheusPrograms => lib.requirePrometheus();

/**
 * ops/prometheus/prometheus.yml with the job's (forms-site) targets replaced,
 * the scrape and evaluation interval set (1 s by default) and the rule files
 * made absolute.
 */
export const configFromExample = (targets: string[], options?: { job?: string; interval?: string; file?: string }): Record<string, unknown> =>
  lib.configFromExample(targets, options);

/** prometheus with this configuration on a free loopback port, its storage in a temporary folder; resolves once it is ready. */
export const startPrometheus = (config: Record<string, unknown>, options?: { startTimeoutMs?: number }): Promise<PrometheusServer> =>
  lib.startPrometheus(config, options);
