/**
 * What the product search indexes are made from: the build's queries and the
 * records made of their answers (gatsby-config.ts hands them to
 * gatsby-plugin-local-search, one instance per language; testkit/search-index.ts
 * builds the same indexes in the tests). Build only: the browser never loads
 * this module.
 */
import { cardPicture } from "../utils/media";
import type { IndexedRecord } from "./config";

/** The card images of the products (the same for both languages). */
const IMAGES_QUERY = `
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
`;

/** The English index: the English product nodes (fields.lang "en"). */
export const SEARCH_QUERY = `
  {
    products: allProductsJson(filter: { fields: { lang: { eq: "en" } } }, sort: { slug: ASC }) {
      nodes {
        slug
        name
        category
        imageIds
        photos
        models
      }
    }
    categories: allCategoriesJson(filter: { fields: { lang: { eq: "en" } } }) {
      nodes {
        slug
        name
      }
    }
${IMAGES_QUERY}
  }
`;

/**
 * The Arabic index: the Arabic product nodes (the English data with the
 * Arabic overlay, fields.lang "ar"), their Arabic category names and their
 * English names (an Arabic reader may type the English name or a model).
 */
export const ARABIC_SEARCH_QUERY = `
  {
    products: allProductsJson(filter: { fields: { lang: { eq: "ar" } } }, sort: { slug: ASC }) {
      nodes {
        slug
        name
        shortDescription
        category
        imageIds
        photos
        models
      }
    }
    english: allProductsJson(filter: { fields: { lang: { eq: "en" } } }) {
      nodes {
        slug
        name
      }
    }
    categories: allCategoriesJson(filter: { fields: { lang: { eq: "ar" } } }) {
      nodes {
        slug
        name
      }
    }
${IMAGES_QUERY}
  }
`;

export interface SearchQueryResult {
  data: {
    products: { nodes: { slug: string; name: string; shortDescription?: string | null; category: string; imageIds: number[]; photos?: string[] | null; models: string[] }[] };
    /** The English names (the Arabic index's query only). */
    english?: { nodes: { slug: string; name: string }[] };
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

/**
 * The records of the Arabic index. The store holds the Arabic name and
 * category (what the card shows) and the English name; the text indexed is,
 * in this order (flexsearch ranks a word found early in the text first): the
 * Arabic name, the English name, the model codes, the Arabic short
 * description, the Arabic category (last: a word every product of the
 * category shares says least about which one is meant).
 */
export function normalizeArabic({ data }: SearchQueryResult): IndexedRecord[] {
  const categoryName = new Map(data.categories.nodes.map((c) => [c.slug, c.name]));
  const englishName = new Map((data.english?.nodes ?? []).map((p) => [p.slug, p.name]));
  const images = new Map((data.images?.nodes ?? []).map((n) => [n.relativePath, n.childImageSharp?.resize ?? null]));
  return data.products.nodes.map((p) => {
    const category = categoryName.get(p.category) ?? p.category;
    const english = englishName.get(p.slug) ?? "";
    return {
      slug: p.slug,
      name: p.name,
      englishName: english,
      category,
      imageIds: p.imageIds,
      models: p.models,
      image: images.get(cardPicture(p)?.path ?? "") ?? null,
      text: [p.name, english, ...modelWords(p.models), p.shortDescription ?? "", category].join(" "),
    };
  });
}
