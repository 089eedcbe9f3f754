import { useMemo } from "react";
import { graphql, useStaticQuery } from "gatsby";
import type { SearchUrls } from "../search/client";

/** Where the product search index and store were published by the build. */
export function useSearchUrls(): SearchUrls {
  const data = useStaticQuery<{ localSearchProducts: { publicIndexURL: string; publicStoreURL: string } }>(graphql`
    query SearchUrls {
      localSearchProducts {
        publicIndexURL
        publicStoreURL
      }
    }
  `);
  const { publicIndexURL, publicStoreURL } = data.localSearchProducts;
  // One object for the life of the page: effects that depend on it must not re-run on every render.
  return useMemo(() => ({ index: publicIndexURL, store: publicStoreURL }), [publicIndexURL, publicStoreURL]);
}
