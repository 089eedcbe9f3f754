/**
 * The conformance suite (npm run test:conformance) as a backend team runs it:
 * its own process, over HTTP. It passes on our server, fails (exit code 1,
 * the operation named) on servers that break the contract, and waits out a
 * real rate limit instead of failing on it. Its submissions carry proofs of
 * work our server accepts (with its spam checks on, only the submissions the
 * suite holds back on purpose are quarantined); a server without the
 * challenge call fails that call alone, and one whose challenges are cached
 * fails it too.
 */
import { execFile, spawn } from "child_process";
import { randomUUID } from "crypto";
import fs from "fs";
import http from "http";
import yaml from "js-yaml";
import type { AddressInfo } from "net";
import path from "path";
import { promisify } from "util";
import { cleanup, ROOT, startServer } from "../../testkit/faults";

const SUITE = path.join(ROOT, "scripts", "contract", "conformance.mjs");
const CHALLENGE_PATH = "/api/v1/contact/challenge";

interface SuiteRun {
  code: number | null;
  output: string;
}

/** Each test's deadline; the suite itself is stopped a little before it, so its output is reported. */
const TEST_TIMEOUT_MS = 180_000;
const SUITE_TIMEOUT_MS = TEST_TIMEOUT_MS - 30_000;

/**
 * Runs the suite with these arguments (with this Node, as npm would); resolves when it exits.
 * A suite still running after SUITE_TIMEOUT_MS is killed and the call rejects with what it had
 * printed so far, so a slow or stuck run says where it was.
 */
function runSuite(args: string[]): Promise<SuiteRun> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [SUITE, ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    const output = () => Buffer.concat(chunks).toString("utf8");
    const deadline = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the suite (${args.join(" ")}) had not finished after ${Date.now() - started} ms; its output so far:\n${output()}`));
    }, SUITE_TIMEOUT_MS);
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", (err) => {
      clearTimeout(deadline);
      reject(err);
    });
    child.on("close", (code) => {
      clearTimeout(deadline);
      resolve({ code, output: output() });
    });
  });
}

/** An HTTP server of the test on a free loopback port. */
async function listen(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * For the servers made to fail: the first failing case is reported as it is. Shrinking it sends a request or more
 * per smaller case tried; with failures in every operation, that took a loaded machine minutes.
 */
const NO_SHRINKING = ["--shrink-seconds", "0"];

/** The servers of the tests not about the proof of work: challenges of a few hundred tries, solved in no time. */
const QUICK_PROOFS = { SPAM_POW_DIFFICULTY: "1000" };

/** Lines of the report: one per operation. */
const operationLines = (output: string) => output.split("\n").filter((line) => /^[✓✗] /.test(line));

afterAll(() => cleanup());

test("passes on our own server, which it starts and stops itself", async () => {
  const { code, output } = await runSuite([]);
  expect(output).toMatch(/^seed \d+ \(--seed \d+ repeats this run\)/m);
  expect(output).toMatch(/^✓ POST \/api\/v1\/contact\/news-letter {2}\d+ cases$/m);
  expect(output).toMatch(/^✓ POST \/api\/v1\/contact\/careers {2}\d+ cases$/m);
  expect(output).toMatch(/^✓ GET \/api\/health {2}\d+ cases$/m);
  expect(output).toMatch(/^✓ GET \/api\/health\/live {2}\d+ cases$/m);
  expect(output).toMatch(/^✓ GET \/api\/health\/ready {2}\d+ cases$/m);
  expect(output).toMatch(/^✓ GET \/api\/v1\/contact\/challenge {2}\d+ cases$/m);
  expect(output).toMatch(/^\d+ challenges solved \([\d.]+ s of solving\)$/m);
  expect(output).not.toMatch(/no proof of work/);
  expect(output).toMatch(/^\d+ passed, 0 failed$/m);
  expect(operationLines(output).every((line) => line.startsWith("✓"))).toBe(true);
  expect(code).toBe(0);
}, TEST_TIMEOUT_MS);

test("fails a server that answers 201 (in the documented shape) to everything, naming each operation and the request", async () => {
  const yesMan = await listen((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: randomUUID(), message: "Thank you. Your submission has been received." }));
    });
  });
  try {
    const { code, output } = await runSuite(["--base-url", yesMan.url, "--runs", "5", ...NO_SHRINKING]);
    expect(code).toBe(1);
    // A body breaking a rule must get 400: the line names the operation, the status and the request.
    expect(output).toMatch(/^✗ POST \/api\/v1\/contact\/news-letter {2}expected 400, got 201\n {4}request: POST \/api\/v1\/contact\/news-letter \(application\/json\) \{/m);
    expect(output).toMatch(/^✗ GET \/api\/health {2}expected 200, got 201/m);
    expect(output).toMatch(/^✗ GET \/api\/health\/live {2}expected 200, got 201/m);
    expect(output).toMatch(/^✗ GET \/api\/health\/ready {2}expected 200, got 201/m);
    expect(output).toMatch(/^✗ unknown paths under \/api {2}expected 404, got 201/m);
    expect(output).toMatch(/^0 passed, \d+ failed$/m);
  } finally {
    await yesMan.close();
  }
}, TEST_TIMEOUT_MS);

/**
 * A proxy in front of `upstream`: `intercept` may answer a request itself
 * (returns true), `route` may send a request to another server (returns its
 * address), and `rewrite` may change an answer's body before it is passed on.
 */
function proxy(
  upstream: string,
  {
    intercept,
    route,
    rewrite,
    rewriteHeaders,
    rewriteStatus,
  }: {
    intercept?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
    route?: (req: http.IncomingMessage) => string | undefined;
    /** The answer's new body, or undefined to pass its bytes on as they are (compressed ones too). */
    rewrite?: (status: number, body: string, req: http.IncomingMessage) => string | undefined;
    rewriteHeaders?: (headers: http.IncomingHttpHeaders, req: http.IncomingMessage) => http.IncomingHttpHeaders;
    rewriteStatus?: (status: number, body: string, req: http.IncomingMessage) => number;
  },
) {
  return listen((req, res) => {
    if (intercept?.(req, res)) return;
    const target = new URL(route?.(req) ?? upstream);
    const forward = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const received = answer.statusCode ?? 502;
        const raw = Buffer.concat(chunks);
        const status = rewriteStatus ? rewriteStatus(received, raw.toString("utf8"), req) : received;
        const body = (rewrite ? rewrite(received, raw.toString("utf8"), req) : undefined) ?? raw;
        const headers = { ...(rewriteHeaders ? rewriteHeaders(answer.headers, req) : answer.headers), "content-length": String(Buffer.byteLength(body)) };
        delete headers["transfer-encoding"];
        res.writeHead(status, headers);
        res.end(body);
      });
    });
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
}

test("names the one operation a server answers 500, and passes every other", async () => {
  const server = await startServer({ env: QUICK_PROOFS });
  const broken = await proxy(server.url, {
    intercept: (req, res) => {
      if (req.method !== "POST" || req.url !== "/api/v1/contact/contact_us") return false;
      req.resume();
      req.on("end", () => {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ message: "An internal error occurred." }));
      });
      return true;
    },
  });
  try {
    const { code, output } = await runSuite(["--base-url", broken.url, "--runs", "8"]);
    const failed = operationLines(output).filter((line) => line.startsWith("✗"));
    expect(failed).toEqual([expect.stringMatching(/^✗ POST \/api\/v1\/contact\/contact_us {2}answered 500, a server error$/)]);
    expect(output).toMatch(/^\d+ passed, 1 failed$/m);
    expect(code).toBe(1);
  } finally {
    await broken.close();
    await server.stop();
  }
}, TEST_TIMEOUT_MS);

test("fails a server whose 400 answers do not name the broken field", async () => {
  const server = await startServer({ env: QUICK_PROOFS });
  // Still the Error shape (errors is optional), but without the list of broken rules.
  const vague = await proxy(server.url, { rewrite: (status) => (status === 400 ? JSON.stringify({ message: "The request is invalid." }) : undefined) });
  try {
    const { code, output } = await runSuite(["--base-url", vague.url, "--runs", "3", ...NO_SHRINKING]);
    // The first rule broken of the first field the contract lists (the spam trap, since 1.3.0).
    expect(output).toMatch(/^✗ POST \/api\/v1\/contact\/news-letter {2}the 400 answer to a body breaking "[^"]+" of (\w+) does not name \1 in errors\[\]\.path$/m);
    expect(output).toMatch(/^✓ GET \/api\/health {2}\d+ cases$/m);
    expect(code).toBe(1);
  } finally {
    await vague.close();
    await server.stop();
  }
}, TEST_TIMEOUT_MS);

test("reads the served catalogue from the site, and fails a server that accepts a product not in it (and that alone)", async () => {
  const server = await startServer({ env: QUICK_PROOFS });
  const published = (await (await fetch(`${server.url}/assets/json/products.json`)).json()) as { link: string }[];
  // The server's 422 for an unknown product turned into its 201: the catalogue is not checked.
  const lax = await proxy(server.url, {
    rewriteStatus: (status, body) => (status === 422 && body.includes("catalogue has no product") ? 201 : status),
    rewrite: (status, body) => (status === 422 && body.includes("catalogue has no product") ? JSON.stringify({ id: randomUUID(), message: "Thank you. Your submission has been received." }) : undefined),
  });
  try {
    const { code, output } = await runSuite(["--base-url", lax.url, "--runs", "3", ...NO_SHRINKING]);
    expect(output).toContain(`catalogue: ${published.length} products from ${lax.url}/assets/json/products.json`);
    const failed = operationLines(output).filter((line) => line.startsWith("✗"));
    expect(failed).toEqual([expect.stringMatching(/^✗ POST \/api\/v1\/contact\/quote_request {2}a body whose items\.\*\.product is not in the served catalogue of products \("[a-z0-9-]+"\) must be refused \(422, or 400\), got 201$/)]);
    expect(code).toBe(1);
  } finally {
    await lax.close();
    await server.stop();
  }
}, TEST_TIMEOUT_MS);

test("takes the products from --product: a product the server does not have fails the quotation call", async () => {
  const server = await startServer({ env: QUICK_PROOFS });
  try {
    const { code, output } = await runSuite(["--base-url", server.url, "--runs", "2", "--product", "not-a-product-of-this-site", ...NO_SHRINKING]);
    expect(output).toContain("catalogue: 1 products from --product");
    expect(output).toMatch(/^✗ POST \/api\/v1\/contact\/quote_request {2}expected 201, got 422$/m);
    expect(output).toMatch(/^✓ POST \/api\/v1\/contact\/contact_us {2}\d+ cases$/m);
    expect(code).toBe(1);
  } finally {
    await server.stop();
  }
}, TEST_TIMEOUT_MS);

test("fails a server that ignores Idempotency-Key", async () => {
  const server = await startServer({ env: QUICK_PROOFS });
  // The key never reaches our server: every request is a new submission.
  const forgetful = await proxy(server.url, {
    intercept: (req) => {
      delete req.headers["idempotency-key"];
      return false;
    },
  });
  try {
    const { code, output } = await runSuite(["--base-url", forgetful.url, "--runs", "3", ...NO_SHRINKING]);
    expect(output).toMatch(/^✗ POST \/api\/v1\/contact\/news-letter {2}the same Idempotency-Key with the same body did not answer the first answer again$/m);
    // Each failure says its case was not shrunk.
    const failures = output.split(/^(?=[✓✗] )/m).filter((part) => part.startsWith("✗"));
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) expect(failure).toMatch(/^ {4}\(the first failing case, not shrunk \(--shrink-seconds 0\)\)$/m);
    expect(code).toBe(1);
  } finally {
    await forgetful.close();
    await server.stop();
  }
}, TEST_TIMEOUT_MS);

test("waits out a real rate limit (429 with Retry-After) and passes", async () => {
  // The suite's first three POSTs go to a server that takes one POST per 10 s window: the second, sent right after
  // the first, gets its real 429; the suite waits it out and sends it again (the third), in a new window. The rest go
  // to a server whose limit is never reached. So the suite meets exactly one 429 however fast the machine sends (a
  // limit of 80 a second, met by counting, was never reached on a loaded machine).
  const strict = await startServer({ env: { ...QUICK_PROOFS, RATE_LIMIT_MAX: "1", RATE_LIMIT_WINDOW_MS: "10000" } });
  const server = await startServer({ env: QUICK_PROOFS });
  let posts = 0;
  const front = await proxy(server.url, { route: (req) => (req.method === "POST" && ++posts <= 3 ? strict.url : undefined) });
  try {
    const { code, output } = await runSuite(["--base-url", front.url, "--runs", "5"]);
    expect(output).toMatch(/^rate limited 1 times \(429\), waited \d+ s in all, then retried$/m);
    expect(output).toMatch(/^\d+ passed, 0 failed$/m);
    expect(code).toBe(0);
  } finally {
    await front.close();
    await Promise.all([server.stop(), strict.stop()]);
  }
}, TEST_TIMEOUT_MS);

test("stops with a clear message when the rate limit's waits pass --max-wait", async () => {
  const server = await startServer({ env: { ...QUICK_PROOFS, RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_MS: "60000" } });
  try {
    const { code, output } = await runSuite(["--base-url", server.url, "--runs", "5", "--max-wait", "5"]);
    expect(output).toMatch(/^✗ POST \/api\/v1\/contact\/news-letter {2}rate limited \(429\) by the server: waiting \d+ s more would pass the limit of 5 s of waits \(--max-wait\)/m);
    expect(code).toBe(1);
  } finally {
    await server.stop();
  }
}, TEST_TIMEOUT_MS);

/** The form calls of the contract that take a proof of work (the Altcha header). */
function formCallsWithProof(): string[] {
  const spec = yaml.load(fs.readFileSync(path.join(ROOT, "openapi.yaml"), "utf8")) as {
    paths: Record<string, { post?: { parameters?: { $ref?: string; name?: string }[] } }>;
    components: { parameters: Record<string, { name: string }> };
  };
  return Object.entries(spec.paths)
    .filter(([, item]) => (item.post?.parameters ?? []).some((p) => (p.$ref ? spec.components.parameters[p.$ref.split("/").pop()!] : p)?.name === "Altcha"))
    .map(([p]) => p);
}

test("its submissions carry proofs our server accepts: with the spam checks on, only those held back on purpose are quarantined", async () => {
  // The default difficulty: the proofs are solved as an integrator's would be.
  const server = await startServer({ env: { SPAM_CHECKS: "on" } });
  try {
    const { code, output } = await runSuite(["--base-url", server.url, "--runs", "5"]);
    expect(output).toMatch(/^\d+ passed, 0 failed$/m);
    expect(code).toBe(0);
    // What the server held back, by reason (npm run leads:spam: one line per submission, its reasons last).
    const leads = await promisify(execFile)(process.execPath, [path.join(ROOT, "dist", "server", "cli", "leads.js"), "spam", "--limit", "10000"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATA_DIR: server.dataDir },
    });
    const reasons = new Map<string, number>();
    for (const line of leads.stdout.split("\n").filter((l) => /^[0-9a-f-]{36}\s/.test(l))) {
      for (const reason of line.split(/\s{2,}/).pop()!.split(/,\s*/)) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    // Per form call, the suite sends one submission without a proof, one with a used proof and one with the trap
    // filled; every other proof is fresh, solved and sent after its sendAfter. (Generated names with markup may be
    // held back by the content checks: the suite does not avoid them.)
    const calls = formCallsWithProof().length;
    expect(calls).toBeGreaterThan(0);
    expect(Object.fromEntries([...reasons].filter(([reason]) => reason.startsWith("proof_") || reason === "sent_too_fast" || reason === "honeypot"))).toEqual({
      proof_missing: calls,
      proof_replayed: calls,
      honeypot: calls,
    });
  } finally {
    await server.stop();
  }
}, TEST_TIMEOUT_MS);

test("fails the challenge call alone on a server without it (404), and tests the form calls without proofs", async () => {
  const server = await startServer({ env: QUICK_PROOFS });
  const older = await proxy(server.url, {
    intercept: (req, res) => {
      if (req.url !== CHALLENGE_PATH) return false;
      req.resume();
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Not found." }));
      return true;
    },
  });
  try {
    const { code, output } = await runSuite(["--base-url", older.url, "--runs", "3"]);
    expect(output).toMatch(/^! no proof of work: GET \/api\/v1\/contact\/challenge answered 404: .*; the form submissions are sent without one$/m);
    const failed = operationLines(output).filter((line) => line.startsWith("✗"));
    expect(failed).toEqual([expect.stringMatching(/^✗ GET \/api\/v1\/contact\/challenge {2}expected 200, got 404$/)]);
    expect(output).toMatch(/^✓ POST \/api\/v1\/contact\/news-letter {2}\d+ cases$/m);
    expect(output).toMatch(/^\d+ passed, 1 failed$/m);
    expect(code).toBe(1);
  } finally {
    await older.close();
    await server.stop();
  }
}, TEST_TIMEOUT_MS);

test("fails a readiness probe answered from a cache, and that probe alone", async () => {
  const server = await startServer({ env: QUICK_PROOFS });
  const cdn = await proxy(server.url, {
    rewriteHeaders: (answer, req) => (req.url === "/api/health/ready" ? { ...answer, "cache-control": "public, max-age=30" } : answer),
  });
  try {
    const { code, output } = await runSuite(["--base-url", cdn.url, "--runs", "3", ...NO_SHRINKING]);
    const failed = operationLines(output).filter((line) => line.startsWith("✗"));
    expect(failed).toEqual([
      expect.stringMatching(
        /^✗ GET \/api\/health\/ready {2}the probe's Cache-Control is "public, max-age=30", not no-store: a cache could answer for the server, and hide that it is down or not ready$/,
      ),
    ]);
    expect(output).toMatch(/^✓ GET \/api\/health\/live {2}\d+ cases$/m);
    expect(code).toBe(1);
  } finally {
    await cdn.close();
    await server.stop();
  }
}, TEST_TIMEOUT_MS);

test.each([
  {
    what: "says Cache-Control: max-age",
    headers: { "cache-control": "public, max-age=60" },
    reported: /^✗ GET \/api\/v1\/contact\/challenge {2}the challenge's Cache-Control is "public, max-age=60", not no-store: a cache could give one challenge to several submissions$/,
  },
  {
    what: "gives the same challenge each time",
    headers: {},
    reported: /^✗ GET \/api\/v1\/contact\/challenge {2}two calls gave the same challenge \(nonce [0-9a-f]{32}\): each call must give a fresh one$/,
  },
])("fails a challenge call that $what (a cache in front of it), and that call alone", async ({ headers, reported }) => {
  const server = await startServer({ env: QUICK_PROOFS });
  let cached: string | undefined;
  const cdn = await proxy(server.url, {
    rewrite: (status, body, req) => (req.url === CHALLENGE_PATH && status === 200 ? (cached ??= body) : undefined),
    rewriteHeaders: (answer, req) => (req.url === CHALLENGE_PATH ? { ...answer, ...headers } : answer),
  });
  try {
    const { code, output } = await runSuite(["--base-url", cdn.url, "--runs", "3", ...NO_SHRINKING]);
    const failed = operationLines(output).filter((line) => line.startsWith("✗"));
    expect(failed).toEqual([expect.stringMatching(reported)]);
    expect(code).toBe(1);
  } finally {
    await cdn.close();
    await server.stop();
  }
}, TEST_TIMEOUT_MS);
