import { createContext, useContext } from "react";
import type { Lang } from "../shared/i18n/lang";

const LangContext = createContext<Lang>("en");

/** Given by wrapPageElement from the page's address (/ar... is Arabic), so it is the same at build and in the browser. */
export const LangProvider = LangContext.Provider;

/** The language of the page being shown. */
export function useLang(): Lang {
  return useContext(LangContext);
}

/**
 * The page's path (from wrapPageElement's location): a string, so a change of the address's fragment or query
 * (an in-page link, a filter) is no change of context, which would also reach the forms still waiting for their
 * code and make React throw their served HTML away (src/forms/island.tsx).
 */
const PathContext = createContext<string>("/");
export const PagePathProvider = PathContext.Provider;
export function usePagePath(): string {
  return useContext(PathContext);
}

/** Picks the words of the page's language from a static query that asked for both (`{ en: ..., ar: ... }`). */
export function usePick<T>(both: { en: T; ar: T | null }): T {
  const lang = useLang();
  return (lang === "ar" && both.ar) || both.en;
}

