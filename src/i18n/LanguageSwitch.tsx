import React, { useEffect, useState } from "react";
import { basePath, localePath, type Lang } from "../shared/i18n/lang";
import { useLang, usePageLocation } from "./LangContext";

/** Each language by its own name: what a reader of that language looks for. */
const ENDONYM: Readonly<Record<Lang, string>> = { en: "English", ar: "العربية" };

interface LanguageSwitchProps {
  /** Said before the language's name to screen readers, in the page's language ("Read this page in Arabic"). */
  label: string;
  className?: string;
}

/**
 * The same page in the other language, with the same query and fragment (a search stays the same search). A plain
 * link: the other language's page is loaded whole, with its own <html lang dir>. Never a redirect by the browser's language.
 */
export function LanguageSwitch({ label, className }: LanguageSwitchProps): React.ReactElement {
  const lang = useLang();
  const other: Lang = lang === "ar" ? "en" : "ar";
  const location = usePageLocation();
  const target = localePath(other, basePath(location.pathname.replace(/\/+$/, "") || "/"));
  // The query is the browser's: added after hydration (the built page has none), and read again when followed,
  // as a page may change its address without a navigation (the search page as one types).
  const [suffix, setSuffix] = useState("");
  useEffect(() => setSuffix(`${location.search}${location.hash}`), [location.search, location.hash]);
  const refresh = (event: React.SyntheticEvent<HTMLAnchorElement>) => {
    event.currentTarget.href = `${target}${window.location.search}${window.location.hash}`;
  };
  return (
    <a
      href={`${target}${suffix}`}
      hrefLang={other}
      className={className}
      onClick={refresh}
      onFocus={refresh}
      onPointerEnter={refresh}
      data-testid="language-switch"
    >
      <span className="visually-hidden">{label}: </span>
      <span lang={other}>{ENDONYM[other]}</span>
    </a>
  );
}
