import { createHash } from "crypto";
import fs from "fs";
import path from "path";
import { MAP_EMBED_BASE } from "../../src/shared/utils/map";
import { adminContentSecurityPolicy, isAdminPath } from "./admin-policy";

/**
 * Content-Security-Policy of the site's pages. Gatsby writes inline bootstrap
 * scripts into every page (page path, chunk map, the loader that starts the
 * bundles after the first paint), so `script-src 'self'` alone would block
 * them and 'unsafe-inline' would let any injected script run: each page's
 * header lists the sha256 of its own inline scripts instead. JSON-LD blocks
 * are data, not scripts, and need no hash.
 *
 * Styles keep 'unsafe-inline': Gatsby inlines the stylesheet and React writes
 * style attributes (reserved image ratios, placeholders), which hashes cannot
 * cover; CSS cannot run code. The contact map, shown on request, is the one
 * frame from another host.
 *
 * The content editor's page (/admin/, server/site/admin-policy.ts) has a
 * policy of its own: pagePolicy() picks it by the page's path.
 */
export type CspMode = "enforce" | "report-only" | "off";

/** Origin of the map the contact page embeds on request. */
const FRAME_SOURCES = [new URL(MAP_EMBED_BASE).origin];

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_BLOCK = /\stype=["']?application\/(ld\+)?json/i;

/** The 'sha256-…' source of each inline script of a page that a browser would run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (DATA_BLOCK.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The policy of a page whose inline scripts have these hashes. */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${FRAME_SOURCES.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/** The policy of the built HTML page served at (or stored under) `urlPath`: the editor's own under /admin/, the site's otherwise. */
export function pagePolicy(urlPath: string, html: string): string {
  return isAdminPath(urlPath) ? adminContentSecurityPolicy(html) : contentSecurityPolicy(inlineScriptHashes(html));
}

/** A mode as CONTENT_SECURITY_POLICY (or a command's --csp) names it, any case; unset or empty: "enforce"; anything else: undefined. */
export function cspModeOf(raw: string | undefined): CspMode | undefined {
  const mode = raw?.trim().toLowerCase() || "enforce";
  return mode === "enforce" || mode === "report-only" || mode === "off" ? mode : undefined;
}

/** Header name for a mode ("off": none). */
export function cspHeaderName(mode: CspMode): string | undefined {
  if (mode === "off") return undefined;
  return mode === "report-only" ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy";
}

/**
 * The policy of a built HTML file of `publicDir`, read once and kept until the
 * file changes (a new build rewrites it).
 */
export function createPagePolicies(publicDir: string): (file: string) => string {
  const cache = new Map<string, { mtimeMs: number; size: number; policy: string }>();
  return (file) => {
    const stat = fs.statSync(file);
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) return hit.policy;
    const urlPath = `/${path.relative(publicDir, file).split(path.sep).join("/")}`;
    const policy = pagePolicy(urlPath, fs.readFileSync(file, "utf8"));
    cache.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, policy });
    return policy;
  };
}
