/**
 * sitemap.xml and robots.txt, written at the end of the build from the pages
 * Gatsby made and the site's own URL (data/company.json).
 */
import fs from "fs";
import path from "path";
import { escapeMarkup } from "../../shared/utils/escape";
import { basePath, LANGS, localePath } from "../../shared/i18n/lang";

/** Pages that are not content: the 404 page and Gatsby's development pages. */
export function isIndexable(pagePath: string): boolean {
  const base = basePath(pagePath);
  return !/^\/(404|dev-404-page)(\.html|\/)?$/.test(base) && !base.startsWith("/404");
}

/** The canonical URL of a page: the site URL and the path, without a trailing slash. */
export function pageUrl(siteUrl: string, pagePath: string): string {
  const base = siteUrl.replace(/\/+$/, "");
  const p = pagePath === "/" ? "" : pagePath.replace(/\/+$/, "");
  return `${base}${p}` || base;
}

/**
 * Every indexable page; a page that exists in both languages lists both with their hreflang alternates and
 * x-default (the English page), as the pages' own <link rel="alternate"> do.
 */
export function sitemapXml(siteUrl: string, pagePaths: string[]): string {
  const pages = new Set(pagePaths.filter(isIndexable).map((p) => (p === "/" ? p : p.replace(/\/+$/, ""))));
  const link = (hreflang: string, p: string) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeMarkup(pageUrl(siteUrl, p))}"/>`;
  const urls = [...pages].sort().map((p) => {
    const twins = LANGS.map((lang) => ({ lang, path: localePath(lang, basePath(p)) })).filter((twin) => pages.has(twin.path));
    const alternates = twins.length < 2 ? [] : [...twins.map((twin) => link(twin.lang, twin.path)), link("x-default", basePath(p))];
    return `  <url><loc>${escapeMarkup(pageUrl(siteUrl, p))}</loc>${alternates.join("")}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  // The API, and the content editor (/admin, also sent with X-Robots-Tag: noindex).
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: ${pageUrl(siteUrl, "/sitemap.xml")}\n`;
}

export function writeCrawlFiles(publicDir: string, siteUrl: string, pagePaths: string[]): void {
  fs.writeFileSync(path.join(publicDir, "sitemap.xml"), sitemapXml(siteUrl, pagePaths));
  fs.writeFileSync(path.join(publicDir, "robots.txt"), robotsTxt(siteUrl));
}
