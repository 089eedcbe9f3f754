import { createContext, useContext } from "react";
import type { Lang } from "../shared/i18n/lang";

const LangContext = createContext<Lang>("en");

/** Given by wrapPageElement from the page's address (/ar... is Arabic), so it is the same at build and in the browser. */
export const LangProvider = LangContext.Provider;

/** The language of the page being shown. */
export function useLang(): Lang {
  return useContext(LangContext);
}

/** Where the page is (from wrapPageElement's location). */
export interface PageLocation {
  pathname: string;
}
const LocationContext = createContext<PageLocation>({ pathname: "/" });
export const PageLocationProvider = LocationContext.Provider;
export function usePageLocation(): PageLocation {
  return useContext(LocationContext);
}

/** Picks the words of the page's language from a static query that asked for both (`{ en: ..., ar: ... }`). */
export function usePick<T>(both: { en: T; ar: T | null }): T {
  const lang = useLang();
  return (lang === "ar" && both.ar) || both.en;
}

