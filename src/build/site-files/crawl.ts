/**
 * sitemap.xml and robots.txt, written at the end of the build from the pages
 * Gatsby made and the site's own URL (data/company.json).
 */
import fs from "fs";
import path from "path";
import { escapeMarkup } from "../../shared/utils/escape";

/** Pages that are not content: the 404 page and Gatsby's development pages. */
export function isIndexable(pagePath: string): boolean {
  return !/^\/(404|dev-404-page)(\.html|\/)?$/.test(pagePath) && !pagePath.startsWith("/404");
}

/** The canonical URL of a page: the site URL and the path, without a trailing slash. */
export function pageUrl(siteUrl: string, pagePath: string): string {
  const base = siteUrl.replace(/\/+$/, "");
  const p = pagePath === "/" ? "" : pagePath.replace(/\/+$/, "");
  return `${base}${p}` || base;
}

export function sitemapXml(siteUrl: string, pagePaths: string[]): string {
  const urls = [...new Set(pagePaths.filter(isIndexable))]
    .sort()
    .map((p) => `  <url><loc>${escapeMarkup(pageUrl(siteUrl, p))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  // The API, and the content editor (/admin, also sent with X-Robots-Tag: noindex).
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: ${pageUrl(siteUrl, "/sitemap.xml")}\n`;
}

export function writeCrawlFiles(publicDir: string, siteUrl: string, pagePaths: string[]): void {
  fs.writeFileSync(path.join(publicDir, "sitemap.xml"), sitemapXml(siteUrl, pagePaths));
  fs.writeFileSync(path.join(publicDir, "robots.txt"), robotsTxt(siteUrl));
}
