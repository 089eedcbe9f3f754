/**
 * `npm run cms`: the content editor against the working copy.
 *
 * - decap-server (Decap's local backend) in its file-system mode on the
 *   working copy: saving an entry writes its data file, uploading a picture
 *   writes it into its data/media/ folder, nothing is committed (git mode
 *   would run `git add .` and commit in the folder it serves: never on a
 *   working tree with changes);
 * - the editor (scripts/cms/write-admin.mjs) written into a temporary folder
 *   for that decap-server, served at http://127.0.0.1:<port>/admin/ with its
 *   own Content-Security-Policy and noindex (server/site/admin-policy.ts);
 * - the site in development (`npm run develop`, gatsby develop) beside it:
 *   each entry's preview in the editor is its page there, which reloads when
 *   the entry is saved. `--no-preview` leaves it out (the editor starts in
 *   seconds; Decap's own preview of the fields then).
 *
 *   npm run cms [-- --port 8080] [--preview-port 8000] [--no-preview] [--root <folder>]
 *
 * The editor's address is printed as `Content editor: <url>` (testkit/cms-editor.cjs
 * reads that line). Ctrl-C stops everything it started.
 */
import { spawn } from "child_process";
import fs from "fs";
import http from "http";
import net from "net";
import os from "os";
import path from "path";
import { fileURLToPath } from "url";
import { TOOL_ROOT, writeAdmin } from "./write-admin.mjs";
import { ADMIN_PREFIX, ADMIN_ROBOTS, adminContentSecurityPolicy } from "../../server/site/admin-policy.ts";

const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".yml": "text/yaml; charset=utf-8", ".wasm": "application/wasm" };

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Waits until decap-server answers its "info" action. */
async function untilBackendAnswers(url, child, timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`decap-server stopped (exit ${child.exitCode}) before it answered`);
    try {
      const answer = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ action: "info" }) });
      if (answer.ok) return answer.json();
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`decap-server did not answer at ${url} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Serves the editor's folder at /admin/ with its policy and noindex. */
function adminServer(dir) {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/" || url.pathname === "/admin") {
      res.writeHead(302, { Location: ADMIN_PREFIX }).end();
      return;
    }
    const name = url.pathname === ADMIN_PREFIX ? "index.html" : url.pathname.startsWith(ADMIN_PREFIX) ? url.pathname.slice(ADMIN_PREFIX.length) : undefined;
    if (!name || name.includes("/") || name.includes("\\") || name.startsWith(".") || !fs.existsSync(path.join(dir, name))) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", [ADMIN_ROBOTS[0]]: ADMIN_ROBOTS[1] }).end("Not found");
      return;
    }
    const body = fs.readFileSync(path.join(dir, name));
    const headers = {
      "Content-Type": TYPES[path.extname(name)] ?? "application/octet-stream",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      [ADMIN_ROBOTS[0]]: ADMIN_ROBOTS[1],
    };
    if (name.endsWith(".html")) headers["Content-Security-Policy"] = adminContentSecurityPolicy(body.toString("utf8"));
    res.writeHead(200, headers).end(body);
  });
}

/**
 * Starts the editor on `root` (a checkout of the site). Returns
 * `{ adminUrl, backendUrl, previewUrl, stop() }`.
 */
export async function startCms({ root = TOOL_ROOT, port, previewPort, preview = true, log = console.log } = {}) {
  root = path.resolve(root);
  if (!fs.existsSync(path.join(root, "data")) || !fs.existsSync(path.join(root, "schemas/content"))) throw new Error(`${root} has no data/ and schemas/content/: not a checkout of the site`);
  const children = [];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "cms-admin-"));
  let server;
  const stop = async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        child.kill("SIGTERM");
      }
    }
    await Promise.all(children.map((child) => (child.exitCode !== null || child.signalCode !== null ? undefined : new Promise((resolve) => child.once("exit", resolve)))));
    if (server) await new Promise((resolve) => server.close(resolve));
    fs.rmSync(work, { recursive: true, force: true });
  };
  try {
    const backendPort = await freePort();
    const backendUrl = `http://127.0.0.1:${backendPort}/api/v1`;
    // File-system mode only: git mode commits in the folder it serves.
    const backend = spawn(process.execPath, [path.join(TOOL_ROOT, "node_modules/decap-server/dist/index.js")], {
      // Its cwd is the empty work folder: decap-server reads a .env from its cwd.
      cwd: work,
      env: { ...process.env, MODE: "fs", GIT_REPO_DIRECTORY: root, PORT: String(backendPort), BIND_HOST: "127.0.0.1", LOG_LEVEL: process.env.CMS_LOG_LEVEL ?? "warn" },
      stdio: ["ignore", "inherit", "inherit"],
      detached: true,
    });
    children.push(backend);
    await untilBackendAnswers(backendUrl, backend);

    let previewUrl;
    if (preview) {
      const developPort = previewPort ?? (await freePort());
      previewUrl = `http://127.0.0.1:${developPort}`;
      const develop = spawn("npm", ["run", "develop", "--", "-H", "127.0.0.1", "-p", String(developPort)], { cwd: root, stdio: ["ignore", "inherit", "inherit"], detached: true });
      children.push(develop);
    }

    const adminDir = path.join(work, "admin");
    await writeAdmin({ root, outDir: adminDir, backend: { name: "proxy", proxy_url: backendUrl, branch: "main" }, previewOrigin: previewUrl });
    server = adminServer(adminDir);
    const adminPort = port ?? 0;
    await new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(adminPort, "127.0.0.1", resolve);
    });
    const adminUrl = `http://127.0.0.1:${server.address().port}${ADMIN_PREFIX}`;
    log(`Content editor: ${adminUrl}`);
    log(`  editing ${root} through decap-server (file-system mode) at ${backendUrl}`);
    if (previewUrl) log(`  site preview: ${previewUrl} (gatsby develop: ready once it prints "You can now view")`);
    return { adminUrl, backendUrl, previewUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : args[at + 1];
  };
  const number = (name) => {
    const value = option(name);
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value) || Number(value) > 65_535) {
      console.error(`cms: ${name} must be a port number; got "${value}"`);
      process.exit(2);
    }
    return Number(value);
  };
  try {
    const cms = await startCms({ root: option("--root") ?? TOOL_ROOT, port: number("--port") ?? 8080, previewPort: number("--preview-port"), preview: !args.includes("--no-preview") });
    let stopping = false;
    const quit = async () => {
      if (stopping) return;
      stopping = true;
      await cms.stop();
      process.exit(0);
    };
    process.on("SIGINT", quit);
    process.on("SIGTERM", quit);
  } catch (error) {
    console.error(`cms: ${error.message}`);
    process.exit(1);
  }
}
