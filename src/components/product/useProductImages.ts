import { useMemo } from "react";
import { graphql, useStaticQuery } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";

interface ProductImagesQuery {
  images: {
    nodes: { name: string; childImageSharp: { gatsbyImageData: IGatsbyImageData } | null }[];
  };
}

/**
 * The drawn product images (generated/images/products/<id>.png, see
 * PRODUCT_IMAGE_DIR in src/utils/gallery.ts) by id. One
 * static query shared by every category and product page, so the browser
 * fetches the list once and not again with each page.
 */
export function useProductImages(): Map<number, IGatsbyImageData> {
  const data = useStaticQuery<ProductImagesQuery>(graphql`
    query ProductImages {
      images: allFile(
        filter: { sourceInstanceName: { eq: "images" }, relativeDirectory: { eq: "products" }, extension: { eq: "png" } }
        sort: { name: ASC }
      ) {
        nodes {
          name
          childImageSharp {
            gatsbyImageData(width: 800, layout: CONSTRAINED, placeholder: DOMINANT_COLOR)
          }
        }
      }
    }
  `);
  return useMemo(() => {
    const map = new Map<number, IGatsbyImageData>();
    for (const node of data.images.nodes) {
      const id = Number(node.name);
      if (Number.isInteger(id) && node.childImageSharp) map.set(id, node.childImageSharp.gatsbyImageData);
    }
    return map;
  }, [data]);
}

/** The same image with its own `sizes` hint, so a thumbnail or a card does not fetch the full-width file. */
export function withSizes(image: IGatsbyImageData, sizes: string): IGatsbyImageData {
  return {
    ...image,
    images: {
      ...image.images,
      fallback: image.images.fallback ? { ...image.images.fallback, sizes } : undefined,
      sources: image.images.sources?.map((s) => ({ ...s, sizes })),
    },
  };
}
