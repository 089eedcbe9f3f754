/**
 * How the product search index is built. Shared by gatsby-config.ts (which
 * builds the index at build time through gatsby-plugin-local-search) and the
 * unit tests (which build the same index from the same data).
 */

/** flexsearch 0.6 options: case-insensitive, every word prefix indexed ("torq" finds "torque"). */
export const ENGINE_OPTIONS = { encode: "icase", tokenize: "forward", threshold: 0, resolution: 9, depth: 0 } as const;

import { cardPicture } from "../utils/media";

/** What the browser gets for each product (the store): enough for a result card. */
export interface SearchRecord {
  slug: string;
  name: string;
  /** Name of the product's category. */
  category: string;
  /** Gallery image ids; the first names the card image. */
  imageIds: number[];
  /** Model codes named by the specification. */
  models: string[];
  /** A small card image made by gatsby-plugin-sharp from the product's first photo, else its first drawn image, when there is one. */
  image: { src: string; width: number; height: number } | null;
}

/** A record as indexed: the record plus the text flexsearch reads. */
export interface IndexedRecord extends SearchRecord {
  text: string;
}

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
        extension: { in: ["png", "jpg", "jpeg", "webp", "PNG", "JPG", "JPEG", "WEBP"] }
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

export const INDEX_FIELDS = ["text"];
export const STORE_FIELDS: (keyof SearchRecord)[] = ["slug", "name", "category", "imageIds", "models", "image"];
