/**
 * The contract published by the running server: GET /api/v1/openapi.json and
 * /api/v1/openapi.yaml (the same document, strong ETag, 304 on a matching
 * If-None-Match, brief caching, readable from any origin), and the Link
 * header (service-desc, service-doc) on every answer under /api.
 */
import fs from "fs";
import http from "http";
import type { AddressInfo } from "net";
import yaml from "js-yaml";
import path from "path";
import request from "supertest";
import zlib from "zlib";
import { API, expectAccepted, expectError, ROOT, setUpContractApp } from "../../../testkit/contract-app";

const JSON_PATH = "/api/v1/openapi.json";
const YAML_PATH = "/api/v1/openapi.yaml";
const SOURCE = fs.readFileSync(path.join(ROOT, "openapi.yaml"), "utf8");
const LINK = '</api/v1/openapi.json>; rel="service-desc"; type="application/json", </api-reference>; rel="service-doc"; type="text/html"';

const test = setUpContractApp();

describe("the published contract", () => {
  it("serves the YAML as it is kept, and the JSON equal to it parsed", async () => {
    const asYaml = await request(test.app).get(YAML_PATH).buffer(true).parse((res, done) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => done(null, text));
    });
    expect(asYaml.status).toBe(200);
    expect(asYaml.headers["content-type"]).toMatch(/^application\/yaml/);
    expect(asYaml.body).toBe(SOURCE);

    const asJson = await request(test.app).get(JSON_PATH);
    expect(asJson.status).toBe(200);
    expect(asJson.headers["content-type"]).toMatch(/^application\/json/);
    expect(asJson.body).toEqual(yaml.load(SOURCE));
    expect(asJson.body.paths[JSON_PATH].get.operationId).toBeDefined();
  });

  it.each([JSON_PATH, YAML_PATH])("%s has a strong ETag, brief caching, CORS and the Link header", async (target) => {
    const res = await request(test.app).get(target);
    expect(res.status).toBe(200);
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}(-br|-gzip)?"$/);
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["access-control-expose-headers"]).toMatch(/ETag/);
    expect(res.headers.link).toBe(LINK);
    // The same document gives the same tag; the two forms differ.
    const again = await request(test.app).get(target);
    expect(again.headers.etag).toBe(res.headers.etag);
    const other = await request(test.app).get(target === JSON_PATH ? YAML_PATH : JSON_PATH);
    expect(other.headers.etag).not.toBe(res.headers.etag);
  });

  it.each([JSON_PATH, YAML_PATH])("%s answers 304 without a body to a matching If-None-Match, 200 otherwise", async (target) => {
    const { headers } = await request(test.app).get(target);
    const etag = headers.etag as string;
    for (const value of [etag, `"other", ${etag}`, `W/${etag}`, "*"]) {
      const res = await request(test.app).get(target).set("If-None-Match", value);
      expect(res.status).toBe(304);
      expect(res.headers.etag).toBe(etag);
      expect(res.text ?? "").toBe("");
    }
    const stale = await request(test.app).get(target).set("If-None-Match", '"an-older-version"');
    expect(stale.status).toBe(200);
    expect(stale.headers.etag).toBe(etag);
  });

  it("is sent compressed to clients that take it, each form with its own strong ETag and Vary", async () => {
    const server = http.createServer(test.app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${YAML_PATH}`;
    // Read as sent (no client-side decompression).
    const raw = (acceptEncoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    const forms = new Map<string, string>();
    try {
      for (const acceptEncoding of ["br", "gzip", "identity"]) {
        const { headers, body } = await raw(acceptEncoding);
        expect(headers.vary).toBe("Accept-Encoding");
        const encoding = headers["content-encoding"];
        const text = encoding === "br" ? zlib.brotliDecompressSync(body) : encoding === "gzip" ? zlib.gunzipSync(body) : body;
        expect(text.toString("utf8")).toBe(SOURCE);
        forms.set(encoding ?? "identity", String(headers.etag));
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect([...forms.keys()].sort()).toEqual(["br", "gzip", "identity"]);
    expect(new Set(forms.values()).size).toBe(3);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const get = await request(test.app).get(JSON_PATH).set("Accept-Encoding", "gzip");
    const head = await request(test.app).head(JSON_PATH).set("Accept-Encoding", "gzip");
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers["content-type"]).toBe(get.headers["content-type"]);
    expect(head.body).toEqual({});
    const notModified = await request(test.app).head(YAML_PATH).set("If-None-Match", (await request(test.app).head(YAML_PATH)).headers.etag as string);
    expect(notModified.status).toBe(304);
  });

  it.each(["post", "put", "delete", "patch"] as const)("refuses %s with 405 in the error shape", async (method) => {
    const res = await request(test.app)[method](JSON_PATH).send({});
    expectError(res, 405);
    expect(res.headers.allow).toBe("GET, HEAD");
    expect(res.headers.link).toBe(LINK);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("refuses an If-None-Match longer than the contract allows with 400 naming the header", async () => {
    const res = await request(test.app).get(JSON_PATH).set("If-None-Match", `"${"a".repeat(300)}"`);
    const body = expectError(res, 400);
    expect(body.errors?.map((e) => e.path)).toEqual(["/headers/if-none-match"]);
  });
});

describe("the Link header under /api", () => {
  it("is on a form's answer, and the form is not readable from other origins", async () => {
    const res = await request(test.app).post(`${API}/news-letter`).send({ email: "link@example.org", mailType: "newsletter" });
    expectAccepted(res);
    expect(res.headers.link).toBe(LINK);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("is on errors, a 404 and the health report", async () => {
    const invalid = await request(test.app).post(`${API}/news-letter`).send({ email: "no", mailType: "newsletter" });
    expectError(invalid, 400);
    expect(invalid.headers.link).toBe(LINK);
    const missing = await request(test.app).get("/api/v1/nothing-here");
    expectError(missing, 404);
    expect(missing.headers.link).toBe(LINK);
    expect(missing.headers["access-control-allow-origin"]).toBeUndefined();
    const health = await request(test.app).get("/api/health");
    expect(health.status).toBe(200);
    expect(health.headers.link).toBe(LINK);
    expect(health.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("is not on the site's pages", async () => {
    const res = await request(test.app).get("/");
    expect(res.headers.link ?? "").not.toContain("service-desc");
  });
});
