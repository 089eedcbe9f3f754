/**
 * The content editor's page, /admin/ (Decap CMS, written by
 * scripts/cms/write-admin.mjs): what it is served with, wherever it is served
 * (the server, the nginx and static-host files of server/deploy/, and
 * `npm run cms`, which imports this file as it is: no imports here, only
 * types Node can strip).
 *
 * Its Content-Security-Policy is its own, not the pages' (server/site/csp.ts):
 * - script-src 'self' 'unsafe-eval': Decap's bundle and the project's widgets
 *   are files (no inline script), but Decap compiles its configuration's
 *   validation (ajv) with `new Function`, refused without 'unsafe-eval';
 * - style-src 'unsafe-inline': Decap's styles are written by emotion at run
 *   time;
 * - img-src/media-src/connect-src blob:: Decap keeps the media it reads
 *   through the backend, and the files an editor uploads, as blob: addresses
 *   (and reads them back with fetch);
 * - connect-src: the backend's API (and its OAuth server for a PKCE login),
 *   named by the page itself in `<meta name="cms-connect-src">` from the
 *   editor's configuration, so the policy follows the backend the build was
 *   made for;
 * - frame-src: the development site shown as the preview by `npm run cms`
 *   (`<meta name="cms-frame-src">`), none in a production build;
 * - frame-ancestors 'none': never inside another page.
 * Each source was found by running the editor in Chromium (its tests in
 * tests/content/ fail on any violation of this policy): without
 * 'unsafe-eval' Decap does not start ("Error compiling schema").
 * And `X-Robots-Tag: noindex`: never in a search engine.
 */

/** The path prefix of the editor's files. */
export const ADMIN_PREFIX = "/admin/";

/** The header that keeps the editor out of search engines, with its value. */
export const ADMIN_ROBOTS: Readonly<[string, string]> = ["X-Robots-Tag", "noindex, nofollow"];

/** Whether a path of the build (`/admin`, `/admin/`, `/admin/index.html`, `/admin/decap-cms.js`) is the editor's. */
export function isAdminPath(urlPath: string): boolean {
  return urlPath === "/admin" || urlPath.startsWith(ADMIN_PREFIX);
}

/** An origin as a policy names it (`https://api.github.com`, `http://127.0.0.1:8081`); anything else is left out. */
function origins(text: string | undefined): string[] {
  const found: string[] = [];
  for (const token of (text ?? "").split(/\s+/)) {
    if (/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(token) || /^https?:\/\/\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(token)) found.push(token);
  }
  return [...new Set(found)];
}

/** The content of `<meta name="...">` in a page. */
function metaContent(html: string, name: string): string | undefined {
  const tag = new RegExp(`<meta\\s+name="${name}"\\s+content="([^"]*)"\\s*/?>`, "i").exec(html);
  return tag?.[1];
}

/** The editor page's Content-Security-Policy, from the sources its meta tags name. */
export function adminContentSecurityPolicy(html: string): string {
  const connect = origins(metaContent(html, "cms-connect-src"));
  const frame = origins(metaContent(html, "cms-frame-src"));
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' blob: ${connect.join(" ")}`.trim(),
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self' blob: ${connect.join(" ")}`.trim(),
    `frame-src ${frame.length ? frame.join(" ") : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
