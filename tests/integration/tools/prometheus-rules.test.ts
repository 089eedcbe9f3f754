/**
 * The example Prometheus configuration and alert rules of ops/prometheus/,
 * checked like code with the real promtool (Debian's `prometheus` package, or
 * PROMETHEUS_BIN): the configuration and the rules are valid, the rules' unit
 * tests (alerts.test.yml) pass, and every alert has cases there where it fires
 * and where it must not, so an alert added without tests, or a test naming
 * an alert that no longer exists (it would pass without checking anything),
 * fails here. Each alert's runbook leads to a heading of docs/operations.md.
 */
import { execFile } from "child_process";
import fs from "fs";
import path from "path";
import GithubSlugger from "github-slugger";
import yaml from "js-yaml";
import { requirePrometheus } from "../../../testkit/prometheus";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const DIR = path.join(ROOT, "ops", "prometheus");
const CONFIG = path.join(DIR, "prometheus.yml");
const RULES = path.join(DIR, "alerts.yml");
const RULE_TESTS = path.join(DIR, "alerts.test.yml");
const OPERATIONS = path.join(ROOT, "docs", "operations.md");

interface Run {
  code: number;
  output: string;
}

/** Runs promtool with these arguments; resolves with its exit code and output (stdout and stderr). */
function promtool(...args: string[]): Promise<Run> {
  const { promtool: file } = requirePrometheus();
  return new Promise((resolve) => {
    execFile(file, args, { cwd: DIR, timeout: 110_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

interface RuleFile {
  groups: { name: string; rules: { alert?: string; record?: string; annotations?: Record<string, string> }[] }[];
}

interface RuleTestFile {
  tests: { name?: string; alert_rule_test?: { alertname: string; eval_time: string; exp_alerts?: unknown[] }[] }[];
}

/** The alerts of a rule file, by name, with their annotations. */
function alertsOf(rules: RuleFile): Map<string, Record<string, string>> {
  const alerts = new Map<string, Record<string, string>>();
  for (const group of rules.groups ?? []) {
    for (const rule of group.rules ?? []) if (rule.alert) alerts.set(rule.alert, rule.annotations ?? {});
  }
  return alerts;
}

/**
 * What the unit tests lack: each alert needs a case where it fires (exp_alerts
 * not empty) and one where it does not (exp_alerts empty); a case naming an
 * alert the rules do not have is an error too.
 */
function missingRuleTests(rules: RuleFile, tests: RuleTestFile): string[] {
  const alerts = alertsOf(rules);
  const fires = new Set<string>();
  const silent = new Set<string>();
  const problems: string[] = [];
  for (const test of tests.tests ?? []) {
    for (const check of test.alert_rule_test ?? []) {
      if (!alerts.has(check.alertname)) problems.push(`${test.name ?? "a test"} checks ${check.alertname}, which is not an alert of the rules`);
      if ((check.exp_alerts ?? []).length > 0) fires.add(check.alertname);
      else silent.add(check.alertname);
    }
  }
  for (const name of alerts.keys()) {
    if (!fires.has(name)) problems.push(`${name}: no case where it fires`);
    if (!silent.has(name)) problems.push(`${name}: no case where it must not fire`);
  }
  return problems;
}

const load = <T>(file: string): T => yaml.load(fs.readFileSync(file, "utf8")) as T;

describe("ops/prometheus with promtool", () => {
  it("promtool check config accepts prometheus.yml (and the rule files it names)", async () => {
    const run = await promtool("check", "config", CONFIG);
    expect([run.code, run.output]).toEqual([0, expect.stringContaining("SUCCESS")]);
    expect(run.output).toContain("alerts.yml");
  });

  it("promtool check rules accepts alerts.yml", async () => {
    const run = await promtool("check", "rules", RULES);
    expect([run.code, run.output]).toEqual([0, expect.stringMatching(/SUCCESS: \d+ rules found/)]);
  });

  // The spam cases evaluate a day of history minute by minute: a few seconds of promtool's time.
  it("promtool test rules passes every unit test of alerts.test.yml", async () => {
    const run = await promtool("test", "rules", RULE_TESTS);
    expect([run.code, run.output]).toEqual([0, expect.stringContaining("SUCCESS")]);
  }, 120_000);

  it("every alert has a case where it fires and one where it must not", () => {
    const rules = load<RuleFile>(RULES);
    expect(alertsOf(rules).size).toBeGreaterThanOrEqual(7);
    expect(missingRuleTests(rules, load<RuleTestFile>(RULE_TESTS))).toEqual([]);
  });

  it("every alert has a summary, a description and a runbook leading to a heading of docs/operations.md", () => {
    const slugger = new GithubSlugger();
    const headings = new Set(
      fs
        .readFileSync(OPERATIONS, "utf8")
        .split("\n")
        .map((line) => /^#{1,6}\s+(.*?)\s*$/.exec(line)?.[1])
        .filter((heading): heading is string => Boolean(heading))
        .map((heading) => slugger.slug(heading)),
    );
    for (const [name, annotations] of alertsOf(load<RuleFile>(RULES))) {
      expect([name, Boolean(annotations.summary), Boolean(annotations.description)]).toEqual([name, true, true]);
      const runbook = /^docs\/operations\.md#(.+)$/.exec(annotations.runbook ?? "");
      expect([name, runbook?.[1], runbook ? headings.has(runbook[1]) : false]).toEqual([name, expect.any(String), true]);
    }
  });
});

describe("the rule-test coverage check", () => {
  const rules: RuleFile = { groups: [{ name: "g", rules: [{ alert: "A" }, { alert: "B" }, { record: "r:x" }] }] };

  it("accepts alerts each tested both ways", () => {
    const tests: RuleTestFile = {
      tests: [
        {
          alert_rule_test: [
            { alertname: "A", eval_time: "1m", exp_alerts: [{}] },
            { alertname: "A", eval_time: "2m", exp_alerts: [] },
            { alertname: "B", eval_time: "1m", exp_alerts: [{}] },
            { alertname: "B", eval_time: "2m" },
          ],
        },
      ],
    };
    expect(missingRuleTests(rules, tests)).toEqual([]);
  });

  it("reports an alert without tests, one tested one way only, and a test of an alert that does not exist", () => {
    const tests: RuleTestFile = {
      tests: [
        {
          name: "old",
          alert_rule_test: [
            { alertname: "A", eval_time: "1m", exp_alerts: [{}] },
            { alertname: "Gone", eval_time: "1m", exp_alerts: [] },
          ],
        },
      ],
    };
    expect(missingRuleTests(rules, tests)).toEqual([
      "old checks Gone, which is not an alert of the rules",
      "A: no case where it must not fire",
      "B: no case where it fires",
      "B: no case where it must not fire",
    ]);
  });
});
