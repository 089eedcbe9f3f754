import { useMemo } from "react";
import { graphql, useStaticQuery } from "gatsby";

interface Catalogue {
  allProductsJson: { nodes: { slug: string }[] };
}

/**
 * Whether this build's catalogue lists a product. The enquiry list keeps
 * items by slug, and one may name a product a later build removed (or be any
 * stale value in storage): such an item is not shown on /enquiry, so the
 * header's count and the list's limit leave it out. The slugs come as a
 * static query's result (a small JSON file the pages share), not in a script.
 */
export function useIsListed(): (product: string) => boolean {
  const { allProductsJson } = useStaticQuery<Catalogue>(graphql`
    query EnquiryCatalogue {
      allProductsJson(filter: { fields: { lang: { eq: "en" } } }) {
        nodes {
          slug
        }
      }
    }
  `);
  return useMemo(() => {
    const slugs = new Set(allProductsJson.nodes.map((node) => node.slug));
    return (product: string) => slugs.has(product);
  }, [allProductsJson]);
}
