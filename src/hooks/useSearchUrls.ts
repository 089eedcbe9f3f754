import { useMemo } from "react";
import { graphql, useStaticQuery } from "gatsby";
import { useLang } from "../i18n/LangContext";
import type { Lang } from "../shared/i18n/lang";
import type { SearchUrls } from "../search/client";

interface Published {
  publicIndexURL: string;
  publicStoreURL: string;
}

/**
 * Where the product search index and store of the page's language were
 * published by the build (English: localSearchProducts; Arabic:
 * localSearchProductsAr). `lang` where the language context is not given
 * (a page's Head).
 */
export function useSearchUrls(lang?: Lang): SearchUrls {
  const pageLang = useLang();
  const data = useStaticQuery<{ localSearchProducts: Published; localSearchProductsAr: Published | null }>(graphql`
    query SearchUrls {
      localSearchProducts {
        publicIndexURL
        publicStoreURL
      }
      localSearchProductsAr {
        publicIndexURL
        publicStoreURL
      }
    }
  `);
  const arabic = (lang ?? pageLang) === "ar" && data.localSearchProductsAr;
  const searchLang: Lang = arabic ? "ar" : "en";
  const { publicIndexURL, publicStoreURL } = arabic || data.localSearchProducts;
  // One object for the life of the page: effects that depend on it must not re-run on every render.
  return useMemo(() => ({ index: publicIndexURL, store: publicStoreURL, lang: searchLang }), [publicIndexURL, publicStoreURL, searchLang]);
}
