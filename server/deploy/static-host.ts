/**
 * The site's headers and redirects in the files static hosts and CDNs read
 * beside the build (`_headers` and `_redirects`, as Netlify and Cloudflare
 * Pages name them), for operators who put public/ on one. Taken from the
 * server's own code (server/site/), as the nginx generator does.
 *
 * What a static host cannot do as the server does, said in the files:
 * - Cache-Control is set for content-addressed files only (a year, immutable):
 *   these hosts send `public, max-age=0, must-revalidate` for everything else
 *   already, and join the values of two matching rules into one header.
 * - Each page gets its own Content-Security-Policy by its address; the 404
 *   page sent for an unknown address comes without one (no rule can name
 *   every unknown address, and two policies would both apply).
 * - A trailing slash is left to the host's own setting (a rule for `/x/` also
 *   matches `/x` on some hosts, a loop).
 * - The API and the search page with a query need an instance: with an API
 *   origin, `/api/*` is proxied to it (hosts that proxy to another origin).
 */
import { HASHED_PATHS, HOME_ALIASES, IMMUTABLE, isBuildInternal, SITE_HEADERS } from "../site";
import { ADMIN_ROBOTS } from "../site/admin-policy";
import { cspHeaderName, type CspMode } from "../site/csp";
import { HSTS } from "./nginx-config";
import { pageAddresses, type SiteBuild } from "./site-build";

export interface StaticHostFiles {
  headers: string;
  redirects: string;
}

/** A header value or address written into these line-based files. */
function line(value: string): string {
  if (/[\r\n]/.test(value)) throw new Error(`Cannot write ${JSON.stringify(value)} on one line`);
  return value;
}

export function staticHostFiles(build: Pick<SiteBuild, "pages" | "files">, options: { csp: CspMode; apiOrigin?: string; release?: string }): StaticHostFiles {
  const cspHeader = cspHeaderName(options.csp);
  const heading = `# ${options.release ? `${options.release}: ` : ""}made by server/cli/static-host.js from the build; make it again after every build.`;
  const headers: string[] = [
    heading,
    "# Cache-Control is set for content-addressed files only: the host's default for the rest is revalidation",
    "# (public, max-age=0, must-revalidate), as the server sends. The 404 page for unknown addresses has no policy.",
    "",
    "/*",
    `  Strict-Transport-Security: ${HSTS}`,
    ...Object.entries(SITE_HEADERS).map(([name, value]) => `  ${name}: ${line(value)}`),
    "",
  ];
  // The content editor (/admin, Decap CMS) is never indexed; its page's own policy is among the pages' below.
  for (const address of ["/admin", "/admin/*"]) headers.push(address, `  ${ADMIN_ROBOTS[0]}: ${ADMIN_ROBOTS[1]}`, "");
  const staticPrefix = HASHED_PATHS.some((pattern) => pattern.source === "^\\/static\\/");
  if (staticPrefix) headers.push("/static/*", `  Cache-Control: ${IMMUTABLE}`, "");
  for (const file of build.files) {
    if (file.startsWith("/static/") || /\.(br|gz)$/.test(file) || isBuildInternal(file)) continue;
    if (HASHED_PATHS.some((pattern) => pattern.test(file))) headers.push(line(file), `  Cache-Control: ${IMMUTABLE}`, "");
  }
  if (cspHeader) {
    for (const page of build.pages) {
      if (page.file.startsWith("/_gatsby/")) continue;
      for (const address of pageAddresses(page.file)) headers.push(line(address), `  ${cspHeader}: ${line(page.policy)}`, "");
    }
  }

  const redirects: string[] = [heading, ""];
  for (const alias of HOME_ALIASES) redirects.push(`${line(alias)}  /  301`);
  if (options.apiOrigin) {
    const origin = new URL(options.apiOrigin).origin;
    redirects.push("", "# The API is answered by the instances behind this origin.", `/api/*  ${origin}/api/:splat  200`);
  }
  return { headers: `${headers.join("\n").trimEnd()}\n`, redirects: `${redirects.join("\n")}\n` };
}
