/** The site router's Content-Security-Policy on a small built site (server/site/index.ts, server/site/csp.ts). */
import express from "express";
import fs from "fs";
import os from "os";
import path from "path";
import request from "supertest";
import { inlineScriptHashes } from "../../../server/site/csp";
import { siteRouter } from "../../../server/site";

let publicDir: string;

beforeEach(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-csp-"));
  fs.writeFileSync(path.join(publicDir, "index.html"), "<html><body><script>window.a=1</script><script src=\"/app.js\" async></script></body></html>");
  fs.mkdirSync(path.join(publicDir, "about-us"));
  fs.writeFileSync(path.join(publicDir, "about-us", "index.html"), "<html><body><script>window.b=2</script></body></html>");
  fs.writeFileSync(path.join(publicDir, "404.html"), "<html><body><script>window.c=3</script></body></html>");
  fs.writeFileSync(path.join(publicDir, "app.js"), "console.log(1)");
});

afterEach(() => fs.rmSync(publicDir, { recursive: true, force: true }));

const appWith = (mode?: "enforce" | "report-only" | "off") => express().use(siteRouter(publicDir, mode));

describe("pages' Content-Security-Policy", () => {
  it("lists each page's own inline scripts, and only on HTML", async () => {
    const app = appWith();
    const home = await request(app).get("/").expect(200);
    expect(home.headers["content-security-policy"]).toContain(`script-src 'self' ${inlineScriptHashes("<script>window.a=1</script>")[0]}`);
    const about = await request(app).get("/about-us").expect(200);
    expect(about.headers["content-security-policy"]).toContain(inlineScriptHashes("<script>window.b=2</script>")[0]);
    expect(about.headers["content-security-policy"]).not.toContain(inlineScriptHashes("<script>window.a=1</script>")[0]);
    const missing = await request(app).get("/nowhere").set("Accept", "text/html").expect(404);
    expect(missing.headers["content-security-policy"]).toContain(inlineScriptHashes("<script>window.c=3</script>")[0]);
    const script = await request(app).get("/app.js").expect(200);
    expect(script.headers["content-security-policy"]).toBeUndefined();
  });

  it("is computed when the build is loaded: a page and its policy always match, a rebuild is served by a restarted server", async () => {
    const app = appWith();
    await request(app).get("/about-us").expect(200);
    const file = path.join(publicDir, "about-us", "index.html");
    fs.writeFileSync(file, "<html><body><script>window.b=22222</script></body></html>");
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const before = await request(app).get("/about-us").expect(200);
    expect(before.text).toContain("window.b=2<");
    expect(before.headers["content-security-policy"]).toContain(inlineScriptHashes("<script>window.b=2</script>")[0]);
    const restarted = await request(appWith()).get("/about-us").expect(200);
    expect(restarted.text).toContain("window.b=22222");
    expect(restarted.headers["content-security-policy"]).toContain(inlineScriptHashes("<script>window.b=22222</script>")[0]);
  });

  it("can be report-only or off", async () => {
    const reportOnly = await request(appWith("report-only")).get("/").expect(200);
    expect(reportOnly.headers["content-security-policy"]).toBeUndefined();
    expect(reportOnly.headers["content-security-policy-report-only"]).toContain("default-src 'self'");
    const off = await request(appWith("off")).get("/").expect(200);
    expect(off.headers["content-security-policy"]).toBeUndefined();
    expect(off.headers["content-security-policy-report-only"]).toBeUndefined();
  });
});
