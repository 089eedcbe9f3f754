/**
 * The release, run as production runs it (testkit/release-stack.cjs): packed
 * from the build (npm run release:pack), unpacked into a temporary folder
 * outside the repository, PostgreSQL with a role of its own, bin/migrate, two
 * instances of bin/serve (TRUST_PROXY=loopback, MIGRATE_ON_START=false, the
 * spam defence on), a real SMTP peer, Debian's nginx with a self-signed
 * certificate and the configuration bin/nginx-config prints, Chromium over
 * https. Run as root (CI), nginx takes ports 443 and 80 of 127.0.0.35 so that
 * Mozilla's HTTP Observatory can grade the site; otherwise it runs on free
 * ports and the grade is not taken (said in the output).
 *
 * The counts of failed requests during the rolling restart and the SIGKILL
 * are printed at the end.
 */
import { spawnSync } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import zlib from "zlib";
import { chromium, type Browser } from "playwright-core";
import {
  ROOT,
  RELEASE_NAME,
  crowdAddress,
  request,
  sql,
  startStack,
  steadyLeads,
  waitFor,
  type Answer,
  type LeadResult,
  type Stack,
} from "../../testkit/release-stack";
import { headerOf, referenceOf } from "../../testkit/faults";

const AS_ROOT = process.getuid?.() === 0;
const OBSERVATORY = path.join(ROOT, "testkit", "observatory", "node_modules", "@mdn", "mdn-http-observatory", "src", "scan.js");
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell";

/** Headers of a page that are about the transfer, not the page: left out of the comparison. */
const TRANSFER_HEADERS = new Set([
  "date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "etag", "last-modified",
  "accept-ranges", "vary", "server", "x-powered-by", "strict-transport-security", "x-request-id",
]);

const figures: string[] = [];

let stack: Stack;
let ca: string;
let outDir: string | undefined;

beforeAll(async () => {
  // The archive of the build this checkout has (the build stage runs before this project in npm test), packed into a
  // folder of this test's own (release-archive.test.ts packs its own at the same time).
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), "release-production-"));
  const packed = spawnSync(process.execPath, [path.join(ROOT, "scripts", "release", "pack.mjs"), "--out", outDir], { cwd: ROOT, encoding: "utf8", timeout: 5 * 60_000 });
  if (packed.status !== 0) throw new Error(`release:pack failed:\n${packed.stdout}${packed.stderr}`);
  stack = await startStack({
    archive: path.join(outDir, `${RELEASE_NAME}.tar.gz`),
    trace: true,
    allowCheckout: false,
    standardPorts: AS_ROOT,
    // Leads come steadily from a crowd of addresses; each solves a proof of work of the default difficulty.
    // SHUTDOWN_DRAIN_MS as deploy/site.env.example sets it.
    env: { OUTBOX_INTERVAL_MS: "200", SMTP_TIMEOUT_MS: "2000", SHUTDOWN_DRAIN_MS: "2000" },
  });
  ca = stack.certificate.pem;
}, 10 * 60_000);

afterAll(async () => {
  await stack?.stop();
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  if (figures.length) console.log(`Release test figures:\n  ${figures.join("\n  ")}`);
});

const viaNginx = (pathname: string, headers: Record<string, string> = {}): Promise<Answer> =>
  request(`${stack.url}${pathname}`, { ca, headers: { "accept-encoding": "identity", ...headers } });
const viaInstance = (pathname: string, headers: Record<string, string> = {}): Promise<Answer> =>
  request(`${stack.instances[0]!.url}${pathname}`, { headers: { "accept-encoding": "identity", ...headers } });

/** Every page of the build: the folders of public/ holding an index.html, as the site links them (/, /contact...: no trailing slash). */
function pages(): string[] {
  const found: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      if (["static", "page-data", "~partytown"].includes(entry.name)) continue;
      const sub = path.join(dir, entry.name);
      if (fs.existsSync(path.join(sub, "index.html"))) found.push(`${prefix}${entry.name}`);
      walk(sub, `${prefix}${entry.name}/`);
    }
  };
  walk(stack.product.publicDir, "/");
  return ["/", ...found.sort()];
}

/** The headers of an answer that are about the page (security headers, type, cache), lower-case names. */
function pageHeaders(answer: Answer): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (TRANSFER_HEADERS.has(name) || value === undefined) continue;
    kept[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return kept;
}

describe("the release unpacked outside the repository", () => {
  it("is the release, and its instances open no file of the repository", () => {
    expect(stack.product.kind).toBe("release");
    expect(stack.product.dir.startsWith(ROOT + path.sep)).toBe(false);
    const version = spawnSync(stack.product.commands.version![0]!, stack.product.commands.version!.slice(1), { encoding: "utf8", cwd: stack.dir, env: stack.env });
    expect(version.status).toBe(0);
    expect(version.stdout).toContain("0.1.0");

    for (const instance of stack.instances) {
      const opened = instance.openedFiles();
      // It ran from the release: its server code and its site.
      expect(opened.some((file) => file.startsWith(path.join(stack.product.dir, "dist") + path.sep))).toBe(true);
      expect(opened.some((file) => file.startsWith(path.join(stack.product.dir, "node_modules") + path.sep))).toBe(true);
      const fromRepository = opened.filter((file) => file === ROOT || file.startsWith(ROOT + path.sep));
      expect(fromRepository).toEqual([]);
      figures.push(`instance ${instance.n + 1} opened ${opened.length} paths at start, none in the repository`);
    }
  });
});

describe("pages through nginx", () => {
  it("has the same body bytes, Content-Security-Policy, security and cache headers as an instance, for every page", async () => {
    const list = pages();
    expect(list.length).toBeGreaterThan(10);
    const differences: string[] = [];
    for (const pathname of list) {
      const [front, back] = await Promise.all([viaNginx(pathname), viaInstance(pathname)]);
      if (front.status !== back.status) differences.push(`${pathname}: status ${front.status}, instance ${back.status}`);
      if (!front.body.equals(back.body)) differences.push(`${pathname}: body differs (${front.body.length} bytes, instance ${back.body.length})`);
      const [f, b] = [pageHeaders(front), pageHeaders(back)];
      for (const name of new Set([...Object.keys(f), ...Object.keys(b)])) {
        if (f[name] !== b[name]) differences.push(`${pathname}: ${name}: "${f[name]}", instance "${b[name]}"`);
      }
      expect(front.headers["strict-transport-security"]).toMatch(/max-age=\d{8}/);
    }
    expect(differences).toEqual([]);
    figures.push(`${list.length} pages equal through nginx and from an instance`);
  });

  it("sends brotli and gzip twins when asked, the same bytes once decoded", async () => {
    for (const pathname of ["/", "/contact"]) {
      const plain = await viaNginx(pathname);
      const br = await viaNginx(pathname, { "accept-encoding": "br" });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      const gz = await viaNginx(pathname, { "accept-encoding": "gzip" });
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
      expect(br.headers["content-security-policy"]).toBe(plain.headers["content-security-policy"]);
    }
  });

  it("caches hashed assets for good and revalidates pages, sw.js and the manifest, as an instance does", async () => {
    const html = (await viaNginx("/")).body.toString("utf8");
    const asset = /"(\/[a-z0-9-]+-[0-9a-f]{16,}\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    for (const pathname of [asset!, "/", "/sw.js", "/manifest.webmanifest"]) {
      const [front, back] = await Promise.all([viaNginx(pathname), viaInstance(pathname)]);
      expect({ pathname, status: front.status, cache: front.headers["cache-control"] }).toEqual({ pathname, status: back.status, cache: back.headers["cache-control"] });
    }
    expect((await viaNginx(asset!)).headers["cache-control"]).toContain("immutable");
    expect((await viaNginx("/sw.js")).headers["cache-control"]).not.toContain("immutable");
  });

  it("redirects as an instance does, answers 404 with the 404 page, and sends plain HTTP to HTTPS", async () => {
    for (const pathname of ["/home", "/home/", "/contact/", "/about-us/", "/contact/?x=1"]) {
      const [front, back] = await Promise.all([viaNginx(pathname), viaInstance(pathname)]);
      expect({ pathname, status: front.status, location: front.headers.location }).toEqual({ pathname, status: back.status, location: back.headers.location });
    }
    expect((await viaNginx("/home")).status).toBe(301);
    const [missing, missingBack] = await Promise.all([viaNginx("/no-such-page"), viaInstance("/no-such-page")]);
    expect(missing.status).toBe(404);
    expect(missing.body.equals(missingBack.body)).toBe(true);
    expect(missing.headers["content-security-policy"]).toBe(missingBack.headers["content-security-policy"]);

    const plain = await request(`${stack.httpUrl}/contact?from=test`);
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe(`${stack.url}/contact?from=test`);
  });

  it("proxies /api/ and the search results to the instances", async () => {
    const ready = await viaNginx("/api/health/ready");
    expect(ready.status).toBe(200);
    const search = await viaNginx("/search?query=pump");
    const searchBack = await viaInstance("/search?query=pump");
    expect(search.status).toBe(searchBack.status);
    expect(search.headers["content-security-policy"]).toBe(searchBack.headers["content-security-policy"]);
  });
});

describe("Mozilla's HTTP Observatory", () => {
  (AS_ROOT ? it : it.skip)("grades the site A+ through the generated configuration", () => {
    if (!fs.existsSync(OBSERVATORY)) throw new Error("The observatory is not installed: npm run observatory:install");
    const scan = spawnSync(process.execPath, [OBSERVATORY, stack.host], {
      encoding: "utf8",
      timeout: 120_000,
      env: { ...process.env, NODE_EXTRA_CA_CERTS: stack.certificate.certFile },
    });
    const report = JSON.parse(scan.stdout) as { scan: { grade: string; score: number; testsFailed: number }; tests: Record<string, { pass: boolean; result: string }> };
    const failed = Object.entries(report.tests).filter(([, test]) => !test.pass).map(([name, test]) => `${name}: ${test.result}`);
    figures.push(`HTTP Observatory: ${report.scan.grade} (score ${report.scan.score}, ${report.scan.testsFailed} tests failed${failed.length ? `: ${failed.join("; ")}` : ""})`);
    expect({ grade: report.scan.grade, failed }).toEqual({ grade: "A+", failed: [] });
  });
});

describe("in Chromium over https", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [`--ignore-certificate-errors-spki-list=${stack.certificate.spki}`] });
  });
  afterAll(() => browser?.close());

  it("installs the service worker, and a form sent in the browser reaches the inbox once", async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.url}/contact`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(worker).toBe(`${stack.url}/sw.js`);

    const form = page.locator('form[data-form="contact_us"]');
    // Hydrated (testkit/e2e.ts): a served form's code loads when the pointer passes over it (src/forms/island.tsx); data-hydrated once its effects ran, its handlers in place.
    await page.locator('#___gatsby[data-hydrated="true"]').waitFor({ timeout: 30_000 });
    await form.dispatchEvent("pointerover");
    await page.locator('form[data-form="contact_us"][data-hydrated="true"]').waitFor({ timeout: 30_000 });
    const marker = `Browser-${Date.now()}`;
    await form.getByLabel("First name").fill("Ada");
    await form.getByLabel("Last name").fill(marker);
    await form.getByLabel("E-mail").fill("ada@example.org");
    await form.getByLabel("Phone number").fill("0501234567");
    await form.getByLabel("Company").fill("Analytical Engines");
    await form.getByLabel("Message").fill("Please call me about a torque pump.");
    const answer = page.waitForResponse((res) => res.url().endsWith("/api/v1/contact/contact_us") && res.request().method() === "POST", { timeout: 60_000 });
    await form.getByRole("button", { name: "Send message" }).click();
    expect((await answer).status()).toBe(201);
    const id = ((await (await answer).json()) as { id: string }).id;
    // Once: every outbox row of the lead marked sent (the outbox never sends a sent row again), and one mail per row.
    const outbox = async () =>
      (await sql(stack.databaseUrl, `SELECT count(*)::int AS n, count(*) FILTER (WHERE status <> 'sent')::int AS unsent FROM outbox WHERE submission_id = '${id}'`)).rows[0] as { n: number; unsent: number };
    await waitFor(
      async () => {
        const rows = await outbox();
        return rows.n > 0 && rows.unsent === 0;
      },
      30_000,
      "the browser's lead sent by the outbox",
    );
    expect((await outbox()).n).toBe(1);
    expect(stack.smtp.received.filter((mail) => referenceOf(mail) === id)).toHaveLength(1);
    const rows = await sql(stack.databaseUrl, `SELECT count(*)::int AS n FROM submissions WHERE id = '${id}'`);
    expect(rows.rows[0]!.n).toBe(1);
    await page.close();
  });
});

describe("the rate limit through nginx", () => {
  it("counts each visitor's own address; a forged X-Forwarded-For changes nothing", async () => {
    const post = (localAddress: string, headers: Record<string, string> = {}) =>
      request(`${stack.url}/api/v1/contact/contact_us`, { ca, localAddress, method: "POST", headers: { "content-type": "application/json", ...headers }, body: "{}" });
    const limited = crowdAddress(1, 9);
    let statuses: number[] = [];
    for (let i = 0; i < 60 && !statuses.includes(429); i += 1) statuses.push((await post(limited)).status);
    expect(statuses).toContain(429);
    const allowedBefore = statuses.indexOf(429);
    // The limited visitor pretends to be someone else: still limited.
    for (const forged of ["198.51.100.7", crowdAddress(2, 9), "127.0.0.1"]) {
      expect((await post(limited, { "x-forwarded-for": forged })).status).toBe(429);
    }
    // Another visitor is not.
    statuses = [(await post(crowdAddress(3, 9))).status];
    expect(statuses[0]).not.toBe(429);
    figures.push(`rate limit: ${allowedBefore} form calls from one address before its first 429`);
  });
});

/** Every acknowledged lead is in PostgreSQL once and reached each inbox once (one Message-ID, one delivery). */
async function expectDeliveredOnce(results: (LeadResult & { lastName: string })[]): Promise<{ duplicates: number }> {
  const ids = results.map((r) => r.id!);
  const rows = await sql(stack.databaseUrl, `SELECT id FROM submissions WHERE id = ANY(ARRAY[${ids.map((id) => `'${id}'`).join(",")}]::uuid[])`);
  expect(rows.rows.length).toBe(ids.length);
  await waitFor(() => ids.every((id) => stack.smtp.received.some((mail) => referenceOf(mail) === id)), 90_000, "every lead in the inbox");
  let duplicates = 0;
  for (const id of ids) {
    const mails = stack.smtp.received.filter((mail) => referenceOf(mail) === id);
    expect(new Set(mails.map((mail) => headerOf(mail.raw, "Message-ID"))).size).toBe(1);
    duplicates += mails.length - 1;
  }
  return { duplicates };
}

/** Long enough for each wait below to fail with its own message (60 s each) rather than with jest's timeout. */
const LEADS_TEST_MS = 6 * 60_000;

/** What the leads sent so far met, for a failure's message: how many ended with each status, and the last failures. */
function leadsSummary(results: LeadResult[], sent: number): string {
  const statuses: Record<string, number> = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const failures = results.flatMap((r) => r.failures).slice(-5);
  return `${sent} leads started, ${results.length} ended ${JSON.stringify(statuses)}; last failures: ${JSON.stringify(failures)}`;
}

/** waitFor, its error naming what the leads met. */
async function waitForLeads(leads: ReturnType<typeof steadyLeads>, count: number, what: string): Promise<void> {
  try {
    await waitFor(() => leads.results.filter((r) => r.status === 201).length >= count, 60_000, what);
  } catch (error) {
    throw new Error(`${(error as Error).message}: ${leadsSummary(leads.results, leads.sent())}`);
  }
}

describe("while leads arrive steadily", () => {
  it("a rolling restart (SIGTERM, start again, one instance at a time) fails no request and loses no lead", async () => {
    const leads = steadyLeads(stack.url, { ca, everyMs: 150, prefix: "Rolling" });
    try {
      await waitForLeads(leads, 10, "leads flowing");
      // As an operator's loop does (docs/deploy.md): the next instance is restarted as soon as the previous one serves again.
      for (const instance of stack.instances) {
        const exited = await instance.kill("SIGTERM");
        expect(exited?.code).toBe(0);
        await instance.start();
        const before = leads.results.filter((r) => r.status === 201).length;
        await waitForLeads(leads, before + 10, "leads flowing again");
      }
    } finally {
      await leads.done();
    }
    const results = await leads.done();
    const failedRequests = results.flatMap((r) => r.failures);
    expect(results.every((r) => r.status === 201)).toBe(true);
    const { duplicates } = await expectDeliveredOnce(results);
    figures.push(`rolling restart: ${results.length} leads, ${failedRequests.length} requests failed, ${duplicates} delivered twice`);
    expect(failedRequests).toEqual([]);
    expect(duplicates).toBe(0);
  }, LEADS_TEST_MS);

  it("SIGKILL of one instance loses no acknowledged lead and delivers none twice", async () => {
    const leads = steadyLeads(stack.url, { ca, everyMs: 150, prefix: "Killed" });
    const victim = stack.instances[0]!;
    try {
      await waitForLeads(leads, 15, "leads flowing");
      await victim.kill("SIGKILL");
      const before = leads.results.filter((r) => r.status === 201).length;
      await waitForLeads(leads, before + 15, "leads flowing on the survivor");
      await victim.start();
    } finally {
      await leads.done();
    }
    const results = await leads.done();
    const failedRequests = results.flatMap((r) => r.failures);
    // Every lead was acknowledged in the end (a client sends again with its Idempotency-Key after no answer or a 502).
    expect(results.filter((r) => r.status !== 201)).toEqual([]);
    const { duplicates } = await expectDeliveredOnce(results);
    figures.push(`SIGKILL: ${results.length} leads, ${failedRequests.length} requests failed (${failedRequests.map((f) => `${f.step} ${f.status}`).join(", ") || "none"}), ${duplicates} delivered twice`);
    expect(duplicates).toBe(0);
  }, LEADS_TEST_MS);
});
