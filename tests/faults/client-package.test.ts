/**
 * The typed client package (packages/forms-api-client) as an integrator gets
 * it: built from openapi.yaml (npm run client:build), packed with `npm pack`,
 * installed offline into a scratch project in a temporary folder (the tarball
 * extracted into its node_modules, openapi-fetch, altcha-lib and typescript
 * linked from this project's), type-checked there with `tsc --noEmit` (a
 * correct call passes; an unknown field, a missing required field, a wrong
 * path, a text in a file field, a JSON path given to the multipart helper and
 * a wrong proofOfWork option each fail with an error naming them), and run
 * there:
 *
 * - its solver (node:crypto, and Web Crypto as browsers get it) against
 *   challenges made by the server's own code (server/spam/proof.ts), with the
 *   server's clock an hour ahead: every proof passes the server's check from
 *   the challenge's sendAfter on, and not a millisecond before;
 * - against the real server process (dist/server/index.js) with its spam
 *   checks on, behind a proxy that records what goes by, and a real SMTP
 *   peer: a JSON and a multipart call get 201 and their notifications reach
 *   the peer (not held back), each POST sent with a fresh proof no earlier
 *   than its challenge's sendAfter; an invalid call gets a 400 in the
 *   contract's error shape; a multipart call sent again with its
 *   Idempotency-Key, with a new proof, gets the first answer replayed; a
 *   client made with `proofOfWork: false` is answered 201 but held back;
 * - against a server without the challenge call (404: the submission goes
 *   without a proof) and one whose challenge call answers 503 (the answer of
 *   the submission, which is not sent).
 */
import { execFile } from "child_process";
import fs from "fs";
import http from "http";
import type { AddressInfo } from "net";
import os from "os";
import path from "path";
import { promisify } from "util";
import yaml from "js-yaml";
import { toFormData } from "../../packages/forms-api-client/src/form-data";
import type { HealthReport } from "../../server/api/health";
import { checkProof, issueChallenge } from "../../server/spam/proof";
import { signedHeaders } from "../../server/webhooks/sender";
import { waitFor } from "../../testkit/wait";
import { newWebhookSecret } from "../../testkit/webhook-receiver";
import { cleanup, makeDoc, makePdf, referenceOf, startServer, startSmtpPeer, type ServerProcess, type SmtpPeer } from "../../testkit/faults";

const ROOT = path.resolve(__dirname, "..", "..");
const PACKAGE_DIR = path.join(ROOT, "packages", "forms-api-client");
const BUILD_SCRIPT = path.join(ROOT, "scripts", "contract", "client-package.mjs");
const TSC = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
const NAME = "@industrial-group/forms-api-client";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The packages the installed package needs, linked from this project's node_modules (no registry). */
const LINKED = ["openapi-fetch", "altcha-lib", "standardwebhooks", "typescript"];

/** Runs a command to its end; resolves with its exit code and output (never rejects on a non-zero exit). */
async function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, { cwd, env, maxBuffer: 32 * 1024 * 1024, timeout: 90_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number | string; stdout?: string; stderr?: string; message: string };
    return { code: typeof e.code === "number" ? e.code : 1, stdout: e.stdout ?? "", stderr: e.stderr ?? e.message };
  }
}

/** npm itself, run by this Node (npm_execpath when jest runs under npm, else npm-cli.js beside this Node). */
function npmCommand(args: string[]): [string, string[]] {
  const cli = process.env.npm_execpath;
  if (cli && /npm-cli\.js$/.test(cli)) return [process.execPath, [cli, ...args]];
  return ["npm", args];
}

/** tsc's diagnostics (`--pretty false`) per file name: each error's code and whole text (its indented elaboration included). */
function diagnostics(output: string): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of output.split(/\r?\n/)) {
    const match = /^(.+?)\(\d+,\d+\): error (TS\d+: .*)$/.exec(line);
    if (match) {
      const file = path.basename(match[1]);
      if (!byFile.has(file)) byFile.set(file, []);
      current = byFile.get(file)!;
      current.push(match[2]);
    } else if (current && /^\s+\S/.test(line)) {
      current[current.length - 1] += "\n" + line.trim();
    }
  }
  return byFile;
}

const spec = yaml.load(fs.readFileSync(path.join(ROOT, "openapi.yaml"), "utf8")) as {
  info: { version: string };
  paths: Record<string, Record<string, { parameters?: { $ref?: string; name?: string; in?: string }[] }>>;
  components?: { parameters?: Record<string, { name: string; in: string }> };
};

/** Whether the contract declares an Idempotency-Key header on contact_us (then the typed call sends it). */
function declaresIdempotencyKey(): boolean {
  const parameters = spec.paths["/api/v1/contact/contact_us"]?.post?.parameters ?? [];
  return parameters.some((p) => {
    const resolved = p.$ref ? spec.components?.parameters?.[p.$ref.split("/").pop()!] : p;
    return resolved?.in === "header" && resolved.name === "Idempotency-Key";
  });
}

const CONTACT = `{
    firstName: "Ada",
    lastName: "Lovelace",
    subject: "Sales Inquiry",
    email: "ada@example.com",
    phoneNumber: "0123456789",
    companyName: "Analytical Engines Ltd",
    mailType: "contact",
  }`;

/** A scratch file that must type-check: JSON, multipart and GET calls, the answers used through their types, the proof of work by hand. */
function goodCalls(withKey: boolean): string {
  const header = withKey ? `params: { header: { "Idempotency-Key": newIdempotencyKey() } },` : "";
  return `import {
  createFormsClient,
  fetchProof,
  newIdempotencyKey,
  postMultipart,
  PROOF_HEADER,
  ProofOfWorkError,
  proofOfWorkMiddleware,
  solveChallenge,
  toFormData,
  waitUntil,
  type ApiError,
  type FieldError,
  type MultipartBody,
  type Proof,
  type SubmissionAccepted,
  type SubmissionChallenge,
} from "${NAME}";
import createClient from "openapi-fetch";
import type { paths } from "${NAME}";

const client = createFormsClient({
  baseUrl: "https://www.example.com",
  headers: { "User-Agent": "scratch/1.0" },
  fetch: (request: Request) => fetch(request),
});

export async function json(): Promise<string> {
  const { data, error, response } = await client.POST("/api/v1/contact/contact_us", {
    ${header}
    body: ${CONTACT},
  });
  if (error) {
    const failure: ApiError = error;
    const fields: FieldError[] = failure.errors ?? [];
    return response.status + failure.message + fields.map((f) => f.path + f.message).join();
  }
  const accepted: SubmissionAccepted = data;
  return accepted.id;
}

export async function multipart(): Promise<string | undefined> {
  const body: MultipartBody<"/api/v1/contact/transfer_partner"> = {
    companyName: "Analytical Engines Ltd",
    fullName: "Ada Lovelace",
    jobRole: "Engineer",
    email: "ada@example.com",
    phoneNumber: "+44 20 7946 0000",
    regionName: "Europe",
    countryName: "United Kingdom",
    interestedIn: ["Technology Integration", "Other (Specify)"],
    message: "Joint trainings.",
    support_doc: new Blob(["%PDF-1.4"], { type: "application/pdf" }),
    mailType: "transfer_partner_form",
  };
  const { data, error } = await postMultipart(client, "/api/v1/contact/transfer_partner", { ${header} body });
  const direct = await client.POST("/api/v1/contact/transfer_partner", { body, bodySerializer: toFormData });
  return data?.id ?? error?.message ?? direct.data?.id;
}

export async function health(): Promise<string | undefined> {
  const { data } = await client.GET("/api/health");
  return data?.status;
}

export async function proofByHand(): Promise<number> {
  const unchecked = createFormsClient({ baseUrl: "https://www.example.com", proofOfWork: false });
  const own = createClient<paths>({ baseUrl: "https://www.example.com" });
  own.use(proofOfWorkMiddleware({ timeoutMs: 10_000 }));
  const { data: challenge } = await client.GET("/api/v1/contact/challenge");
  const given: SubmissionChallenge | undefined = challenge;
  const solved: Proof | undefined = given ? await solveChallenge(given, { receivedAt: Date.now() }) : undefined;
  if (solved) await waitUntil(solved.sendAfter, AbortSignal.timeout(5_000));
  let proof: Proof | undefined;
  try {
    proof = await fetchProof("https://www.example.com", { wait: false, headers: { "User-Agent": "scratch/1.0" } });
  } catch (err) {
    if (err instanceof ProofOfWorkError) return err.response?.status ?? 0;
    throw err;
  }
  const typed = await unchecked.POST("/api/v1/contact/news-letter", {
    params: { header: { Altcha: proof?.header } },
    body: { email: "ada@example.com", mailType: "news_letter" },
  });
  const raw = await fetch("https://www.example.com/api/v1/contact/news-letter", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(proof ? { [PROOF_HEADER]: proof.header } : {}) },
    body: JSON.stringify({ email: "ada@example.com", mailType: "news_letter" }),
  });
  return raw.status + typed.response.status + (solved?.expiresAt ?? 0);
}
`;
}

/** Scratch files that must each fail to type-check, with what the error must name. */
const BAD_CALLS: Record<string, { code: string; expect: RegExp[] }> = {
  "unknown-field.ts": {
    code: `await client.POST("/api/v1/contact/contact_us", { body: { ...${CONTACT}, nickname: "Ada" } });`,
    expect: [/TS2353/, /'nickname' does not exist/],
  },
  "missing-field.ts": {
    code: `await client.POST("/api/v1/contact/contact_us", {
  body: { firstName: "Ada", lastName: "Lovelace", subject: "Sales Inquiry", phoneNumber: "0123456789", companyName: "Analytical Engines Ltd", mailType: "contact" },
});`,
    expect: [/Property 'email' is missing/],
  },
  "wrong-path.ts": {
    code: `await client.POST("/api/v1/contact/contact-us", { body: ${CONTACT} });`,
    expect: [/"\/api\/v1\/contact\/contact-us"/, /not assignable/],
  },
  "text-for-file.ts": {
    code: `await postMultipart(client, "/api/v1/contact/product_order_form", {
  body: { mailType: "product_order_form", productName: "TOP LOADING ARMS", file: "order.pdf" },
});`,
    // openapi-fetch's Writable<> spells Blob out as its members.
    expect: [/Type 'string' is not assignable to type '(Blob|\{ readonly size: number; readonly type: string; arrayBuffer)/],
  },
  "json-path-as-multipart.ts": {
    code: `await postMultipart(client, "/api/v1/contact/contact_us", { body: ${CONTACT} });`,
    expect: [/"\/api\/v1\/contact\/contact_us"/, /MultipartPath|not assignable/],
  },
  "proof-option.ts": {
    code: `createFormsClient({ baseUrl: "https://www.example.com", proofOfWork: "off" });`,
    expect: [/TS2322/, /'string' is not assignable to type 'boolean/],
  },
};

const badFile = (code: string) =>
  `import { createFormsClient, postMultipart } from "${NAME}";\nconst client = createFormsClient({ baseUrl: "https://www.example.com" });\n${code}\nexport {};\n`;

/**
 * The scratch program: calls the real server through the installed package and prints what it got (each call's
 * status, body, headers of interest and how long it took). The calls that do not depend on each other go at once,
 * so their waits for sendAfter overlap.
 */
const CALLS_SCRIPT = `import { readFile } from "node:fs/promises";
import { createFormsClient, newIdempotencyKey, postMultipart } from "${NAME}";

const client = createFormsClient({ baseUrl: process.argv[2], headers: { "User-Agent": "scratch-calls/1.0" } });
const unchecked = createFormsClient({ baseUrl: process.argv[2], proofOfWork: false });
const answer = async (promise) => {
  const started = Date.now();
  const { data, error, response } = await promise;
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    replayed: response.headers.get("idempotent-replayed"),
    retryAfter: response.headers.get("retry-after"),
    data,
    error,
    ms: Date.now() - started,
  };
};
const out = {};
if (process.argv[3] === "one") {
  out.json = await answer(client.POST("/api/v1/contact/contact_us", { body: ${CONTACT} }));
} else {
  const careers = {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phoneNumber: "+44 20 7946 0000",
    nationality: "British",
    countryName: "United Kingdom",
    jobRole: "",
    resume: new File([await readFile("cv.pdf")], "cv.pdf", { type: "application/pdf" }),
    coverLetter: new Blob([await readFile("letter.doc")], { type: "application/msword" }),
    mailType: "career",
  };
  [out.json, out.invalid, out.multipart, out.unchecked] = await Promise.all([
    answer(client.POST("/api/v1/contact/contact_us", { body: ${CONTACT} })),
    answer(client.POST("/api/v1/contact/contact_us", { body: { ...${CONTACT}, email: "not-an-address" } })),
    answer(postMultipart(client, "/api/v1/contact/careers", { body: careers })),
    answer(unchecked.POST("/api/v1/contact/news-letter", { body: { email: "unchecked@example.com", mailType: "news_letter" } })),
  ]);
  if (process.argv[3] === "idempotency") {
    const key = newIdempotencyKey();
    const order = async () =>
      answer(
        postMultipart(client, "/api/v1/contact/product_order_form", {
          params: { header: { "Idempotency-Key": key } },
          body: { mailType: "product_order_form", productName: "TOP LOADING ARMS", file: new Blob([await readFile("cv.pdf")], { type: "application/pdf" }) },
        }),
      );
    out.first = await order();
    out.again = await order();
  }
}
console.log(JSON.stringify(out));
`;

/** The scratch solver: solves the challenges of challenges.json with the installed package, each received at its receivedAt. */
/** Verifies the deliveries of webhooks.json with the package's verifyWebhook; prints, for each, the event's lead id or the error's name. */
const VERIFY_SCRIPT = `import { readFile } from "node:fs/promises";
import { verifyWebhook } from "${NAME}";

const { secret, deliveries } = JSON.parse(await readFile("webhooks.json", "utf8"));
console.log(JSON.stringify(deliveries.map(({ body, headers }) => {
  try {
    return verifyWebhook(secret, body, headers).data.id;
  } catch (err) {
    return err.name;
  }
})));
`;

const SOLVE_SCRIPT = `import { readFile } from "node:fs/promises";
import { solveChallenge } from "${NAME}";

const given = JSON.parse(await readFile("challenges.json", "utf8"));
const out = [];
for (const { challenge, receivedAt } of given) {
  const started = Date.now();
  out.push({ ...(await solveChallenge(challenge, { receivedAt })), ms: Date.now() - started });
}
console.log(JSON.stringify(out));
`;

/** What the recording proxy saw of one exchange. */
interface Exchange {
  method: string;
  path: string;
  /** When the request arrived, and when its answer started to be sent on, before the client can have it (this process's clock, ms). */
  arrivedAt: number;
  answeredAt: number;
  headers: http.IncomingHttpHeaders;
  status: number;
  /** The answer's body, for the challenge call. */
  text?: string;
}

/**
 * A proxy in front of `upstream` that records every exchange. `mode` says what it does with the challenge call:
 * passes it on, answers 404 as a server older than contract 1.3.0 does, or answers 503.
 */
async function recordingProxy(upstream: string) {
  const exchanges: Exchange[] = [];
  const state = { mode: "pass" as "pass" | "no-challenge" | "challenge-503" };
  const server = http.createServer((req, res) => {
    const arrivedAt = Date.now();
    let answeredAt = 0;
    const record = (status: number, text?: string) =>
      exchanges.push({ method: req.method ?? "", path: req.url ?? "", arrivedAt, answeredAt, headers: req.headers, status, text });
    const isChallenge = req.method === "GET" && req.url === "/api/v1/contact/challenge";
    if (isChallenge && state.mode !== "pass") {
      req.resume();
      const status = state.mode === "no-challenge" ? 404 : 503;
      const body = JSON.stringify({ message: status === 404 ? "Not found." : "A challenge cannot be made right now. Please try again in a moment." });
      answeredAt = Date.now();
      res.writeHead(status, { "content-type": "application/json", ...(status === 503 ? { "retry-after": "2" } : {}) });
      res.end(body, () => record(status));
      return;
    }
    const target = new URL(upstream);
    const forward = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const body = Buffer.concat(chunks);
        answeredAt = Date.now();
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.end(body, () => record(answer.statusCode ?? 502, isChallenge ? body.toString("utf8") : undefined));
      });
    });
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exchanges,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The challenge and solution an Altcha header carries. */
function decodeProof(header: string): { challenge: { parameters: { nonce: string; data: { issuedAt: number; sendAfter: number } } }; solution: Record<string, unknown> } {
  return JSON.parse(Buffer.from(header, "base64").toString("utf8"));
}

describe("toFormData (the multipart encoding the contract describes)", () => {
  it("sends files as file parts, lists as JSON, numbers as text, and leaves out absent values and empty text", async () => {
    const form = toFormData({
      resume: new File(["%PDF-1.4"], "My CV.pdf", { type: "application/pdf" }),
      coverLetter: new Blob(["x"], { type: "application/msword" }),
      other: new Blob(["x"]),
      interestedIn: ["Technology Integration", "Other (Specify)"],
      experience: 2.5,
      empty: "",
      none: undefined,
      nothing: null,
      name: "Zoë",
    });
    expect([...form.keys()]).toEqual(["resume", "coverLetter", "other", "interestedIn", "experience", "name"]);
    expect((form.get("resume") as File).name).toBe("My CV.pdf");
    expect((form.get("coverLetter") as File).name).toBe("coverLetter.doc");
    expect(await (form.get("coverLetter") as File).text()).toBe("x");
    expect((form.get("other") as File).name).toBe("other");
    expect(form.get("interestedIn")).toBe('["Technology Integration","Other (Specify)"]');
    expect(form.get("experience")).toBe("2.5");
    expect(form.get("name")).toBe("Zoë");
  });
});

describe("typed client package (npm pack, installed offline in a scratch project)", () => {
  let work: string;
  let scratch: string;
  let metadataCheck: Run;
  let build: Run;
  let packed: { filename: string; files: { path: string }[] };
  let server: ServerProcess | undefined;
  let peer: SmtpPeer | undefined;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "client-package-"));
    metadataCheck = await run(process.execPath, [BUILD_SCRIPT, "--check"], ROOT);
    // --no-sync: a test never rewrites package.json (the check above reports a version or licence out of date).
    build = await run(process.execPath, [BUILD_SCRIPT, "--no-sync"], ROOT);
    if (build.code !== 0) throw new Error(`npm run client:build failed:\n${build.stdout}${build.stderr}`);

    const [npm, args] = npmCommand(["pack", "--json", "--pack-destination", work]);
    const pack = await run(npm, args, PACKAGE_DIR, { ...process.env, npm_config_offline: "true", npm_config_audit: "false", npm_config_fund: "false" });
    if (pack.code !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
    packed = JSON.parse(pack.stdout)[0];

    // The scratch project: the tarball extracted where npm would install it, its dependency and tsc linked (no registry).
    scratch = path.join(work, "scratch");
    const installed = path.join(scratch, "node_modules", ...NAME.split("/"));
    fs.mkdirSync(installed, { recursive: true });
    const untar = await run("tar", ["-xzf", path.join(work, packed.filename), "--strip-components=1", "-C", installed], work);
    if (untar.code !== 0) throw new Error(`tar failed: ${untar.stderr}`);
    for (const dependency of LINKED) {
      fs.symlinkSync(path.join(ROOT, "node_modules", dependency), path.join(scratch, "node_modules", dependency), "dir");
    }
    fs.writeFileSync(path.join(scratch, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module" }, null, 2));
    fs.writeFileSync(
      path.join(scratch, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          lib: ["ES2022", "DOM", "DOM.Iterable"],
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await cleanup();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("has the contract's version and licence, openapi-fetch, altcha-lib and standardwebhooks (the project's ranges) as its dependencies", () => {
    expect(metadataCheck.stderr).toBe("");
    expect(metadataCheck.code).toBe(0);
    const pkg = JSON.parse(fs.readFileSync(path.join(scratch, "node_modules", ...NAME.split("/"), "package.json"), "utf8"));
    const root = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(pkg.name).toBe(NAME);
    expect(pkg.version).toBe(spec.info.version);
    expect(typeof pkg.license).toBe("string");
    expect(pkg.type).toBe("module");
    expect(pkg.dependencies).toEqual({
      "altcha-lib": root.dependencies["altcha-lib"],
      "openapi-fetch": root.dependencies["openapi-fetch"],
      standardwebhooks: root.dependencies.standardwebhooks,
    });
    expect(pkg.exports["."]).toEqual({ types: "./dist/index.d.ts", import: "./dist/index.js", default: "./dist/index.js" });
    // The solver's hash by environment: node:crypto where there is one, Web Crypto in browsers and everywhere else.
    expect(pkg.imports["#derive-key"]).toEqual({
      types: "./dist/derive-key.web.d.ts",
      browser: "./dist/derive-key.web.js",
      node: "./dist/derive-key.node.js",
      default: "./dist/derive-key.web.js",
    });
  });

  it("the tarball holds the built code, its types and the README, and nothing else", () => {
    const files = packed.files.map((f) => f.path).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        "README.md",
        "dist/index.d.ts",
        "dist/index.js",
        "dist/proof.js",
        "dist/derive-key.node.js",
        "dist/derive-key.web.js",
        "dist/schema.d.ts",
        "package.json",
      ]),
    );
    // The browser's solver never imports node:crypto (a bundler could not take it).
    const web = fs.readFileSync(path.join(scratch, "node_modules", ...NAME.split("/"), "dist", "derive-key.web.js"), "utf8");
    expect(web).toMatch(/altcha-lib\/algorithms\/web\/sha/);
    for (const file of files) {
      expect(file).toMatch(/^(README\.md|package\.json|dist\/[^/]+\.(js|d\.ts))$/);
      expect(file).not.toMatch(/\.map$|test|^src\/|tsconfig/);
    }
    const types = fs.readFileSync(path.join(scratch, "node_modules", ...NAME.split("/"), "dist", "schema.d.ts"), "utf8");
    expect(types).toMatch(/UploadedDocument: Blob;/);
    for (const operationPath of Object.keys(spec.paths)) expect(types).toContain(`"${operationPath}": {`);
  });

  it("a correct typed call type-checks in the scratch project (NodeNext and Bundler resolution)", async () => {
    fs.writeFileSync(path.join(scratch, "good.ts"), goodCalls(declaresIdempotencyKey()));
    const check = await run(process.execPath, [TSC, "-p", "tsconfig.json", "--pretty", "false"], scratch);
    expect(check.stdout + check.stderr).toBe("");
    expect(check.code).toBe(0);
    const bundler = await run(process.execPath, [TSC, "-p", "tsconfig.json", "--pretty", "false", "--module", "ESNext", "--moduleResolution", "Bundler"], scratch);
    expect(bundler.stdout + bundler.stderr).toBe("");
    expect(bundler.code).toBe(0);
  });

  it("an unknown field, a missing field, a wrong path, a text for a file, a JSON path as multipart and a wrong proofOfWork fail to type-check, each named", async () => {
    fs.rmSync(path.join(scratch, "good.ts"), { force: true });
    const folder = path.join(scratch, "bad");
    fs.mkdirSync(folder, { recursive: true });
    for (const [file, { code }] of Object.entries(BAD_CALLS)) fs.writeFileSync(path.join(folder, file), badFile(code));
    const check = await run(process.execPath, [TSC, "-p", "tsconfig.json", "--pretty", "false"], scratch);
    expect(check.code).not.toBe(0);
    const errors = diagnostics(check.stdout);
    for (const [file, { expect: patterns }] of Object.entries(BAD_CALLS)) {
      const text = (errors.get(file) ?? []).join("\n");
      for (const pattern of patterns) expect(`${file}: ${text}`).toMatch(pattern);
    }
    expect([...errors.keys()].sort()).toEqual(Object.keys(BAD_CALLS).sort());
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("every TypeScript example of the package's README type-checks in the scratch project", async () => {
    const readme = fs.readFileSync(path.join(PACKAGE_DIR, "README.md"), "utf8");
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    // Imports go to the top; the block that creates the client stays at the top level, every other block is a function of its own.
    const imports = new Set<string>();
    const bodies = blocks.map((block) =>
      block
        .split("\n")
        .filter((line) => !(/^import .* from ".*";$/.test(line) && imports.add(line)))
        .join("\n"),
    );
    const examples = [
      ...imports,
      ...bodies.map((body, i) => (/createFormsClient\(/.test(body) ? body : `export async function example${i}() {\n${body}\n}`)),
      "export { client };",
    ].join("\n");
    const folder = path.join(scratch, "readme");
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, "examples.ts"), examples);
    // The examples read files with node:fs: Node's types, linked like the rest.
    fs.mkdirSync(path.join(scratch, "node_modules", "@types"), { recursive: true });
    fs.symlinkSync(path.join(ROOT, "node_modules", "@types", "node"), path.join(scratch, "node_modules", "@types", "node"), "dir");
    const check = await run(process.execPath, [TSC, "-p", "tsconfig.json", "--pretty", "false", "--types", "node", "--skipLibCheck"], scratch);
    expect(`${check.stdout}${check.stderr}\n--- readme/examples.ts\n${examples}`).toMatch(/^\n--- readme/);
    expect(check.code).toBe(0);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("verifies a webhook signed by the server's code, typed by the contract, and refuses a tampered one", async () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: "lead.created", timestamp: new Date().toISOString(), data: { id: "01a21a79-e65e-7001-95db-599687aa1dd6" } });
    const headers = signedHeaders(secret, { messageId: "msg_0123456789abcdef0123456789abcdef", text: body }, new Date());
    const deliveries = [
      { body, headers },
      { body: body.replace("01a2", "99a2"), headers },
      { body, headers: signedHeaders(newWebhookSecret(), { messageId: "msg_0123456789abcdef0123456789abcdef", text: body }, new Date()) },
      { body, headers: signedHeaders(secret, { messageId: "msg_0123456789abcdef0123456789abcdef", text: body }, new Date(Date.now() - 3_600_000)) },
    ];
    fs.writeFileSync(path.join(scratch, "webhooks.json"), JSON.stringify({ secret, deliveries }));
    fs.writeFileSync(path.join(scratch, "verify.mjs"), VERIFY_SCRIPT);
    const verified = await run(process.execPath, ["verify.mjs"], scratch);
    expect(verified.stderr).toBe("");
    expect(JSON.parse(verified.stdout)).toEqual(["01a21a79-e65e-7001-95db-599687aa1dd6", "WebhookVerificationError", "WebhookVerificationError", "WebhookVerificationError"]);
  });

  it.each([
    ["node:crypto", []],
    ["Web Crypto, as in a browser", ["--conditions=browser"]],
  ])("solves challenges made by the server's code (%s), each accepted from its sendAfter on, on the client's clock", async (_name, conditions) => {
    const secret = "a-secret-of-the-test-that-is-long-enough";
    const settings = { minCounter: 10_000, maxCounter: 50_000, lifetimeMs: 600_000, minFillMs: 2_000 };
    // The server's clock an hour ahead of this one: the proof's sendAfter is counted from when it arrived here.
    const skew = 3_600_000;
    const receivedAt = Date.now();
    const given = await Promise.all([0, 1, 2].map(async () => ({ challenge: await issueChallenge(secret, settings, new Date(receivedAt + skew)), receivedAt })));
    fs.writeFileSync(path.join(scratch, "challenges.json"), JSON.stringify(given));
    fs.writeFileSync(path.join(scratch, "solve.mjs"), SOLVE_SCRIPT);
    const solved = await run(process.execPath, [...conditions, "solve.mjs"], scratch);
    expect(solved.stderr).toBe("");
    expect(solved.code).toBe(0);
    const proofs = JSON.parse(solved.stdout) as { header: string; sendAfter: number; expiresAt: number; ms: number }[];
    expect(proofs).toHaveLength(given.length);
    for (const [i, proof] of proofs.entries()) {
      expect(proof.sendAfter).toBe(receivedAt + settings.minFillMs);
      const { challenge, solution } = decodeProof(proof.header);
      // expiresAt is in whole seconds: the lifetime the server gave it, counted from when it arrived here.
      const issued = given[i].challenge.parameters;
      expect(proof.expiresAt).toBe(receivedAt + (issued.expiresAt * 1000 - issued.data.issuedAt));
      expect(challenge).toEqual(given[i].challenge);
      expect(Object.keys(solution).sort()).toEqual(["counter", "derivedKey"]);
      const serverSendAfter = given[i].challenge.parameters.data.sendAfter;
      expect(await checkProof(proof.header, secret, new Date(serverSendAfter))).toMatchObject({ ok: true, challengeId: given[i].challenge.parameters.nonce });
      expect(await checkProof(proof.header, secret, new Date(serverSendAfter - 1))).toEqual({ ok: false, reason: "sent_too_fast" });
      expect(await checkProof(proof.header, "another-secret-that-is-long-enough-too", new Date(serverSendAfter))).toEqual({ ok: false, reason: "proof_invalid" });
    }
  });

  it("calls the real server with its spam checks on: each POST with a fresh proof sent no earlier than its sendAfter, notifications delivered, a typed 400, a replay for the same Idempotency-Key", async () => {
    const minFillMs = 2_000;
    peer = await startSmtpPeer();
    server = await startServer({ env: { SPAM_CHECKS: "on", SPAM_MIN_FILL_MS: String(minFillMs), SMTP_URL: peer.url, OUTBOX_INTERVAL_MS: "100" } });
    const proxy = await recordingProxy(server.url);
    try {
      fs.writeFileSync(path.join(scratch, "cv.pdf"), makePdf(4096));
      fs.writeFileSync(path.join(scratch, "letter.doc"), makeDoc(4096));
      fs.writeFileSync(path.join(scratch, "calls.mjs"), CALLS_SCRIPT);
      const idempotency = declaresIdempotencyKey() ? ["idempotency"] : [];
      const calls = await run(process.execPath, ["calls.mjs", proxy.url, ...idempotency], scratch);
      expect(calls.stderr).toBe("");
      expect(calls.code).toBe(0);
      const out = JSON.parse(calls.stdout);

      expect(out.json.status).toBe(201);
      expect(out.json.data).toEqual({ id: expect.any(String), message: expect.any(String) });
      expect(out.json.error).toBeUndefined();

      expect(out.multipart.status).toBe(201);
      expect(out.multipart.data).toEqual({ id: expect.any(String), message: expect.any(String) });
      expect(out.multipart.data.id).not.toBe(out.json.data.id);

      expect(out.invalid.status).toBe(400);
      expect(out.invalid.contentType).toMatch(/^application\/json/);
      expect(out.invalid.data).toBeUndefined();
      expect(out.invalid.error.message).toEqual(expect.any(String));
      expect(out.invalid.error.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: "/body/email", message: expect.any(String) })]));

      // Without a proof (proofOfWork: false, no challenge fetched: below): answered as any other, but held back.
      expect(out.unchecked.status).toBe(201);

      if (idempotency.length > 0) {
        // The same multipart submission sent again with its Idempotency-Key (and a proof of its own): the first answer replayed, nothing stored twice.
        expect(out.first.status).toBe(201);
        expect(out.first.replayed).toBeNull();
        expect(out.again.status).toBe(201);
        expect(out.again.replayed).toBe("true");
        expect(out.again.data).toEqual(out.first.data);
      }

      // Every POST of the checking client carried a proof of a challenge it fetched through the same base URL just for it,
      // with its own headers but not the submission's, and went no earlier than the challenge's sendAfter.
      const challenges = new Map(
        proxy.exchanges
          .filter((e) => e.method === "GET" && e.path === "/api/v1/contact/challenge")
          .map((e) => [JSON.parse(e.text!).parameters.nonce as string, e]),
      );
      const posts = proxy.exchanges.filter((e) => e.method === "POST");
      const proven = posts.filter((e) => e.headers["user-agent"] === "scratch-calls/1.0");
      expect(proven).toHaveLength(3 + (idempotency.length > 0 ? 2 : 0));
      expect(challenges.size).toBe(proven.length);
      for (const post of proven) {
        expect(typeof post.headers.altcha).toBe("string");
        const { challenge, solution } = decodeProof(post.headers.altcha as string);
        const fetched = challenges.get(challenge.parameters.nonce);
        expect(fetched).toBeDefined();
        expect(challenge).toEqual(JSON.parse(fetched!.text!));
        expect(Object.keys(solution).sort()).toEqual(["counter", "derivedKey"]);
        expect(fetched!.headers["user-agent"]).toBe("scratch-calls/1.0");
        expect(fetched!.headers["idempotency-key"]).toBeUndefined();
        expect(fetched!.headers.altcha).toBeUndefined();
        const { issuedAt, sendAfter } = challenge.parameters.data;
        expect(sendAfter - issuedAt).toBe(minFillMs);
        expect(post.arrivedAt - fetched!.answeredAt).toBeGreaterThanOrEqual(sendAfter - issuedAt);
      }
      const unproven = posts.filter((e) => e.headers["user-agent"] !== "scratch-calls/1.0");
      expect(unproven).toHaveLength(1);
      expect(unproven[0].headers.altcha).toBeUndefined();

      // Delivered: the notifications of the JSON, multipart and first order submissions reach the SMTP peer; the one
      // without a proof is held back (listed by npm run leads:spam, never sent).
      const delivered = [out.json.data.id, out.multipart.data.id, ...(idempotency.length > 0 ? [out.first.data.id] : [])];
      await peer.waitFor(delivered.length, 30_000);
      const leads = await run(process.execPath, [path.join(ROOT, "dist", "server", "cli", "leads.js"), "spam"], ROOT, {
        PATH: process.env.PATH,
        DATA_DIR: server.dataDir,
      });
      expect(leads.code).toBe(0);
      expect(leads.stdout).toMatch(new RegExp(`^${out.unchecked.data.id}\\b.*proof_missing`, "m"));
      for (const id of delivered) expect(leads.stdout).not.toContain(id);
      // Nothing else will be sent: the outbox holds no notification pending or failed (a held-back one is never queued).
      const health = `${server.url}/api/health`;
      await waitFor(async () => ((await (await fetch(health)).json()) as HealthReport).outbox?.pending === 0, 30_000);
      expect(((await (await fetch(health)).json()) as HealthReport).outbox).toEqual({ pending: 0, failed: 0, oldestPendingSeconds: null });
      expect(peer.received.map((mail) => referenceOf(mail)).sort()).toEqual([...delivered].sort());
    } finally {
      await proxy.close();
    }
  });

  it("sends without a proof to a server without the challenge call (404), and answers a failed challenge call's 503 without sending", async () => {
    server ??= await startServer({ env: { SPAM_CHECKS: "on" } });
    const proxy = await recordingProxy(server.url);
    try {
      proxy.state.mode = "no-challenge";
      const older = await run(process.execPath, ["calls.mjs", proxy.url, "one"], scratch);
      expect(older.stderr).toBe("");
      const olderOut = JSON.parse(older.stdout);
      expect(olderOut.json.status).toBe(201);
      expect(olderOut.json.data).toEqual({ id: expect.any(String), message: expect.any(String) });
      const sent = proxy.exchanges.filter((e) => e.method === "POST");
      expect(sent).toHaveLength(1);
      expect(sent[0].headers.altcha).toBeUndefined();

      proxy.exchanges.length = 0;
      proxy.state.mode = "challenge-503";
      const busy = await run(process.execPath, ["calls.mjs", proxy.url, "one"], scratch);
      expect(busy.stderr).toBe("");
      const busyOut = JSON.parse(busy.stdout);
      expect(busyOut.json.status).toBe(503);
      expect(busyOut.json.retryAfter).toBe("2");
      expect(busyOut.json.error).toEqual({ message: expect.any(String) });
      expect(proxy.exchanges.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(["GET /api/v1/contact/challenge 503"]);
    } finally {
      await proxy.close();
    }
  });
});
