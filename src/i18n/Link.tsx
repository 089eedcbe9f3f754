import React from "react";
import { Link as GatsbyLink, type GatsbyLinkProps } from "gatsby";
import { localePath, type Lang } from "../shared/i18n/lang";
import { useLang } from "./LangContext";

/** Paths that are the same in both languages: the API reference (for integrators, in English), the API, and files. */
const SHARED = /^\/api|\.\w+$/;

/** A site path as the page of a language links to it: /about-us on English pages, /ar/about-us on Arabic ones. */
export function linkPath(lang: Lang, to: string): string {
  if (lang === "en" || !to.startsWith("/") || to.startsWith("//") || SHARED.test(to)) return to;
  return localePath(lang, to);
}

/** Gatsby's Link, leading to the page in the language of the page it is on. */
export function Link<TState>({ to, ...props }: GatsbyLinkProps<TState>): React.ReactElement {
  const lang = useLang();
  // GatsbyLink's ref type does not survive the spread; the props are the caller's own.
  return <GatsbyLink {...(props as Omit<GatsbyLinkProps<TState>, "to" | "ref">)} to={linkPath(lang, to)} />;
}
