/**
 * A real Prometheus on the example configuration (ops/prometheus/prometheus.yml,
 * its targets replaced by a running server's METRICS_PORT, scraping every
 * second, with the alert rules of alerts.yml) scrapes the compiled server as
 * its own process: after one submission, forms_submissions_total reads back
 * through Prometheus's HTTP API, and the rules are loaded and evaluated.
 */
import { cleanup, freePort, makeSubmission, startServer, submit } from "../../testkit/faults";
import { configFromExample, startPrometheus, type PrometheusServer } from "../../testkit/prometheus";
import { waitFor } from "../../testkit/wait";

let prometheus: PrometheusServer | undefined;

afterAll(async () => {
  await prometheus?.stop();
  await cleanup();
});

interface RuleGroups {
  groups: { file: string; rules: { name: string; type: string; health: string; lastError?: string }[] }[];
}

it("Prometheus scrapes the server and reads forms_submissions_total back through its HTTP API", async () => {
  const metricsPort = await freePort();
  const server = await startServer({ env: { METRICS_PORT: String(metricsPort), METRICS_HOST: "127.0.0.1" } });
  const target = `127.0.0.1:${metricsPort}`;
  prometheus = await startPrometheus(configFromExample([target], { interval: "1s" }));

  // Prometheus reaches the instance: up is 1 for it, and the store answered the scrape.
  const up = await waitFor(async () => {
    const samples = await prometheus!.query(`up{job="forms-site", instance="${target}"} == 1`);
    return samples.length === 1 && samples;
  }, 30_000);
  expect(up[0].metric).toMatchObject({ job: "forms-site", instance: target, environment: "production" });
  await waitFor(async () => (await prometheus!.query(`store_up{instance="${target}"} == 1`)).length === 1, 30_000);

  const answer = await submit(server.url, makeSubmission(1, { kinds: ["contact_us"] }));
  expect(answer.status).toBe(201);

  // The lead is counted by the server, scraped, and read back: polled until a scrape after the submission is in.
  const counted = await waitFor(async () => {
    const samples = await prometheus!.query(`forms_submissions_total{job="forms-site", form="contact_us", verdict="lead"} >= 1`);
    return samples.length > 0 && samples;
  }, 30_000);
  expect(counted).toHaveLength(1);
  expect(counted[0].metric).toMatchObject({ __name__: "forms_submissions_total", instance: target, form: "contact_us", verdict: "lead" });
  expect(Number(counted[0].value[1])).toBe(1);

  // Nothing refused and no spam: the other verdicts of that form read 0.
  const others = await prometheus.query(`forms_submissions_total{job="forms-site", form="contact_us", verdict!="lead"}`);
  expect(others.map((sample) => [sample.metric.verdict, sample.value[1]]).sort()).toEqual([
    ["invalid", "0"],
    ["spam", "0"],
  ]);

  // The example's rules are loaded and evaluate without error against the real series.
  const rules = await waitFor(async () => {
    const data = await prometheus!.api<RuleGroups>("/api/v1/rules?type=alert");
    const all = data.groups.flatMap((group) => group.rules);
    return all.length > 0 && all.every((rule) => rule.health === "ok") && all;
  }, 30_000);
  expect(rules.map((rule) => rule.name).sort()).toEqual(
    [
      "FormsHighErrorRatio",
      "FormsInstanceNotReady",
      "FormsLeadUndelivered",
      "FormsNotificationFailed",
      "FormsRateLimitFallback",
      "FormsSpamShareJump",
      "FormsWebhookBacklogGrowing",
    ].sort(),
  );

  await prometheus.stop();
  prometheus = undefined;
});
