/**
 * What the product search index is made from: the build's query and the
 * records made of its answer (gatsby-config.ts hands both to
 * gatsby-plugin-local-search; testkit/search-index.ts builds the same index in
 * the tests). Build only: the browser never loads this module.
 */
import { cardPicture } from "../utils/media";
import type { IndexedRecord } from "./config";

export const SEARCH_QUERY = `
  {
    products: allProductsJson(sort: { slug: ASC }) {
      nodes {
        slug
        name
        category
        imageIds
        photos
        models
      }
    }
    categories: allCategoriesJson {
      nodes {
        slug
        name
      }
    }
    images: allFile(
      filter: {
        sourceInstanceName: { in: ["data", "images"] }
        relativeDirectory: { in: ["products", "media/products"] }
        extension: { in: ["png", "jpg", "jpeg", "webp"] }
      }
    ) {
      nodes {
        relativePath
        childImageSharp {
          resize(width: 400, height: 300, fit: CONTAIN, background: "#f3f5f8", toFormat: WEBP, quality: 70) {
            src
            width
            height
          }
        }
      }
    }
  }
`;

export interface SearchQueryResult {
  data: {
    products: { nodes: { slug: string; name: string; category: string; imageIds: number[]; photos?: string[] | null; models: string[] }[] };
    categories: { nodes: { slug: string; name: string }[] };
    images?: {
      nodes: { relativePath: string; childImageSharp: { resize: { src: string; width: number; height: number } | null } | null }[];
    };
  };
}

/** Model codes as words the index can find both with and without their dash: "TGA-80" also as "TGA80". */
export function modelWords(models: string[]): string[] {
  const words = new Set<string>();
  for (const m of models) {
    words.add(m);
    words.add(m.replace(/-/g, ""));
  }
  return [...words];
}

export function normalize({ data }: SearchQueryResult): IndexedRecord[] {
  const categoryName = new Map(data.categories.nodes.map((c) => [c.slug, c.name]));
  const images = new Map((data.images?.nodes ?? []).map((n) => [n.relativePath, n.childImageSharp?.resize ?? null]));
  return data.products.nodes.map((p) => {
    const category = categoryName.get(p.category) ?? p.category;
    return {
      slug: p.slug,
      name: p.name,
      category,
      imageIds: p.imageIds,
      models: p.models,
      image: images.get(cardPicture(p)?.path ?? "") ?? null,
      text: [p.name, category, ...modelWords(p.models)].join(" "),
    };
  });
}

