/**
 * The server's Prometheus metrics (prom-client), in a registry of their own,
 * served by `GET /metrics` on METRICS_PORT (a server of its own, bound to
 * METRICS_HOST; never on the public port). The families and their labels are
 * those docs/operations.md lists and ops/prometheus/alerts.yml relies on:
 * rename none without changing both.
 *
 * - http_request_duration_seconds{method, route, status_code}: every request
 *   of the public app; `route` is the template of the API route that answered
 *   (`/api/v1/contact/contact_us`, `/api/v1/files/{name}`), `static` for a
 *   file or page of the built site, `other` for the rest. Never a raw path.
 * - forms_submissions_total{form, verdict}: lead, spam (quarantined) or
 *   invalid (refused with 400, 413 or 415).
 * - outbox_deliveries_total{channel, result}: sent, retry, failed (given up).
 * - rate_limit_fallback_total, store_errors_total.
 * - outbox_pending_messages, outbox_oldest_pending_age_seconds,
 *   outbox_failed_messages{channel} and store_up: read from the store at each
 *   scrape (the store every instance shares: each instance reports the same
 *   backlog), within HEALTH_TIMEOUT_MS; when the store does not answer in time,
 *   store_up is 0 and the outbox gauges are left out.
 * - prom-client's process and Node.js metrics, but the gauges it names
 *   `*_total` (which `promtool check metrics` refuses).
 */
import http from "http";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { FORM_KEYS } from "../src/shared/forms/registry";
import type { OutboxChannel, OutboxSummary, SubmissionStore } from "./store/types";

export const CHANNELS: readonly OutboxChannel[] = ["email", "webhook"];
export type Verdict = "lead" | "spam" | "invalid";
export type DeliveryResult = "sent" | "retry" | "failed";

/** Methods named in the `method` label; any other is `other` (a label never takes arbitrary text). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method, route template (or static, other) and status.",
    labelNames: ["method", "route", "status_code"] as const,
    registers: [this.registry],
  });
  readonly submissions = new Counter({
    name: "forms_submissions_total",
    help: "Form submissions by form and verdict: lead (stored and notified), spam (stored in quarantine), invalid (refused with a 4xx).",
    labelNames: ["form", "verdict"] as const,
    registers: [this.registry],
  });
  readonly deliveries = new Counter({
    name: "outbox_deliveries_total",
    help: "Delivery attempts of the outbox by channel and result: sent, retry (another attempt follows), failed (given up).",
    labelNames: ["channel", "result"] as const,
    registers: [this.registry],
  });
  readonly rateLimitFallbacks = new Counter({
    name: "rate_limit_fallback_total",
    help: "Times the shared rate-limit count failed and this instance counted on its own.",
    registers: [this.registry],
  });
  readonly storeErrors = new Counter({
    name: "store_errors_total",
    help: "Errors of the store (database) met by this instance while serving or delivering.",
    registers: [this.registry],
  });
  private store: { store: SubmissionStore; timeoutMs: number } | undefined;
  /** The store's reading of the scrape under way, shared by the gauges it feeds. */
  private reading: Promise<Map<OutboxChannel, OutboxSummary> | undefined> | undefined;

  constructor() {
    for (const form of FORM_KEYS) for (const verdict of ["lead", "spam", "invalid"] as const) this.submissions.inc({ form, verdict }, 0);
    for (const channel of CHANNELS) for (const result of ["sent", "retry", "failed"] as const) this.deliveries.inc({ channel, result }, 0);
    const readStore = () => this.readStore();
    new Gauge({
      name: "store_up",
      help: "1 when the store answered this scrape's reads within HEALTH_TIMEOUT_MS, else 0.",
      registers: [this.registry],
      async collect() {
        this.set((await readStore()) ? 1 : 0);
      },
    });
    const outboxGauge = (name: string, help: string, value: (summary: OutboxSummary, now: number) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ["channel"] as const,
        registers: [this.registry],
        async collect() {
          const summaries = await readStore();
          this.reset();
          if (!summaries) return;
          const now = Date.now();
          for (const [channel, summary] of summaries) this.set({ channel }, value(summary, now));
        },
      });
    outboxGauge("outbox_pending_messages", "Outbox rows not delivered yet (pending or being sent), by channel; the same on every instance.", (s) => s.pending);
    outboxGauge(
      "outbox_oldest_pending_age_seconds",
      "Age of the oldest undelivered outbox row, by channel (0 when none waits).",
      (s, now) => (s.oldestPendingSince === null ? 0 : Math.max(0, (now - s.oldestPendingSince.getTime()) / 1000)),
    );
    outboxGauge("outbox_failed_messages", "Outbox rows given up on (failed for good, waiting to be re-sent by hand), by channel.", (s) => s.failed);
    collectDefaultMetrics({ register: this.registry });
    // Gauges named *_total break the naming rule promtool checks (a _total name is a counter's).
    for (const metric of this.registry.getMetricsAsArray()) {
      const { name, type } = metric as unknown as { name: string; type: string };
      if (type === "gauge" && name.endsWith("_total")) this.registry.removeSingleMetric(name);
    }
  }

  /** The store whose outbox the gauges read at each scrape, and how long a scrape waits for it. */
  watchStore(store: SubmissionStore, timeoutMs: number): void {
    this.store = { store, timeoutMs };
  }

  /** Both channels' summaries, read once per scrape; undefined when the store failed or did not answer in time. */
  private readStore(): Promise<Map<OutboxChannel, OutboxSummary> | undefined> {
    if (!this.store) return Promise.resolve(undefined);
    if (!this.reading) {
      const { store, timeoutMs } = this.store;
      let timer: NodeJS.Timeout | undefined;
      const read = Promise.all(CHANNELS.map(async (channel) => [channel, await store.outboxSummary(channel)] as const)).then((pairs) => new Map(pairs));
      read.catch(() => undefined);
      const timeout = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), timeoutMs);
      });
      this.reading = Promise.race([read.catch(() => undefined), timeout]).finally(() => {
        clearTimeout(timer);
        this.reading = undefined;
      });
    }
    return this.reading;
  }

  countRequest(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method: METHODS.has(method) ? method : "other", route, status_code: String(status) }, seconds);
  }

  countSubmission(form: string, verdict: Verdict): void {
    this.submissions.inc({ form, verdict });
  }

  countDelivery(channel: OutboxChannel, result: DeliveryResult): void {
    this.deliveries.inc({ channel, result });
  }

  countRateLimitFallback(): void {
    this.rateLimitFallbacks.inc();
  }

  countStoreError(): void {
    this.storeErrors.inc();
  }
}

/** The process's metrics: counted whether or not a metrics server serves them. */
export const metrics = new Metrics();

/**
 * The metrics server: `GET /metrics` (and HEAD) in the Prometheus text format;
 * anything else 404 (405 for another method on /metrics). Not listening yet.
 */
export function createMetricsServer(registry: Registry = metrics.registry): http.Server {
  return http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found: the metrics are at /metrics\n");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" }).end("Method not allowed\n");
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (err: unknown) => {
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end(`The metrics could not be collected: ${err instanceof Error ? err.message : String(err)}\n`);
      },
    );
  });
}
