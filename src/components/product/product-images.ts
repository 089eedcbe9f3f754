import { graphql } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";

/**
 * A product picture: the company's photo (data/media/products/) or, without
 * photos, a drawn image (generated/images/products/<id>.png); which ones a
 * page shows is decided at build (productPictures in src/shared/utils/media.ts,
 * put in the page context by gatsby-node.ts), and the page queries only those,
 * by path. Every picture is fitted whole into the drawn images' 4:3 frame
 * (800 x 600), padded with the frame's own colour (--color-mist), so a photo
 * of any proportions takes exactly the place a drawn image takes.
 */
export const productImageFragment = graphql`
  fragment ProductImage on File {
    relativePath
    childImageSharp {
      gatsbyImageData(
        width: 800
        aspectRatio: 1.3333333333333333
        layout: CONSTRAINED
        placeholder: DOMINANT_COLOR
        transformOptions: { fit: CONTAIN }
        backgroundColor: "#f3f5f8"
      )
    }
  }
`;

export interface ProductImageNode {
  relativePath: string;
  childImageSharp: { gatsbyImageData: IGatsbyImageData } | null;
}

/** The queried pictures by path (relativePath of their File node). */
export function productImageMap(nodes: readonly ProductImageNode[]): Map<string, IGatsbyImageData> {
  const map = new Map<string, IGatsbyImageData>();
  for (const node of nodes) {
    if (node.childImageSharp) map.set(node.relativePath, node.childImageSharp.gatsbyImageData);
  }
  return map;
}
