import React from "react";
import { basePath, localePath, type Lang } from "../shared/i18n/lang";
import { useLang, usePagePath } from "./LangContext";

interface LanguageSwitchProps {
  /** Said before the language's name to screen readers, in the page's language ("Read this page in Arabic"). */
  label: string;
}

/**
 * The same page in the other language, by its own name, with the page's query and fragment (a search stays the
 * same search: read when the link is followed, as a page may change its address without a navigation). A plain
 * link: the other language's page is loaded whole, with its own <html lang dir>. Never a redirect by the browser's language.
 */
export function LanguageSwitch({ label }: LanguageSwitchProps): React.ReactElement {
  const other: Lang = useLang() === "ar" ? "en" : "ar";
  const target = localePath(other, basePath(usePagePath().replace(/\/+$/, "") || "/"));
  const follow = (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.currentTarget.href = target + location.search + location.hash;
  };
  return (
    <a href={target} hrefLang={other} onClick={follow}>
      <span className="visually-hidden">{label}: </span>
      <span lang={other}>{other === "ar" ? "عربي" : "English"}</span>
    </a>
  );
}
