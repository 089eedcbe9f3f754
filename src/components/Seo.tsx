import React from "react";
import { useSiteData } from "../hooks/useSiteData";
import { basePath, DIRECTION, langOfPath, LANGS, localePath, type Lang } from "../shared/i18n/lang";

interface SeoProps {
  title: string;
  description: string;
  /** The page's path, e.g. "/about-us"; gives the canonical URL. */
  pathname: string;
  /** Keep the page out of search engines (the 404 page). */
  noindex?: boolean;
  /** The languages the page exists in (the API reference: English only). */
  languages?: readonly Lang[];
  children?: React.ReactNode;
}


/** About the longest title search results show whole (html-validate's long-title allows 70, counting `&amp;` as five). */
const TITLE_MAX = 60;

/**
 * Title, description, canonical URL and social cards for a page's <head>
 * (Gatsby Head API). The title ends with the company's name, or with its short
 * name when the whole would be longer than TITLE_MAX characters.
 */
export function Seo({ title, description, pathname, noindex = false, languages = LANGS, children }: SeoProps): React.ReactElement {
  // The Head is rendered apart from the page: its language is its path's.
  const lang = langOfPath(pathname);
  const { company } = useSiteData(lang);
  const fullTitle = title === company.name ? title : [company.name, company.shortName].map((name) => `${title} | ${name}`).find((full) => full.length <= TITLE_MAX) ?? `${title} | ${company.shortName}`;
  const address = (path: string) => `${company.siteUrl}${path === "/" ? "" : path}`;
  const url = address(pathname);
  // hreflang both ways, and x-default (the English page) for every other language.
  const base = basePath(pathname);
  const alternates: [string, string][] = noindex || languages.length < 2 ? [] : [...languages.map((l): [string, string] => [l, localePath(l, base)]), ["x-default", base]];
  return (
    <>
      <html lang={lang} dir={DIRECTION[lang]} />
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url || company.siteUrl} />
      {alternates.map(([hreflang, path]) => (
        <link key={hreflang} rel="alternate" hrefLang={hreflang} href={address(path)} />
      ))}
      {noindex && <meta name="robots" content="noindex" />}
      <meta name="theme-color" content="#0b1f3a" />
      <link rel="icon" href="/favicon.ico" sizes="32x32" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={company.name} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url || company.siteUrl} />
      <meta property="og:image" content={`${company.siteUrl}/og-card.png`} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:image:alt" content={company.name} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:image" content={`${company.siteUrl}/og-card.png`} />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      {children}
    </>
  );
}
