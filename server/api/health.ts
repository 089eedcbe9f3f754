import express, { type RequestHandler, type Router } from "express";
import type { Config } from "../config";
import type { OutboxSummary, SubmissionStore } from "../store";
import type { components } from "../../src/contract/schema";

export type HealthReport = components["schemas"]["Health"];

/** Where the health report lives (under the app's /api). */
export const HEALTH_PATH = "/api/health";

/**
 * What the instance can tell about itself without side effects: whether its
 * store answers, and the outbox's undelivered notifications. `degraded` (still
 * 200: the instance serves) when a notification has failed or waits longer than
 * `outboxAlertAfterMs`; 503 when the store does not answer.
 */
export async function healthReport(
  store: SubmissionStore,
  config: Pick<Config, "outboxAlertAfterMs"> & Partial<Pick<Config, "webhookEndpoints">>,
  now: Date = new Date(),
): Promise<{ status: 200 | 503; body: HealthReport }> {
  const withWebhooks = (config.webhookEndpoints?.length ?? 0) > 0;
  let summary;
  let webhooks;
  let disabled = 0;
  try {
    summary = await store.outboxSummary();
    if (withWebhooks) {
      webhooks = await store.outboxSummary("webhook");
      disabled = store.disabledEndpointCount
        ? await store.disabledEndpointCount()
        : (await store.webhookStatus()).filter((endpoint) => endpoint.disabledAt !== null).length;
    }
  } catch {
    return { status: 503, body: { status: "unavailable", store: "unavailable" } };
  }
  const backlog = (of: OutboxSummary) => {
    const waitedMs = of.oldestPendingSince === null ? null : Math.max(0, now.getTime() - of.oldestPendingSince.getTime());
    return {
      counts: { pending: of.pending, failed: of.failed, oldestPendingSeconds: waitedMs === null ? null : Math.floor(waitedMs / 1000) },
      degraded: of.failed > 0 || (waitedMs !== null && waitedMs >= config.outboxAlertAfterMs),
    };
  };
  const mail = backlog(summary);
  const hooks = webhooks ? backlog(webhooks) : undefined;
  const body: HealthReport = {
    status: mail.degraded || hooks?.degraded || disabled > 0 ? "degraded" : "ok",
    store: "ok",
    outbox: mail.counts,
  };
  if (hooks) body.webhooks = { ...hooks.counts, disabledEndpoints: disabled };
  return { status: 200, body };
}

/**
 * Whether this instance should get traffic (GET /api/health/ready): the store
 * answers within `timeoutMs`, and the server is not shutting down.
 *
 * However many probes arrive, one check runs at a time: probes that arrive
 * while it runs share its answer, and its answer is given again for
 * `reuseMs`. A check that has not answered after `timeoutMs` says "not
 * ready" then, whatever it is still waiting for (the PostgreSQL store bounds
 * its own waits by the same time, so checks do not pile up behind a database
 * that stopped answering).
 */
export class Readiness {
  private running: Promise<boolean> | undefined;
  private last: { at: number; ready: boolean } | undefined;
  private stopping = false;
  /** Checks of the store started so far. */
  checks = 0;

  constructor(
    private readonly store: Pick<SubmissionStore, "ping" | "outboxSummary">,
    private readonly timeoutMs: number,
    private readonly reuseMs: number = READY_REUSE_MS,
    /** The clock `reuseMs` is counted on, in ms (monotonic). */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** From now on, not ready: the server is shutting down (SIGTERM), a load balancer should send its traffic elsewhere. */
  stop(): void {
    this.stopping = true;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** True when the store answered in time (now, or less than `reuseMs` ago). */
  async storeAnswers(): Promise<boolean> {
    if (this.last && this.now() - this.last.at < this.reuseMs) return this.last.ready;
    this.running ??= this.check().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async check(): Promise<boolean> {
    this.checks += 1;
    const startedAt = this.now();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.timeoutMs);
    });
    const answered = Promise.resolve()
      .then(async () => {
        if (this.store.ping) await this.store.ping();
        else await this.store.outboxSummary();
      })
      .then(
        () => true,
        () => false,
      );
    try {
      const ready = await Promise.race([answered, late]);
      this.last = { at: startedAt, ready };
      return ready;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** How long a readiness answer is given again to the probes that follow, in ms. */
export const READY_REUSE_MS = 500;

type Liveness = components["schemas"]["Liveness"];
type ReadinessReport = components["schemas"]["Readiness"];

/**
 * GET /api/health, /api/health/live and /api/health/ready (mounted at /health
 * of the /api router), checked by the app's validator of openapi.yaml like the contact calls.
 */
export function healthRouter(options: { store: SubmissionStore; config: Config; validator: RequestHandler[]; readiness?: Readiness }): Router {
  const readiness = options.readiness ?? new Readiness(options.store, options.config.healthTimeoutMs);
  const router = express.Router();
  router.use(options.validator);
  router.get("/", async (_req, res) => {
    const { status, body } = await healthReport(options.store, options.config);
    res.setHeader("Cache-Control", "no-store");
    res.status(status).json(body);
  });
  // The process serves: nothing else is looked at (no store, no outbox).
  router.get("/live", (_req, res) => {
    const body: Liveness = { status: "ok" };
    res.setHeader("Cache-Control", "no-store");
    res.status(200).json(body);
  });
  router.get("/ready", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const stopping = (): ReadinessReport => ({ status: "stopping" });
    if (readiness.isStopping) {
      res.status(503).json(stopping());
      return;
    }
    const answers = await readiness.storeAnswers();
    // Shutdown may have begun while the store was asked.
    if (readiness.isStopping) res.status(503).json(stopping());
    else if (answers) res.status(200).json({ status: "ok" } satisfies ReadinessReport);
    else res.status(503).json({ status: "unavailable" } satisfies ReadinessReport);
  });
  return router;
}
