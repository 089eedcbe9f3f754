/**
 * The nginx configuration bin/nginx-config makes (server/deploy/nginx-config.ts),
 * run by Debian's real nginx (with libnginx-mod-http-brotli-static) in front of
 * real instances of the compiled server on the checkout's build, over TLS with
 * a self-signed certificate made here with openssl.
 *
 * - `nginx -t` accepts it;
 * - every page of the build answers through nginx with the same bytes,
 *   Content-Security-Policy, headers and cache rule as from an instance, from
 *   the build's brotli and gzip twins, plus HSTS;
 * - the redirects (/home, a trailing slash, plain HTTP to HTTPS), the 404 page
 *   with status 404, the build's internal files refused, the search page with
 *   a query and the API proxied;
 * - a forged X-Forwarded-For changes nothing: the instances' limit
 *   (TRUST_PROXY=loopback) counts the visitor's own address, and nginx's own
 *   per-address limit answers 429 with a JSON message past its burst;
 * - failover: a POST without Idempotency-Key that reached an instance that then
 *   failed is never sent to the other one (502); with a key it is (201, stored
 *   once); one that could not be sent at all (instance down) goes to the next.
 */
import { execFileSync, spawn, type ChildProcess } from "child_process";
import fs from "fs";
import http from "http";
import https from "https";
import net from "net";
import os from "os";
import path from "path";
import zlib from "zlib";
import Database from "better-sqlite3";
import { cleanup, freePort, startServer, type ServerProcess } from "../../testkit/faults";
import { waitFor } from "../../testkit/wait";

const ROOT = path.resolve(__dirname, "../..");
const PUBLIC = path.join(ROOT, "public");
const CLI = path.join(ROOT, "dist/server/cli/nginx-config.js");
const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";
const NEWSLETTER = "/api/v1/contact/news-letter";
/** Compared header by header between an instance and nginx. */
const SAME_HEADERS = ["content-security-policy", "x-content-type-options", "referrer-policy", "cache-control", "content-type", "vary"];

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent (still compressed). */
  raw: Buffer;
}

let certificate = "";
let key = "";
let work = "";
/** The ACME client's webroot, readable by nginx's workers (the work folder is private to this process's user). */
let acme = "";
const nginxes: ChildProcess[] = [];

/** One request; the body is kept as it came (no decompression), redirects are not followed. */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {}): Promise<Answer> {
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      { method: options.method ?? "GET", headers: options.headers, ca: certificate, servername: "localhost", agent: false, timeout: 30_000, localAddress: options.localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.on("timeout", () => req.destroy(new Error(`No answer from ${url}`)));
    req.end(options.body);
  });
}

function decoded(answer: Answer): Buffer {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(answer.raw);
  if (encoding === "gzip") return zlib.gunzipSync(answer.raw);
  return answer.raw;
}

function generate(args: string[]): string {
  return execFileSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: "utf8", env: { PATH: process.env.PATH ?? "" } });
}

interface Nginx {
  https: string;
  http: string;
  conf: string;
  stop(): void;
}

/** The main file a test nginx runs: the brotli module, temp folders of its own, and the generated file included at the http level. */
function mainConf(prefix: string, site: string): string {
  return [
    `load_module ${BROTLI_MODULE};`,
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log info;`,
    "daemon off;",
    "worker_processes 1;",
    "events {}",
    "http {",
    "  include /etc/nginx/mime.types;",
    "  default_type application/octet-stream;",
    `  access_log ${prefix}/access.log;`,
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `  ${name}_temp_path ${prefix}/${name};`),
    `  include ${site};`,
    "}",
    "",
  ].join("\n");
}

/** Generates a config for these upstreams, checks it with nginx -t, runs nginx on it until it answers. */
async function startNginx(upstreams: string[], extra: string[] = []): Promise<Nginx> {
  const prefix = fs.mkdtempSync(path.join(work, "nginx-"));
  const [tlsPort, plainPort] = [await freePort(), await freePort()];
  const site = path.join(prefix, "site.conf");
  fs.writeFileSync(
    site,
    generate([
      "--server-name",
      "localhost",
      "--listen",
      `127.0.0.1:${tlsPort}`,
      "--http-listen",
      `127.0.0.1:${plainPort}`,
      "--certificate",
      path.join(work, "cert.pem"),
      "--key",
      path.join(work, "key.pem"),
      "--root",
      PUBLIC,
      ...upstreams.flatMap((upstream) => ["--upstream", upstream]),
      ...extra,
    ]),
  );
  const conf = path.join(prefix, "nginx.conf");
  fs.writeFileSync(conf, mainConf(prefix, site));
  execFileSync("nginx", ["-t", "-q", "-p", prefix, "-c", conf], { stdio: "pipe" });
  const child = spawn("nginx", ["-p", prefix, "-c", conf], { stdio: "ignore" });
  nginxes.push(child);
  const url = `https://localhost:${tlsPort}`;
  await waitFor(
    () =>
      request(`${url}/`).then(
        () => true,
        () => false,
      ),
    15_000,
  );
  return {
    https: url,
    http: `http://127.0.0.1:${plainPort}`,
    conf: fs.readFileSync(site, "utf8"),
    stop: () => child.kill("SIGQUIT"),
  };
}

/** An upstream that reads a request, then closes the connection without answering: an instance that died with the request. */
async function dyingUpstream(): Promise<{ address: string; received: string[]; close(): void }> {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let text = "";
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("latin1");
      const headEnd = text.indexOf("\r\n\r\n");
      const length = Number(/content-length: *(\d+)/i.exec(text)?.[1] ?? 0);
      if (headEnd !== -1 && text.length >= headEnd + 4 + length) {
        received.push(text);
        socket.destroy();
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return { address: `127.0.0.1:${port}`, received, close: () => server.close() };
}

function subscribe(base: string, email: string, headers: Record<string, string> = {}): Promise<Answer> {
  return request(`${base}${NEWSLETTER}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ email, mailType: "news_letter" }),
  });
}

/** The newsletter addresses an instance stored. */
function storedEmails(instance: ServerProcess): string[] {
  const db = new Database(path.join(instance.dataDir, "site.db"), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT payload FROM submissions").all() as { payload: string }[]).map((row) => (JSON.parse(row.payload) as { email?: string }).email ?? "");
  } finally {
    db.close();
  }
}

let instances: ServerProcess[] = [];
let front: Nginx;

beforeAll(async () => {
  if (!fs.existsSync(path.join(PUBLIC, "index.html"))) throw new Error("public/ holds no build: run npm run build first");
  work = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-front-"));
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost", "-keyout", path.join(work, "key.pem"), "-out", path.join(work, "cert.pem")], { stdio: "pipe" });
  certificate = fs.readFileSync(path.join(work, "cert.pem"), "utf8");
  acme = fs.mkdtempSync(path.join(os.tmpdir(), "acme-webroot-"));
  fs.chmodSync(acme, 0o755);
  key = fs.readFileSync(path.join(work, "key.pem"), "utf8");
  const env = { PUBLIC_DIR: PUBLIC, TRUST_PROXY: "loopback", RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_MS: "600000" };
  instances = await Promise.all([startServer({ env }), startServer({ env })]);
  front = await startNginx(
    instances.map((instance) => `127.0.0.1:${instance.port}`),
    ["--form-rate", "1r/m", "--form-burst", "4", "--acme-webroot", acme],
  );
});

afterAll(async () => {
  for (const child of nginxes) child.kill("SIGQUIT");
  await cleanup();
  if (work) fs.rmSync(work, { recursive: true, force: true });
  if (acme) fs.rmSync(acme, { recursive: true, force: true });
});

test("nginx -t accepts the generated file with the brotli module loaded, and it names what it needs", () => {
  expect(key).toContain("PRIVATE KEY");
  expect(front.conf).toContain("brotli_static on;");
  expect(front.conf).not.toMatch(/^\s*keepalive\b/m);
  expect(front.conf).toContain("proxy_set_header X-Forwarded-For $remote_addr;");
});

test("every page answers through nginx with the instance's bytes, policy and headers, from its brotli and gzip twins, with HSTS", async () => {
  const pages = fs
    .readdirSync(PUBLIC, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith("index.html") && !file.startsWith("_gatsby"))
    .map((file) => `/${path.dirname(file)}`.replace(/\/\.$/, "/").replace(/^\/\.$/, "/"));
  expect(pages.length).toBeGreaterThan(10);
  for (const page of pages) {
    for (const encoding of ["br", "gzip"]) {
      const headers = { "Accept-Encoding": encoding };
      const [direct, proxied] = await Promise.all([request(`${instances[0].url}${page}`, { headers }), request(`${front.https}${page}`, { headers })]);
      expect({ page, status: proxied.status }).toEqual({ page, status: 200 });
      expect(proxied.headers["content-encoding"]).toBe(encoding);
      expect(decoded(proxied).equals(decoded(direct))).toBe(true);
      for (const name of SAME_HEADERS) expect({ page, name, value: proxied.headers[name] }).toEqual({ page, name, value: direct.headers[name] });
      expect(proxied.headers["strict-transport-security"]).toMatch(/^max-age=(\d+)/);
      expect(Number(/max-age=(\d+)/.exec(String(proxied.headers["strict-transport-security"]))?.[1])).toBeGreaterThanOrEqual(15_552_000);
    }
  }
});

test("cache rules: hashed files for a year, pages, the service worker and the manifest revalidated", async () => {
  const hashed = fs.readdirSync(PUBLIC).find((file) => /^app-[0-9a-f]{16,}\.js$/.test(file));
  expect(hashed).toBeDefined();
  for (const file of [`/${hashed}`, "/sw.js", "/manifest.webmanifest", "/"]) {
    const [direct, proxied] = await Promise.all([request(`${instances[0].url}${file}`), request(`${front.https}${file}`)]);
    expect({ file, status: proxied.status, cache: proxied.headers["cache-control"], type: proxied.headers["content-type"] }).toEqual({
      file,
      status: 200,
      cache: direct.headers["cache-control"],
      type: direct.headers["content-type"],
    });
    expect(decoded(proxied).equals(decoded(direct))).toBe(true);
  }
  expect((await request(`${front.https}/${hashed}`)).headers["cache-control"]).toContain("immutable");
  expect((await request(`${front.https}/sw.js`)).headers["cache-control"]).toContain("must-revalidate");
});

test("redirects: /home, a trailing slash (query kept), and plain HTTP to HTTPS", async () => {
  for (const [from, to] of [
    ["/home", "/"],
    ["/home/", "/"],
    ["/about-us/", "/about-us"],
    ["/about-us/?a=1", "/about-us?a=1"],
  ]) {
    const [direct, proxied] = await Promise.all([request(`${instances[0].url}${from}`), request(`${front.https}${from}`)]);
    expect({ from, status: proxied.status, location: proxied.headers.location }).toEqual({ from, status: 301, location: to });
    expect(direct.headers.location).toBe(to);
    expect(proxied.headers["strict-transport-security"]).toBeDefined();
  }
  // Never towards another host (a browser reads `/\\host` and `//host` as one): each answer is a 404 or a redirect on this site.
  const base = "https://site.invalid";
  for (const from of ["/%2F%2Fevil.example/", "/%5C%5Cevil.example/", "/%5Cevil.example/", "/%09/evil.example/", "/%2F%5Cevil.example/"]) {
    for (const answer of await Promise.all([request(`${instances[0].url}${from}`), request(`${front.https}${from}`)])) {
      const location = answer.headers.location;
      expect({ from, status: location === undefined ? [400, 404].includes(answer.status) : answer.status === 301 }).toEqual({ from, status: true });
      if (location !== undefined) expect({ from, origin: new URL(location, base).origin }).toEqual({ from, origin: base });
    }
  }
  // Only pages are redirected: a form call with a trailing slash reaches an instance as it was sent, never turned
  // into a GET (from an address of its own: the limits counted below are 127.0.0.1's).
  const [directApi, proxiedApi] = await Promise.all(
    [instances[0].url, front.https].map((base) => request(`${base}/api/v1/contact/contact_us/`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}", localAddress: "127.0.0.77" })),
  );
  expect(proxiedApi.status).not.toBe(301);
  expect(proxiedApi.status).toBe(directApi.status);
  const plain = await request(`${front.http}/about-us?x=1`);
  expect(plain.status).toBe(301);
  expect(plain.headers.location).toBe(`${front.https}/about-us?x=1`);
  // Over plain HTTP, only an ACME client's challenges are answered (--acme-webroot): certificates renew.
  fs.mkdirSync(path.join(acme, ".well-known", "acme-challenge"), { recursive: true, mode: 0o755 });
  fs.writeFileSync(path.join(acme, ".well-known", "acme-challenge", "token-1"), "token-1.thumbprint", { mode: 0o644 });
  const challenge = await request(`${front.http}/.well-known/acme-challenge/token-1`);
  expect({ status: challenge.status, body: challenge.raw.toString("utf8") }).toEqual({ status: 200, body: "token-1.thumbprint" });
  expect((await request(`${front.http}/.well-known/other`)).status).toBe(301);
});

test("unknown paths and the build's internal files: 404 with the site's 404 page and its policy", async () => {
  const map = fs.readdirSync(PUBLIC).find((file) => file.endsWith(".js.map"));
  for (const address of ["/no-such-page", "/no/such/file.png", "/chunk-map.json", `/${map}`, "/.env"]) {
    const [direct, proxied] = await Promise.all([request(`${instances[0].url}${address}`, { headers: { Accept: "text/html" } }), request(`${front.https}${address}`, { headers: { Accept: "text/html" } })]);
    expect({ address, status: proxied.status }).toEqual({ address, status: 404 });
    expect(direct.status).toBe(404);
    expect(decoded(proxied).equals(fs.readFileSync(path.join(PUBLIC, "404.html")))).toBe(true);
    expect(proxied.headers["content-security-policy"]).toBe(direct.headers["content-security-policy"]);
    expect(proxied.headers["x-content-type-options"]).toBe("nosniff");
  }
});

test("the search page with a query and the API are answered by the instances", async () => {
  const [direct, proxied] = await Promise.all([request(`${instances[0].url}/search?query=valve`), request(`${front.https}/search?query=valve`)]);
  expect(proxied.status).toBe(200);
  expect(proxied.headers["x-request-id"]).toBeDefined(); // an instance's answer
  expect(decoded(proxied).toString("utf8")).toBe(decoded(direct).toString("utf8"));
  expect(proxied.headers["content-security-policy"]).toBe(direct.headers["content-security-policy"]);
  const plainSearch = await request(`${front.https}/search`);
  expect(plainSearch.headers["x-request-id"]).toBeUndefined(); // from the build
  const live = await request(`${front.https}/api/health/live`);
  expect(live.status).toBe(200);
  expect(live.headers["strict-transport-security"]).toBeDefined();
});

test("a forged X-Forwarded-For changes nothing: the instances count the visitor's address, nginx limits it past its burst", async () => {
  const statuses: number[] = [];
  const answers: Answer[] = [];
  for (let i = 0; i < 6; i++) {
    const answer = await subscribe(front.https, `forged-${i}@example.org`, { "X-Forwarded-For": `203.0.113.${i + 1}` });
    answers.push(answer);
    statuses.push(answer.status);
  }
  // Two instances, RATE_LIMIT_MAX=2 each on their own SQLite store: four pass; then the instance's own 429;
  // then nginx's limit (1r/m, burst 4: five let through).
  expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  expect(answers[4].headers["x-request-id"]).toBeDefined();
  expect(answers[5].headers["x-request-id"]).toBeUndefined();
  expect(JSON.parse(answers[5].raw.toString("utf8"))).toEqual({ message: "Too many requests. Please try again later." });
  expect(answers[5].headers["content-type"]).toMatch(/^application\/json/);
});

test("failover: a POST without Idempotency-Key is never sent twice; with a key it is sent on and stored once; one not sent goes on", async () => {
  const dying = await dyingUpstream();
  try {
    // An instance of its own: the others have spent their rate limit above.
    const real = await startServer({ env: { PUBLIC_DIR: PUBLIC, TRUST_PROXY: "loopback" } });
    const keyless = await startNginx([dying.address, `127.0.0.1:${real.port}`]);
    // Round robin: sent until the dying upstream has taken one.
    let answer: Answer | undefined;
    for (let i = 0; dying.received.length === 0 && i < 4; i++) answer = await subscribe(keyless.https, `keyless-${i}@example.org`);
    expect(dying.received).toHaveLength(1);
    expect(answer?.status).toBe(502);
    const lost = /"email":"([^"]+)"/.exec(dying.received[0])?.[1];
    expect(lost).toMatch(/^keyless-/);
    expect(storedEmails(real)).not.toContain(lost);
    keyless.stop();

    const keyed = await startNginx([dying.address, `127.0.0.1:${real.port}`]);
    const before = dying.received.length;
    const sent: string[] = [];
    for (let i = 0; dying.received.length === before && i < 4; i++) {
      const email = `keyed-${i}@example.org`;
      sent.push(email);
      answer = await subscribe(keyed.https, email, { "Idempotency-Key": `nginx-front-keyed-${i}-${Date.now()}` });
      expect(answer.status).toBe(201);
    }
    expect(dying.received).toHaveLength(before + 1);
    expect(dying.received[before]).toMatch(/idempotency-key:/i);
    const stored = storedEmails(real);
    for (const email of sent) expect(stored.filter((one) => one === email)).toHaveLength(1);
    keyed.stop();

    // An instance that is down: nothing was sent, so even a POST without a key goes to the next one.
    const closed = await freePort();
    const down = await startNginx([`127.0.0.1:${closed}`, `127.0.0.1:${real.port}`]);
    for (let i = 0; i < 2; i++) expect((await subscribe(down.https, `down-${i}@example.org`)).status).toBe(201);
    down.stop();
  } finally {
    dying.close();
  }
});
