/**
 * The content editor's page, /admin, as the site router serves it (server/site/index.ts,
 * server/site/admin-policy.ts): its own Content-Security-Policy (the backend its page names, no
 * inline script), X-Robots-Tag on every answer under /admin, and the site's pages untouched.
 */
import express from "express";
import fs from "fs";
import os from "os";
import path from "path";
import request from "supertest";
import { siteRouter } from "../../../server/site";
import { adminContentSecurityPolicy } from "../../../server/site/admin-policy";
import { contentSecurityPolicy, inlineScriptHashes } from "../../../server/site/csp";

let publicDir: string;
const ADMIN_HTML =
  '<!doctype html><html lang="en"><head><meta name="robots" content="noindex, nofollow">' +
  '<meta name="cms-connect-src" content="https://api.github.com">\n<meta name="cms-frame-src" content="">' +
  '<title>Content editor</title></head><body><script src="/admin/decap-cms.js"></script></body></html>';
const HOME = "<html><body><script>window.a=1</script></body></html>";

beforeEach(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-admin-"));
  fs.writeFileSync(path.join(publicDir, "index.html"), HOME);
  fs.writeFileSync(path.join(publicDir, "404.html"), "<html><body>missing</body></html>");
  fs.mkdirSync(path.join(publicDir, "admin"));
  fs.writeFileSync(path.join(publicDir, "admin", "index.html"), ADMIN_HTML);
  fs.writeFileSync(path.join(publicDir, "admin", "decap-cms.js"), "window.CMS = {};");
  fs.writeFileSync(path.join(publicDir, "admin", "config.yml"), "backend:\n  name: github\n");
});

afterEach(() => fs.rmSync(publicDir, { recursive: true, force: true }));

describe("/admin on the site's server", () => {
  it("answers the editor's page with its own policy and noindex; the site's pages keep theirs", async () => {
    const app = express().use(siteRouter(publicDir));
    const page = await request(app).get("/admin").expect(200);
    const policy = page.headers["content-security-policy"];
    expect(policy).toBe(adminContentSecurityPolicy(ADMIN_HTML));
    expect(policy).toContain("script-src 'self' 'unsafe-eval';");
    expect(policy).toContain("connect-src 'self' blob: https://api.github.com;");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");

    // A trailing slash leads to /admin, as for every page; the editor's files and its 404s are noindex too.
    await request(app).get("/admin/").expect(301).expect("Location", "/admin");
    for (const file of ["/admin/decap-cms.js", "/admin/config.yml"]) {
      const answer = await request(app).get(file).expect(200);
      expect({ file, robots: answer.headers["x-robots-tag"] }).toEqual({ file, robots: "noindex, nofollow" });
      expect(answer.headers["content-security-policy"]).toBeUndefined();
    }
    const missing = await request(app).get("/admin/nowhere.js").expect(404);
    expect(missing.headers["x-robots-tag"]).toBe("noindex, nofollow");

    const home = await request(app).get("/").expect(200);
    expect(home.headers["content-security-policy"]).toBe(contentSecurityPolicy(inlineScriptHashes(HOME)));
    expect(home.headers["x-robots-tag"]).toBeUndefined();
  });
});
