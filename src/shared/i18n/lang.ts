/**
 * The site's two languages. English is the default and lives at the root;
 * Arabic twins of every page live under /ar (/ar, /ar/about-us, /ar/torque-pump...).
 * Pure functions, shared by the build, the pages, the service worker and the server.
 */
export type Lang = "en" | "ar";

export const LANGS: readonly Lang[] = ["en", "ar"];
export const DEFAULT_LANG: Lang = "en";

/** Writing direction of each language, for <html dir>. */
export const DIRECTION: Readonly<Record<Lang, "ltr" | "rtl">> = { en: "ltr", ar: "rtl" };

/**
 * The locale numbers and dates are formatted with. Arabic names its numbering
 * system (Latin digits): Node's ICU and the browsers differ on `ar` alone, and
 * a page whose digits change at hydration is a hydration error.
 */
export const NUMBER_LOCALE: Readonly<Record<Lang, string>> = { en: "en-US", ar: "ar-AE-u-nu-latn" };

/**
 * The locale dates are written in at build (Gatsby's `date(formatString, locale)`, moment's locales): moment's
 * "ar-ly" has the month names of the Gulf (يناير ... ديسمبر) with Latin digits; its "ar" writes Arabic-Indic digits.
 */
export const DATE_LOCALE: Readonly<Record<Lang, string>> = { en: "en", ar: "ar-ly" };

/** The language of a site path: /ar and /ar/... are Arabic, the rest English. */
export function langOfPath(pathname: string): Lang {
  return /^\/ar(\/|$|\?|#)/.test(pathname) ? "ar" : "en";
}

/** A path without its language prefix: /ar/torque-pump -> /torque-pump, /ar -> /. */
export function basePath(pathname: string): string {
  return langOfPath(pathname) === "ar" ? pathname.slice(3).replace(/^(?!\/)/, "/") : pathname || "/";
}

/** The path of a page in a language: ("ar", "/torque-pump") -> /ar/torque-pump, ("ar", "/") -> /ar. */
export function localePath(lang: Lang, pathname: string): string {
  const base = basePath(pathname);
  // "/" -> "/ar", "/?q" -> "/ar?q", "/x" -> "/ar/x"
  return lang === DEFAULT_LANG ? base : `/${lang}${base.replace(/^\/(?=[?#]|$)/, "")}`;
}
