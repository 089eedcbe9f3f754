import fs from "fs";
import path from "path";
import { rewriteHtmlFiles } from "./html-files";

/**
 * Gatsby inlines the site's one stylesheet (its `styles` chunk) into every
 * page. On a build with a cache it re-renders only the pages whose data or
 * code changed, and a change to CSS alone is not one: those pages keep the
 * previous stylesheet inlined ("There are no new or changed html files to
 * build"). This puts the stylesheet of this build into every page that still
 * has another one, as Gatsby writes it. A build from scratch needs nothing.
 */

const INLINED = /<style data-href="\/(styles\.[0-9a-f]+\.css)" data-identity="gatsby-global-css">[\s\S]*?<\/style>/;

/** The stylesheet of the build, from the stats Gatsby writes (public/webpack.stats.json); null when there is none. */
export function currentStylesheet(publicDir: string): string | null {
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8")) as {
    assetsByChunkName?: Record<string, string[]>;
  };
  return stats.assetsByChunkName?.app?.find((name) => /^styles\.[0-9a-f]+\.css$/.test(name)) ?? null;
}

/** The page with `name` (content `css`) as its inlined stylesheet, if it inlines another one. */
export function withStylesheet(html: string, name: string, css: string): string {
  const m = INLINED.exec(html);
  if (!m || m[1] === name) return html;
  return html.replace(INLINED, () => `<style data-href="/${name}" data-identity="gatsby-global-css">${css}</style>`);
}

/** Brings every page under `publicDir` up to this build's stylesheet; returns how many pages it changed. */
export function refreshInlinedStylesheets(publicDir: string): number {
  const name = currentStylesheet(publicDir);
  if (!name) return 0;
  const css = fs.readFileSync(path.join(publicDir, name), "utf8");
  return rewriteHtmlFiles(publicDir, (html) => withStylesheet(html, name, css));
}
