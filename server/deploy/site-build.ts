import fs from "fs";
import path from "path";
import { pagePolicy } from "../site/csp";
import { readRelease } from "../release";

/**
 * What a front (nginx, a static host or CDN) needs to know of a build to
 * answer as the server does: every page with its own Content-Security-Policy
 * (the hashes of its inline scripts, server/site/csp.ts), and every file.
 */
export interface BuiltPage {
  /** The HTML file's path under the build, with a leading slash: `/index.html`, `/about-us/index.html`, `/404.html`. */
  file: string;
  /** The page's Content-Security-Policy, as the server sends it. */
  policy: string;
}

export interface SiteBuild {
  /** The build folder, absolute. */
  root: string;
  /** Every HTML file of the build, sorted by path. */
  pages: BuiltPage[];
  /** Every file of the build (`/app-1a2b….js`, `/static/…`), sorted, twins (`.br`, `.gz`) included. */
  files: string[];
}

/** Reads a build folder (public/): its files, and each page's policy. Throws when it holds no index.html or 404.html. */
export function readSiteBuild(root: string): SiteBuild {
  const absolute = path.resolve(root);
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const item of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, item.name);
      if (item.isDirectory()) walk(full);
      else if (item.isFile()) files.push(`/${path.relative(absolute, full).split(path.sep).join("/")}`);
    }
  };
  if (!fs.existsSync(absolute) || !fs.statSync(absolute).isDirectory()) throw new Error(`No site build at ${absolute}: build the site first (npm run build) or name the folder with --root`);
  walk(absolute);
  files.sort();
  for (const required of ["/index.html", "/404.html"]) {
    if (!files.includes(required)) throw new Error(`${absolute} is not a build of the site: ${required.slice(1)} is missing`);
  }
  const pages = files
    .filter((file) => file.endsWith(".html"))
    .map((file) => ({ file, policy: pagePolicy(file, fs.readFileSync(path.join(absolute, file), "utf8")) }));
  return { root: absolute, pages, files };
}

/** The addresses a page answers at: `/x/index.html` at `/x` (and the file's own path), `/index.html` at `/`. */
export function pageAddresses(file: string): string[] {
  if (file === "/index.html") return ["/", file];
  if (file.endsWith("/index.html")) return [file.slice(0, -"/index.html".length), file];
  return [file];
}

/** The release this code belongs to, for the files' first line: "industrial-group-site 0.1.0" (server/release.ts). */
export function releaseName(): string | undefined {
  const release = readRelease();
  return release && `${release.name} ${release.version}`;
}
