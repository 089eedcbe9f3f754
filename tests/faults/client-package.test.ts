/**
 * The typed client package (packages/forms-api-client) as an integrator gets
 * it: built from openapi.yaml (npm run client:build), packed with `npm pack`,
 * installed offline into a scratch project in a temporary folder (the tarball
 * extracted into its node_modules, openapi-fetch and typescript linked from
 * this project's), type-checked there with `tsc --noEmit` (a correct call
 * passes; an unknown field, a missing required field, a wrong path, a text in
 * a file field and a JSON path given to the multipart helper each fail with an
 * error naming them), and run there against the real server process
 * (dist/server/index.js): a JSON and a multipart call get 201, an invalid one
 * a 400 in the contract's error shape, and a multipart call sent again with
 * its Idempotency-Key gets the first answer replayed.
 */
import { execFile } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import { promisify } from "util";
import yaml from "js-yaml";
import { toFormData } from "../../packages/forms-api-client/src/form-data";
import { cleanup, makeDoc, makePdf, startServer, type ServerProcess } from "../../testkit/faults";

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

/** A scratch file that must type-check: JSON, multipart and GET calls, the answers used through their types. */
function goodCalls(withKey: boolean): string {
  const header = withKey ? `params: { header: { "Idempotency-Key": newIdempotencyKey() } },` : "";
  return `import {
  createFormsClient,
  newIdempotencyKey,
  postMultipart,
  toFormData,
  type ApiError,
  type FieldError,
  type MultipartBody,
  type SubmissionAccepted,
} from "${NAME}";

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
};

const badFile = (code: string) =>
  `import { createFormsClient, postMultipart } from "${NAME}";\nconst client = createFormsClient({ baseUrl: "https://www.example.com" });\n${code}\nexport {};\n`;

/** The scratch program: calls the real server through the installed package and prints what it got. */
const CALLS_SCRIPT = `import { readFile } from "node:fs/promises";
import { createFormsClient, newIdempotencyKey, postMultipart } from "${NAME}";

const client = createFormsClient({ baseUrl: process.argv[2] });
const answer = async (promise) => {
  const { data, error, response } = await promise;
  return { status: response.status, contentType: response.headers.get("content-type"), replayed: response.headers.get("idempotent-replayed"), data, error };
};
const out = {};
out.json = await answer(client.POST("/api/v1/contact/contact_us", { body: ${CONTACT} }));
out.invalid = await answer(client.POST("/api/v1/contact/contact_us", { body: { ...${CONTACT}, email: "not-an-address" } }));
out.multipart = await answer(
  postMultipart(client, "/api/v1/contact/careers", {
    body: {
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
    },
  }),
);
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
console.log(JSON.stringify(out));
`;

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
    for (const dependency of ["openapi-fetch", "typescript"]) {
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

  it("has the contract's version and licence, openapi-fetch (the project's range) as its one dependency", () => {
    expect(metadataCheck.stderr).toBe("");
    expect(metadataCheck.code).toBe(0);
    const pkg = JSON.parse(fs.readFileSync(path.join(scratch, "node_modules", ...NAME.split("/"), "package.json"), "utf8"));
    const root = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(pkg.name).toBe(NAME);
    expect(pkg.version).toBe(spec.info.version);
    expect(typeof pkg.license).toBe("string");
    expect(pkg.type).toBe("module");
    expect(pkg.dependencies).toEqual({ "openapi-fetch": root.dependencies["openapi-fetch"] });
    expect(pkg.exports["."]).toEqual({ types: "./dist/index.d.ts", import: "./dist/index.js", default: "./dist/index.js" });
  });

  it("the tarball holds the built code, its types and the README, and nothing else", () => {
    const files = packed.files.map((f) => f.path).sort();
    expect(files).toEqual(expect.arrayContaining(["README.md", "dist/index.d.ts", "dist/index.js", "dist/schema.d.ts", "package.json"]));
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

  it("an unknown field, a missing field, a wrong path, a text for a file and a JSON path as multipart fail to type-check, each named", async () => {
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

  it("calls the real server from the scratch project: 201 for JSON and multipart, a typed 400 naming the field, a replay for the same Idempotency-Key", async () => {
    server = await startServer();
    fs.writeFileSync(path.join(scratch, "cv.pdf"), makePdf(4096));
    fs.writeFileSync(path.join(scratch, "letter.doc"), makeDoc(4096));
    fs.writeFileSync(path.join(scratch, "calls.mjs"), CALLS_SCRIPT);
    const idempotency = declaresIdempotencyKey() ? ["idempotency"] : [];
    const calls = await run(process.execPath, ["calls.mjs", server.url, ...idempotency], scratch);
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

    if (idempotency.length > 0) {
      // The same multipart submission sent again with its Idempotency-Key: the first answer replayed, nothing stored twice.
      expect(out.first.status).toBe(201);
      expect(out.first.replayed).toBeNull();
      expect(out.again.status).toBe(201);
      expect(out.again.replayed).toBe("true");
      expect(out.again.data).toEqual(out.first.data);
    }
  });
});
