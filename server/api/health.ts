import express, { type Router } from "express";
import * as OpenApiValidator from "express-openapi-validator";
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
      disabled = (await store.webhookStatus()).filter((endpoint) => endpoint.disabledAt !== null).length;
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

/** GET /api/health (mounted at /health of the /api router), checked against openapi.yaml like the contact calls. */
export function healthRouter(options: { store: SubmissionStore; config: Config; apiSpec: string }): Router {
  const router = express.Router();
  router.use(
    OpenApiValidator.middleware({
      apiSpec: options.apiSpec,
      validateRequests: true,
      validateResponses: options.config.validateResponses,
    }),
  );
  router.get("/", async (_req, res) => {
    const { status, body } = await healthReport(options.store, options.config);
    res.setHeader("Cache-Control", "no-store");
    res.status(status).json(body);
  });
  return router;
}
