/**
 * The site as an editor changes it: a copy of the repository's tracked files
 * to edit, build and serve, for the tests of content changes
 * (tests/content/). An edit of the copy's data/ goes through the real build
 * (`npm run build`: content check, Gatsby, the compiled server) and the real
 * server, and the copy's own git repository shows what the edit touched.
 *
 * - copySite(): a temporary folder with the tracked files of this checkout
 *   (as they are in the working tree), in a fresh git repository with one
 *   commit, so `git status --porcelain` lists exactly what a test changed.
 *   node_modules is hard-linked (cp -al: no copy of 1.6 GB, and the build
 *   resolves packages inside the copy as it does here); no public/, .cache/,
 *   dist/ or generated/: the build makes them.
 * - buildSite(root): `npm run build` in the copy, with this process's Node
 *   first on PATH; rejects with the build's output when it fails.
 * - serveSite(root, env): the copy's compiled server (dist/server/index.js)
 *   serving its public/ on a free loopback port, its SQLite store and
 *   notification files in a temporary DATA_DIR; resolves once it answers.
 * - removeSite(root): deletes the copy.
 */
const { execFileSync, spawn } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { watchChild } = require("./child-output.cjs");
const { freePort } = require("./postgres-lib.cjs");
const { probe } = require("./faults-lib.cjs");

const REPO = path.resolve(__dirname, "..");

/** The variables a child inherits: what it needs to run, this process's Node first on PATH (npm scripts call `node`). */
function childEnv(extra = {}) {
  const env = {};
  for (const name of ["PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "TZ", "CHROMIUM_PATH", "GATSBY_CPU_COUNT", "npm_config_cache"]) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  env.PATH = [path.dirname(process.execPath), env.PATH].filter(Boolean).join(path.delimiter);
  env.GATSBY_TELEMETRY_DISABLED = "1";
  env.CI = "1";
  return { ...env, ...extra };
}

/** git in `cwd`, with an identity of its own (the copy's commits are the test's, never the user's). */
function git(cwd, args, options = {}) {
  return execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...childEnv(), GIT_AUTHOR_NAME: "Content test", GIT_AUTHOR_EMAIL: "content-test@example.com", GIT_COMMITTER_NAME: "Content test", GIT_COMMITTER_EMAIL: "content-test@example.com", GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
    ...options,
  });
}

/** Copies the tracked files of this checkout into a new temporary folder, hard-links node_modules, and commits the copy. */
function copySite({ from = REPO } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "content-site-"));
  const files = git(from, ["ls-files", "-z", "--cached"]).split("\0").filter(Boolean);
  for (const file of files) {
    const source = path.join(from, file);
    let stat;
    try {
      stat = fs.lstatSync(source);
    } catch {
      continue; // tracked but deleted in the working tree: the copy lacks it too
    }
    const target = path.join(root, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (stat.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), target);
    else if (stat.isFile()) fs.copyFileSync(source, target);
    if (stat.isFile()) fs.chmodSync(target, stat.mode & 0o777);
  }
  // The build resolves packages from the copy's node_modules: the same files, hard-linked (one filesystem), not copied.
  execFileSync("cp", ["-al", path.join(from, "node_modules"), path.join(root, "node_modules")]);
  git(root, ["init", "-q", "-b", "main"]);
  git(root, ["add", "-A"]);
  git(root, ["commit", "-q", "--no-verify", "-m", "The site as copied for a content test"]);
  return {
    root,
    /** Runs git in the copy; returns its output. */
    git: (args) => git(root, args),
  };
}

/** Runs a command in `root`; resolves with its output, rejects with it (the last 20,000 characters) when it fails. */
function run(root, command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: childEnv(env), stdio: ["ignore", "pipe", "pipe"] });
    const watched = watchChild(child, 64 * 1024 * 1024);
    watched.exit.then(({ code, signal, error }) => {
      const output = watched.output();
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(" ")} in ${root} failed (${error ? error.message : signal ?? `exit ${code}`}):\n${output.slice(-20_000)}`));
    });
  });
}

/** `npm run build` in the copy: the site (content check, Gatsby, offline files) and the compiled server. */
function buildSite(root, env = {}) {
  return run(root, "npm", ["run", "-s", "build"], env);
}

/**
 * Starts the copy's compiled server on a free port, serving its public/, with
 * a temporary DATA_DIR (the SQLite store, uploads, notifications as .eml files
 * unless env gives SMTP_URL). env is added last.
 */
async function serveSite(root, env = {}) {
  const entry = path.join(root, "dist", "server", "index.js");
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: build the copy first (buildSite)`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "content-site-data-"));
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: childEnv({ HOST: "127.0.0.1", PORT: String(port), PUBLIC_DIR: path.join(root, "public"), DATA_DIR: dataDir, RATE_LIMIT_MAX: "10000", ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const watched = watchChild(child, 4 * 1024 * 1024);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!watched.exited()) {
      child.kill("SIGTERM");
      const timer = new Promise((resolve) => setTimeout(resolve, 10_000).unref());
      await Promise.race([watched.exit, timer]);
      if (!watched.exited()) {
        child.kill("SIGKILL");
        await watched.exit;
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (watched.exited()) {
      await stop();
      throw new Error(`The server exited before answering:\n${watched.output()}`);
    }
    if ((await probe(`${url}/`, 1_000)) !== undefined) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer on ${url} within 60 s:\n${watched.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, dataDir, output: watched.output, stop };
}

/** Deletes a copy made by copySite. */
function removeSite(root) {
  if (root && path.basename(root).startsWith("content-site-")) fs.rmSync(root, { recursive: true, force: true });
}

module.exports = { copySite, buildSite, serveSite, removeSite };
