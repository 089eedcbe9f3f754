/**
 * The systemd template unit and the environment file of deploy/: the unit
 * passes `systemd-analyze verify` (no warning either) and `systemd-analyze
 * security` rates it in the "OK" band or better (the score is printed); the
 * environment file lists every setting an operator may change, and the
 * server's configuration accepts it as written.
 */
import { spawnSync } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import { loadConfig } from "../../../server/config";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const UNIT = path.join(ROOT, "deploy", "systemd", "industrial-group-site@.service");
const ENV_FILE = path.join(ROOT, "deploy", "site.env.example");

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "systemd-unit-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function analyze(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync("systemd-analyze", args, { encoding: "utf8", env: { ...process.env, SYSTEMD_COLORS: "0", LC_ALL: "C.UTF-8" } });
  if (result.error) throw new Error(`systemd-analyze cannot run (Debian package systemd): ${result.error.message}`);
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The unit as instance @1 (a template itself is verified only through an instance). */
function instanceUnit(): string {
  const file = path.join(dir, "industrial-group-site@1.service");
  fs.copyFileSync(UNIT, file);
  return file;
}

describe("deploy/systemd/industrial-group-site@.service", () => {
  test("passes systemd-analyze verify without a warning", () => {
    const result = analyze(["verify", instanceUnit()]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  test("systemd-analyze security rates it OK or better", () => {
    const result = analyze(["security", "--offline=true", instanceUnit()]);
    const overall = /Overall exposure level for industrial-group-site@1\.service: (\d+\.\d) (\S+)/.exec(result.stdout);
    expect(overall).not.toBeNull();
    const [, score, band] = overall!;
    process.stdout.write(`systemd-analyze security: exposure ${score} ${band} (goal: the OK band or better, 4.9 or less)\n`);
    expect(["SAFE", "OK"]).toContain(band);
  });

  test("each instance gets its own port and metrics port, the data folder is its only writable place, hardening on", () => {
    const unit = fs.readFileSync(UNIT, "utf8");
    const settings = unit.split("\n").filter((line) => /^[A-Za-z]+=/.test(line));
    expect(settings).toEqual(
      expect.arrayContaining([
        "User=industrial-group-site",
        "EnvironmentFile=/etc/industrial-group-site/site.env",
        "ExecStart=/usr/bin/env PORT=800%i METRICS_PORT=910%i DATA_DIR=/var/lib/industrial-group-site /opt/industrial-group-site/current/bin/serve",
        "StateDirectory=industrial-group-site",
        "NoNewPrivileges=yes",
        "ProtectSystem=strict",
        "PrivateTmp=yes",
      ]),
    );
    expect(settings.filter((line) => /^(ReadWritePaths|ReadOnlyPaths|BindPaths)=/.test(line))).toEqual([]);
  });
});

/** KEY=value lines of an environment file, as systemd reads them (no quotes used). */
function readEnvFile(text: string): { active: Record<string, string>; commented: Set<string> } {
  const active: Record<string, string> = {};
  const commented = new Set<string>();
  for (const line of text.split("\n")) {
    const set = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (set) active[set[1]!] = set[2]!;
    const off = /^#([A-Z][A-Z0-9_]*)=/.exec(line);
    if (off) commented.add(off[1]!);
    if (!set && !off) expect(line).toMatch(/^(#( .*)?)?$/);
  }
  return { active, commented };
}

/** The settings docs/configuration.md lists for the server (not those of the build and the tests). */
function documentedServerSettings(): string[] {
  const doc = fs.readFileSync(path.join(ROOT, "docs", "configuration.md"), "utf8");
  const server = doc.slice(0, doc.indexOf("\n## Build"));
  const names = new Set<string>();
  for (const row of server.split("\n").filter((line) => line.startsWith("| `"))) {
    const first = row.split("|")[1]!;
    for (const match of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(match[1]!);
  }
  return [...names];
}

describe("deploy/site.env.example", () => {
  const { active, commented } = readEnvFile(fs.readFileSync(ENV_FILE, "utf8"));

  test("names every server setting of docs/configuration.md, set or commented, but those the unit sets per instance", () => {
    const perInstance = ["PORT", "METRICS_PORT", "DATA_DIR"];
    const listed = new Set([...Object.keys(active), ...commented]);
    const documented = documentedServerSettings();
    expect(documented.length).toBeGreaterThan(50);
    expect(documented.filter((name) => !perInstance.includes(name) && !listed.has(name))).toEqual([]);
    expect([...listed].filter((name) => perInstance.includes(name))).toEqual([]);
    expect([...listed].filter((name) => !documented.includes(name))).toEqual([]);
  });

  test("is accepted by the server's configuration as written, for instances behind nginx that do not migrate", () => {
    const config = loadConfig({ ...active, PORT: "8001", METRICS_PORT: "9101", DATA_DIR: "/var/lib/industrial-group-site" }, "/opt/industrial-group-site/current");
    expect(config).toMatchObject({ migrateOnStart: false, trustProxy: "loopback", host: "127.0.0.1", port: 8001, metricsPort: 9101 });
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
  });

  test("its commented lines show values the configuration accepts (but the examples of a webhook endpoint: a URL wants its secret, a file must exist)", () => {
    const env = Object.fromEntries(
      fs
        .readFileSync(ENV_FILE, "utf8")
        .split("\n")
        .map((line) => /^#([A-Z][A-Z0-9_]*)=(.+)$/.exec(line))
        .filter((match): match is RegExpExecArray => match !== null && !["WEBHOOK_URL", "WEBHOOK_ENDPOINTS_FILE"].includes(match[1]!))
        .map((match) => [match[1]!, match[2]!]),
    );
    expect(() => loadConfig({ ...active, ...env }, "/opt/industrial-group-site/current")).not.toThrow();
  });
});
