/**
 * The operator commands (server/cli/, compiled) as an operator runs them, as
 * processes: each answers --help with its usage and what it does on standard
 * output, exit code 0; and arguments that do not fit with the reason and the
 * usage on standard error, exit code 2, before touching DATA_DIR (no
 * database is made).
 */
import { spawnSync } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import { ROOT } from "../../testkit/faults";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "operator-commands-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(command: string, args: string[]) {
  const result = spawnSync(process.execPath, [path.join(ROOT, "dist", "server", "cli", `${command}.js`), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Each command as its npm script starts it (package.json), with a usage error of its own.
const COMMANDS: [string, string[], string[], RegExp][] = [
  ["outbox", ["failed"], ["resend", "a", "b"], /^Unexpected argument "b"$/],
  ["outbox", ["resend"], ["resend", "--all"], /^Unknown option '--all'/],
  ["leads", ["spam"], ["spam", "--limit", "0"], /^--limit must be a whole number from 1: "0"$/],
  ["leads", ["release"], ["release"], /^Missing argument/],
  ["webhooks", ["status"], ["replay", "--since", "yesterday"], /^--since must be a date, YYYY-MM-DD: "yesterday"$/],
  ["webhooks", ["enable"], ["enable", "--endpoint"], /^Unknown option '--endpoint'/],
  ["privacy", ["purge"], ["purge", "now"], /^Unexpected argument "now"$/],
  ["privacy", ["delete"], ["delete", "nobody"], /^Give one e-mail address/],
  ["export", [], ["--format", "xlsx"], /^--format must be csv or jsonl: "xlsx"$/],
  ["outbox", [], ["clear"], /^Unknown command "clear": failed, resend$/],
];

describe.each(COMMANDS)("%s %j", (command, script, wrong, reason) => {
  it("--help: the usage and what it does, on standard output, exit code 0", () => {
    const { code, stdout, stderr } = run(command, [...script, "--help"]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toMatch(/^Usage: \S+/);
    expect(stdout.split("\n").length).toBeGreaterThan(3);
  });

  it(`${JSON.stringify(wrong)}: the reason and the usage, on standard error, exit code 2, nothing done`, () => {
    const { code, stdout, stderr } = run(command, wrong);
    expect({ code, stdout }).toEqual({ code: 2, stdout: "" });
    const [first, second] = stderr.split("\n");
    expect(first).toMatch(reason);
    expect(second).toMatch(/^Usage: \S+/);
    expect(fs.existsSync(path.join(dataDir, "site.db"))).toBe(false);
  });
});
