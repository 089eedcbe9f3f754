import { graphql } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";

/**
 * A drawn product image (generated/images/products/<id>.png, see
 * PRODUCT_IMAGE_DIR in src/shared/utils/gallery.ts). Category and product pages
 * query only the images they show, by name, in their page query: the ids are
 * put in the page context by gatsby-node.ts.
 */
export const productImageFragment = graphql`
  fragment ProductImage on File {
    name
    childImageSharp {
      gatsbyImageData(width: 800, layout: CONSTRAINED, placeholder: DOMINANT_COLOR)
    }
  }
`;

export interface ProductImageNode {
  name: string;
  childImageSharp: { gatsbyImageData: IGatsbyImageData } | null;
}

/** The queried images by id. */
export function productImageMap(nodes: readonly ProductImageNode[]): Map<number, IGatsbyImageData> {
  const map = new Map<number, IGatsbyImageData>();
  for (const node of nodes) {
    const id = Number(node.name);
    if (Number.isInteger(id) && node.childImageSharp) map.set(id, node.childImageSharp.gatsbyImageData);
  }
  return map;
}
