/**
 * _headers and _redirects for static hosts (server/deploy/static-host.ts),
 * made from a build described in memory: each page's own policy at its
 * addresses, the site's headers and HSTS for every address, a year's cache for
 * content-addressed files only (never the twins, maps or build internals),
 * /home's redirect, and the API proxied only when an origin is given.
 */
import { contentSecurityPolicy } from "../../server/site/csp";
import { staticHostFiles } from "../../server/deploy/static-host";

const HOME_POLICY = contentSecurityPolicy(["'sha256-home'"]);
const ABOUT_POLICY = contentSecurityPolicy(["'sha256-about'"]);
const BUILD = {
  pages: [
    { file: "/index.html", policy: HOME_POLICY },
    { file: "/about-us/index.html", policy: ABOUT_POLICY },
  ],
  files: ["/index.html", "/about-us/index.html", "/app-0123456789abcdef0123.js", "/app-0123456789abcdef0123.js.br", "/app-0123456789abcdef0123.js.map", "/chunk-map.json", "/sw.js", "/static/a/b.png"],
};

/** The header lines of one rule (the lines after its address, up to the blank line). */
function rule(headers: string, address: string): string[] {
  const lines = headers.split("\n");
  const start = lines.indexOf(address);
  if (start === -1) return [];
  const end = lines.indexOf("", start);
  return lines.slice(start + 1, end === -1 ? undefined : end).map((line) => line.trim());
}

test("each page's policy at its addresses, the site's headers for all, a year's cache for hashed files only", () => {
  const { headers } = staticHostFiles(BUILD, { csp: "enforce" });
  expect(rule(headers, "/")).toEqual([`Content-Security-Policy: ${HOME_POLICY}`]);
  expect(rule(headers, "/about-us")).toEqual([`Content-Security-Policy: ${ABOUT_POLICY}`]);
  expect(rule(headers, "/about-us/index.html")).toEqual([`Content-Security-Policy: ${ABOUT_POLICY}`]);
  expect(rule(headers, "/*")).toEqual(["Strict-Transport-Security: max-age=63072000", "X-Content-Type-Options: nosniff", "Referrer-Policy: strict-origin-when-cross-origin"]);
  expect(rule(headers, "/app-0123456789abcdef0123.js")).toEqual(["Cache-Control: public, max-age=31536000, immutable"]);
  expect(rule(headers, "/static/*")).toEqual(["Cache-Control: public, max-age=31536000, immutable"]);
  for (const file of ["/app-0123456789abcdef0123.js.br", "/app-0123456789abcdef0123.js.map", "/chunk-map.json", "/sw.js"]) expect(rule(headers, file)).toEqual([]);
});

test("report-only names its own header; off sends no policy", () => {
  expect(rule(staticHostFiles(BUILD, { csp: "report-only" }).headers, "/")).toEqual([`Content-Security-Policy-Report-Only: ${HOME_POLICY}`]);
  expect(staticHostFiles(BUILD, { csp: "off" }).headers).not.toContain("Content-Security-Policy");
});

test("_redirects: /home leads home; the API is proxied only to a given origin", () => {
  const plain = staticHostFiles(BUILD, { csp: "enforce" }).redirects;
  expect(plain).toMatch(/^\/home {2}\/ {2}301$/m);
  expect(plain).toMatch(/^\/home\/ {2}\/ {2}301$/m);
  expect(plain).not.toContain("/api/");
  expect(staticHostFiles(BUILD, { csp: "enforce", apiOrigin: "https://api.example.com/x" }).redirects).toMatch(/^\/api\/\* {2}https:\/\/api\.example\.com\/api\/:splat {2}200$/m);
});

test("the content editor (/admin) is never indexed, and its page keeps its own policy", () => {
  const adminPolicy = "default-src 'self'; script-src 'self' 'unsafe-eval'";
  const { headers } = staticHostFiles({ pages: [...BUILD.pages, { file: "/admin/index.html", policy: adminPolicy }], files: [...BUILD.files, "/admin/index.html", "/admin/decap-cms.js"] }, { csp: "enforce" });
  expect(rule(headers, "/admin")).toEqual(["X-Robots-Tag: noindex, nofollow"]);
  expect(rule(headers, "/admin/*")).toEqual(["X-Robots-Tag: noindex, nofollow"]);
  expect(headers).toContain(`/admin/index.html\n  Content-Security-Policy: ${adminPolicy}\n`);
  expect(rule(headers, "/about-us")).toEqual([`Content-Security-Policy: ${ABOUT_POLICY}`]);
});
