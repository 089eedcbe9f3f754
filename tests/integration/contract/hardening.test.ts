/**
 * What a hostile or broken client can do over HTTP, each answered in the
 * right way: redirects never leave the site, malformed addresses get a 4xx
 * page and never a stack trace, build internals are not served, every answer
 * carries nosniff and a referrer policy, broken or unknown Content-Encodings
 * get 400/415, error answers stay small, and other websites cannot make their
 * visitors' browsers send the forms.
 */
import fs from "fs";
import os from "os";
import path from "path";
import request from "supertest";
import zlib from "zlib";
import { makePdf } from "../../../testkit/documents";
import { logger } from "../../../server/log";
import { API, expectAccepted, expectError, startContractApp, type TestApp, setUpContractApp } from "../../../testkit/contract-app";
import { listen, rawGet, type RawAnswer } from "../../../testkit/raw-http";

const NEWSLETTER = { email: "reader@example.org", mailType: "news_letter" };
const ORDER_FIELDS = { mailType: "product_order_form", productName: "TOP LOADING ARMS" };

/** A small build: pages, a script with its source map, webpack's and Gatsby's internals, a licence file. */
function makePublicDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hardening-public-"));
  fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Home</title>");
  fs.mkdirSync(path.join(dir, "about-us"));
  fs.writeFileSync(path.join(dir, "about-us", "index.html"), "<!doctype html><title>About</title>");
  fs.mkdirSync(path.join(dir, "search"));
  fs.writeFileSync(path.join(dir, "search", "index.html"), "<!doctype html><title>Search</title>");
  fs.writeFileSync(path.join(dir, "404.html"), "<!doctype html><title>Page not found</title>");
  fs.writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\n");
  fs.writeFileSync(path.join(dir, "app-0123456789abcdef0123.js"), "console.log(1)\n//# sourceMappingURL=app-0123456789abcdef0123.js.map");
  fs.writeFileSync(path.join(dir, "app-0123456789abcdef0123.js.map"), '{"version":3,"sources":["webpack:///./src/secret.ts"]}');
  fs.writeFileSync(path.join(dir, "framework-0123456789abcdef0123.js.LICENSE.txt"), "MIT");
  fs.writeFileSync(path.join(dir, "webpack.stats.json"), '{"assetsByChunkName":{}}');
  fs.writeFileSync(path.join(dir, "chunk-map.json"), '{"app":["/app.js"]}');
  // Their compressed forms, as a build wrote them beside every text file.
  for (const name of ["webpack.stats.json", "chunk-map.json", "app-0123456789abcdef0123.js.map"]) {
    const data = fs.readFileSync(path.join(dir, name));
    fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(data));
    fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(data));
  }
  fs.mkdirSync(path.join(dir, "static"));
  fs.writeFileSync(path.join(dir, "static", "styles.css.map"), "{}");
  return dir;
}

/** Nothing of the server's inside shows: no stack frame, no install path, no error name. */
function expectNoDetail(answer: { body?: unknown; text?: string }): void {
  const text = typeof answer.text === "string" ? answer.text : JSON.stringify(answer.body);
  expect(text).not.toMatch(/node_modules|\bat .+:\d+:\d+|Error:|TypeError|ERR_|\/work\/|\/tmp\/|<pre>/);
  expect(text).not.toContain(path.resolve(__dirname, "..", "..", ".."));
}

describe("the site over raw HTTP", () => {
  let test: TestApp;
  let server: { port: number; close(): Promise<void> };
  const publicDir = makePublicDir();
  beforeAll(async () => {
    test = await startContractApp({ publicDir });
    server = await listen(test.app);
  });
  afterAll(async () => {
    await server.close();
    await test.cleanup();
    fs.rmSync(publicDir, { recursive: true, force: true });
  });
  afterEach(() => {
    expect(test.internalErrors).toEqual([]);
  });

  /** A redirect, if any, leads to a path of this site: one slash, then no slash or backslash, no space or control character. */
  function expectStaysOnSite(target: string, answer: RawAnswer): void {
    if (answer.status < 300 || answer.status >= 400) return;
    const location = answer.headers.location ?? "";
    expect({ target, location }).toEqual({ target, location: expect.stringMatching(/^\/(?![/\\])[^\s\\\p{Cc}]*$/u) });
    expect(new URL(location, "http://localhost/").host).toBe("localhost");
  }

  it.each([
    "//evil.com/",
    "///evil.com/",
    "////evil.com//",
    "/\\evil.com/",
    "/\\/evil.com/",
    "\\\\evil.com/",
    "//\\evil.com/",
    "/%2Fevil.com/",
    "/%2F%2Fevil.com/",
    "/%5Cevil.com/",
    "/%5C%5Cevil.com/",
    "/%09/evil.com/",
    "//%09/evil.com/",
    "/.//evil.com/",
    "/./%2Fevil.com/",
    "/..//evil.com/",
    "//evil.com/?next=1",
    "//evil.com:80/",
    "//user@evil.com/",
    "/%2e/%2fevil.com/",
    "/ /evil.com/",
  ])("never redirects %j to another host", async (target) => {
    const answer = await rawGet(server.port, target);
    expectStaysOnSite(target, answer);
    expect(answer.status).toBeLessThan(500);
  });

  it("answers //evil.com/ with a redirect to a path of the site or a 404, never to //evil.com", async () => {
    const answer = await rawGet(server.port, "//evil.com/");
    expect(answer.headers.location).not.toBe("//evil.com");
    expect([301, 404]).toContain(answer.status);
    if (answer.status === 301) expect(answer.headers.location).toBe("/evil.com");
  });

  it("still redirects a trailing slash and /home within the site", async () => {
    expect(await rawGet(server.port, "/about-us/")).toMatchObject({ status: 301, headers: { location: "/about-us" } });
    expect(await rawGet(server.port, "/about-us/?a=1&b=%2F")).toMatchObject({ status: 301, headers: { location: "/about-us?a=1&b=%2F" } });
    expect(await rawGet(server.port, "//about-us/")).toMatchObject({ status: 301, headers: { location: "/about-us" } });
    expect(await rawGet(server.port, "/home/")).toMatchObject({ status: 301, headers: { location: "/" } });
  });

  it.each([
    ["/foo%00bar", 400],
    ["/robots.txt%00", 400],
    ["/about-us%00/", 400],
    ["/search%00?query=x", 400],
    ["/%E0%A4%A", 400],
    ["/about-us/%ZZ", 400],
    ["/%0d%0aSet-Cookie:%20a=1", 400],
    ["http://a:99999/search?query=x", 400],
    ["http://[::1/about-us", 400],
    ["ftp://localhost/about-us", 400],
    ["*", 400],
    ["/nowhere", 404],
    ["/nowhere/..%2f..%2f..%2fetc/passwd", 404],
  ])("answers %j with %i and no detail", async (target, status) => {
    const answer = await rawGet(server.port, target);
    expect(answer.status).toBe(status);
    expectNoDetail({ text: answer.body });
    expect(answer.headers["set-cookie"]).toBeUndefined();
  });

  it("serves a valid absolute-form target for its path", async () => {
    const answer = await rawGet(server.port, "http://localhost/about-us");
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("<title>About</title>");
  });

  it.each([
    "/app-0123456789abcdef0123.js.map",
    "/app-0123456789abcdef0123.js%2Emap",
    "//app-0123456789abcdef0123.js.map",
    "/static/../app-0123456789abcdef0123.js.map",
    "/static/styles.css.map",
    "/webpack.stats.json",
    "/%77ebpack.stats.json",
    "//webpack.stats.json",
    "/chunk-map.json",
    "/./chunk-map.json",
    "/webpack.stats.json.gz",
    "/webpack.stats.json.br",
    "/WEBPACK.STATS.JSON.GZ",
    "/chunk-map.json.gz",
    "/chunk-map.json.br",
    "/chunk-map.json%2Ebr",
    "/app-0123456789abcdef0123.js.map.gz",
    "/app-0123456789abcdef0123.js.map.br",
  ])("does not serve the build internal %j", async (target) => {
    const answer = await rawGet(server.port, target);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain("webpack:///");
    expect(answer.body).not.toContain("assetsByChunkName");
    expect(answer.body).not.toContain('"app":');
  });

  it("serves what the pages need: scripts and their licence notes", async () => {
    expect((await rawGet(server.port, "/app-0123456789abcdef0123.js")).status).toBe(200);
    expect((await rawGet(server.port, "/framework-0123456789abcdef0123.js.LICENSE.txt")).status).toBe(200);
  });
});

describe("security headers of the site", () => {
  let test: TestApp;
  const publicDir = makePublicDir();
  beforeAll(async () => {
    test = await startContractApp({ publicDir });
  });
  afterAll(async () => {
    await test.cleanup();
    fs.rmSync(publicDir, { recursive: true, force: true });
  });

  it.each([
    ["/", 200],
    ["/about-us", 200],
    ["/about-us/", 301],
    ["/robots.txt", 200],
    ["/app-0123456789abcdef0123.js", 200],
    ["/nowhere", 404],
    ["/foo%00bar", 400],
    ["/search?query=torque", 200],
  ])("%s (%i) carries nosniff and strict-origin-when-cross-origin", async (url, status) => {
    // This test's search page has no index beside it: the server says so and leaves the search to the browser.
    const said = jest.spyOn(logger(), "error").mockImplementation(() => undefined);
    const res = await request(test.app).get(url).set("Accept", "text/html");
    said.mockRestore();
    expect(res.status).toBe(status);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("keeps each page's own Content-Security-Policy", async () => {
    const res = await request(test.app).get("/about-us");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
  });
});

describe("internal errors of the site", () => {
  let test: TestApp;
  const publicDir = makePublicDir();
  beforeAll(async () => {
    // The 404 page cannot be sent (a directory where the file should be).
    fs.rmSync(path.join(publicDir, "404.html"));
    fs.mkdirSync(path.join(publicDir, "404.html"));
    test = await startContractApp({ publicDir }, { NODE_ENV: "development" });
  });
  afterAll(async () => {
    await test.cleanup();
    fs.rmSync(publicDir, { recursive: true, force: true });
  });

  it("are logged and answered with a plain 500 page, without a stack trace", async () => {
    const res = await request(test.app).get("/nowhere").set("Accept", "text/html");
    expect(res.status).toBe(500);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expectNoDetail(res);
    expect(res.text).not.toContain("EISDIR");
    expect(test.internalErrors).toHaveLength(1);
  });
});

describe("Content-Encoding of JSON bodies", () => {
  const test = setUpContractApp();

  const json = Buffer.from(JSON.stringify(NEWSLETTER));
  /** The bytes as given (supertest would write a Buffer as JSON text). */
  const asIs = (body: unknown) => body as string;

  it.each([
    ["gzip", zlib.gzipSync(json)],
    ["deflate", zlib.deflateSync(json)],
    ["br", zlib.brotliCompressSync(json)],
  ])("accepts a body really compressed with %s", async (encoding, body) => {
    const res = await request(test.app).post(`${API}/news-letter`).set("Content-Type", "application/json").set("Content-Encoding", encoding).serialize(asIs).send(body);
    expectAccepted(res);
  });

  it.each([
    ["gzip", json],
    ["deflate", json],
    ["br", json],
    ["gzip", zlib.gzipSync(json).subarray(0, 20)],
    ["deflate", zlib.gzipSync(json)],
  ])("answers 400 for a body that claims %s but is not", async (encoding, body) => {
    const res = await request(test.app).post(`${API}/news-letter`).set("Content-Type", "application/json").set("Content-Encoding", encoding).serialize(asIs).send(body);
    const error = expectError(res, 400);
    expect(error.message).toMatch(/Content-Encoding/);
    expect(error.message).toContain(encoding);
    expect(await test.count("submissions")).toBe(3);
  });

  it.each(["compress", "x-unknown", "gzip, gzip, gzip"])("answers 415 for the encoding %j, naming it", async (encoding) => {
    const res = await request(test.app).post(`${API}/news-letter`).set("Content-Type", "application/json").set("Content-Encoding", encoding).serialize(asIs).send(json);
    const error = expectError(res, 415);
    expect(error.message).toMatch(/Content-Encoding/);
    expect(await test.count("submissions")).toBe(3);
  });

  it.each(["gzip", "br", "x-unknown"])("answers 415 for a multipart body sent with Content-Encoding %s", async (encoding) => {
    const res = await request(test.app)
      .post(`${API}/product_order_form`)
      .set("Content-Encoding", encoding)
      .field(ORDER_FIELDS)
      .attach("file", makePdf(), "order.pdf");
    const error = expectError(res, 415);
    expect(error.message).toContain(`Content-Encoding "${encoding}"`);
    expect(await test.count("submissions")).toBe(3);
    expect(await test.keptFiles()).toEqual([]);
  });
});

describe("size of error answers", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startContractApp();
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it("9,000 unknown fields in 89 KB get a small answer: the first problems and how many more", async () => {
    const body: Record<string, string> = { ...NEWSLETTER };
    for (let i = 0; i < 9000; i++) body[`k${i}`] = "";
    const raw = JSON.stringify(body);
    expect(raw.length).toBeGreaterThan(85_000);
    const res = await request(test.app).post(`${API}/news-letter`).set("Content-Type", "application/json").send(raw);
    const error = expectError(res, 400);
    expect(res.text.length).toBeLessThan(8_000);
    expect(error.errors!.length).toBeLessThanOrEqual(20);
    expect(error.errors![0]).toEqual({ path: "/body/k0", message: expect.any(String), rule: "additionalProperties" });
    expect(error.message).toContain("k0 is not a field of this form");
    expect(error.message).toMatch(/8,?980 more/);
  });

  it("a field name of 50,000 characters is not echoed whole", async () => {
    const name = "n".repeat(50_000);
    const raw = JSON.stringify({ ...NEWSLETTER, [name]: "x" });
    const res = await request(test.app).post(`${API}/news-letter`).set("Content-Type", "application/json").send(raw);
    const error = expectError(res, 400);
    expect(res.text.length).toBeLessThan(2_000);
    expect(error.errors).toHaveLength(1);
    expect(error.errors![0].path).toMatch(/^\/body\/n+…$/);
  });

  it("a few problems are all listed, as before", async () => {
    const res = await request(test.app).post(`${API}/news-letter`).send({ mailType: "news_letter", email: "not an address", a: 1, b: 2 });
    const error = expectError(res, 400);
    expect(error.errors).toHaveLength(3);
    expect(error.message).not.toMatch(/more/);
  });
});

describe("cross-site form posts", () => {
  const test = setUpContractApp();

  it.each([
    [{ "Sec-Fetch-Site": "cross-site" }],
    [{ "Sec-Fetch-Site": "same-site" }],
    [{ "Sec-Fetch-Site": "cross-site", Origin: "http://127.0.0.1" }],
    [{ Origin: "https://evil.example" }],
    [{ Origin: "null" }],
    [{ Origin: "not a url" }],
  ])("refuses a JSON post with %j (403, nothing stored)", async (headers) => {
    const before = await test.count("submissions");
    const res = await request(test.app).post(`${API}/news-letter`).set(headers).send(NEWSLETTER);
    const error = expectError(res, 403);
    expect(error.message).toMatch(/another website/i);
    expect(await test.count("submissions")).toBe(before);
  });

  it("refuses a cross-site multipart post with its file (403, nothing stored, no file kept)", async () => {
    const before = await test.count("submissions");
    const res = await request(test.app)
      .post(`${API}/product_order_form`)
      .set("Sec-Fetch-Site", "cross-site")
      .set("Origin", "https://evil.example")
      .field(ORDER_FIELDS)
      .attach("file", makePdf(), "order.pdf");
    expectError(res, 403);
    expect(await test.count("submissions")).toBe(before);
    expect(await test.keptFiles()).toEqual([]);
  });

  it("takes the site's own forms, user-typed requests and clients without browser headers", async () => {
    const agent = request(test.app);
    expectAccepted(await agent.post(`${API}/news-letter`).set("Sec-Fetch-Site", "same-origin").set("Origin", "http://whatever.example").send(NEWSLETTER));
    expectAccepted(await agent.post(`${API}/news-letter`).set("Sec-Fetch-Site", "none").send(NEWSLETTER));
    expectAccepted(await agent.post(`${API}/news-letter`).send(NEWSLETTER));
    const host = "shop.example.com:8443";
    expectAccepted(await agent.post(`${API}/news-letter`).set("Host", host).set("Origin", `https://${host}`).send(NEWSLETTER));
    expectAccepted(
      await agent.post(`${API}/product_order_form`).set("Sec-Fetch-Site", "same-origin").field(ORDER_FIELDS).attach("file", makePdf(), "order.pdf"),
    );
  });

  it("does not refuse other methods (405 stays 405)", async () => {
    const res = await request(test.app).get(`${API}/news-letter`).set("Sec-Fetch-Site", "cross-site");
    expectError(res, 405);
  });
});

describe("rate limit behind a proxy", () => {
  it("with TRUST_PROXY=1, X-Forwarded-For entries a client writes itself do not give it a fresh limit", async () => {
    const test = await startContractApp({ rateLimitMax: 2 }, { TRUST_PROXY: "1" });
    try {
      // The proxy appends the address it saw (203.0.113.7); whatever the client
      // wrote before it is ignored.
      for (let i = 0; i < 2; i++) {
        expectAccepted(await request(test.app).post(`${API}/news-letter`).set("X-Forwarded-For", `198.51.100.${i}, 203.0.113.7`).send(NEWSLETTER));
      }
      const res = await request(test.app).post(`${API}/news-letter`).set("X-Forwarded-For", "198.51.100.99, 203.0.113.7").send(NEWSLETTER);
      expectError(res, 429);
      // Another visitor behind the same proxy has their own limit.
      expectAccepted(await request(test.app).post(`${API}/news-letter`).set("X-Forwarded-For", "203.0.113.8").send(NEWSLETTER));
    } finally {
      await test.cleanup();
    }
  });

  it("with TRUST_PROXY set to the proxy's address, a client that is not that proxy cannot choose its address", async () => {
    const test = await startContractApp({ rateLimitMax: 1 }, { TRUST_PROXY: "10.9.9.9" });
    try {
      expectAccepted(await request(test.app).post(`${API}/news-letter`).set("X-Forwarded-For", "198.51.100.1").send(NEWSLETTER));
      expectError(await request(test.app).post(`${API}/news-letter`).set("X-Forwarded-For", "198.51.100.2").send(NEWSLETTER), 429);
    } finally {
      await test.cleanup();
    }
  });
});
