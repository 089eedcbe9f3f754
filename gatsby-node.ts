import type { GatsbyNode } from "gatsby";
import { createHash } from "crypto";
import fs from "fs";
import path from "path";
import { writeCrawlFiles } from "./src/build/site-files/crawl";
import { writeSiteImages } from "./src/build/site-files/icons";
import { deferBundleScriptsIn } from "./src/build/site-files/after-paint";
import { refreshInlinedStylesheets } from "./src/build/site-files/inline-css";
import { CATALOGUE_ASSETS_QUERY, PRODUCT_CONTENT_FRAGMENT, writeCatalogueAssets, type CatalogueAssetsData } from "./src/build/catalogue-assets";
import type { ContentTabData } from "./src/components/product/types";
import { resolveGalleryProduct } from "./src/shared/utils/gallery";
import { cardPicture, documentOffered, pictureFile, productPictures, videoFormats, type PicturedProduct } from "./src/shared/utils/media";
import { publishVideo, vectorImageData, videoPlan, type MediaFileNode, type VideoData } from "./src/build/media";
import { pictureFields } from "./src/build/media/picture-fields";
import { breadcrumbList, product as productSchema, type JsonLd, type ProductForSchema } from "./src/utils/structured-data";
import { pageStructuredData } from "./src/build/page-structured-data";
import { modelFromYaml } from "./src/api-reference/model";
import { checkLibraryFiles, createLibraryPage } from "./src/downloads-library/build";
import { BuildAssetsPlugin } from "./src/build/build-assets";
import { resolveFigures } from "./src/utils/description-figures";
import { ARABIC_DATA_FOLDER, ARABIC_DATA_SOURCE, writeArabicTwins } from "./src/build/language-nodes";
import { DATE_LOCALE, LANGS, localePath, type Lang } from "./src/shared/i18n/lang";
import type { FigureSource } from "./src/shared/utils/figure-placeholders.cjs";

const SCHEMA_DIR = path.resolve(__dirname, "src/schema");
const DATA_DIR = path.resolve(__dirname, "data");
const PUBLIC_DIR = path.resolve(__dirname, "public");
const ARABIC_DATA_DIR = path.resolve(__dirname, ARABIC_DATA_FOLDER);

/**
 * Node types for every file in data/, written in GraphQL SDL under
 * src/schema/. Types are declared with @dontInfer and non-null fields, so a
 * data file that lacks a field fails the build rather than rendering empty.
 */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  const files = fs
    .readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith(".graphql"))
    .sort();
  // Every data node says its language (src/build/language-nodes.ts).
  actions.createTypes(`type LangFields { lang: String! }`);
  for (const file of files) {
    const sdl = fs.readFileSync(path.join(SCHEMA_DIR, file), "utf8");
    actions.createTypes(sdl.replace(/(type \w+Json implements Node @dontInfer \{\n)/g, "$1  fields: LangFields!\n"));
  }
};

/** The Arabic twin of every data file, written again before every build so it has its English file's figures and its overlay's words. */
export const onPreInit: GatsbyNode["onPreInit"] = ({ reporter }) => {
  const count = writeArabicTwins(DATA_DIR, ARABIC_DATA_DIR);
  reporter.info(`${count} data files in Arabic (generated/data-ar/)`);
};

/** The language of every data node: the English files' (data/), and their Arabic twins' (generated/data-ar/). */
export const onCreateNode: GatsbyNode["onCreateNode"] = ({ node, actions, getNode }) => {
  if (!node.internal.type.endsWith("Json")) return;
  const file = node.parent ? (getNode(node.parent) as { internal: { type: string }; sourceInstanceName?: string } | undefined) : undefined;
  if (file?.internal.type !== "File") return;
  if (file.sourceInstanceName === "data") actions.createNodeField({ node, name: "lang", value: "en" });
  if (file.sourceInstanceName === ARABIC_DATA_SOURCE) actions.createNodeField({ node, name: "lang", value: "ar" });
};

type ProductSource = FigureSource & { slug: string; shortDescription: string; meta: { title: string; description: string }; fields?: { lang?: string } };

interface FileNodeModel {
  findOne(args: { type: string; query: { filter: Record<string, unknown> } }): Promise<unknown>;
}

/** Background videos already published in this run, by their published base. */
const publishedVideos = new Map<string, Promise<void>>();

/**
 * The company's media before the drawn stand-ins, decided here so the pages
 * receive the chosen file and ship no code for the choice (src/shared/utils/media.ts):
 * - every picture field of src/schema/ (a File linked by its name: pages'
 *   `image`, logos' `image`, tools' `drawing`) is the file of that name in
 *   data/media/pictures/ (logos: data/media/logos/) when there is one, else the
 *   drawn picture (generated/images/);
 * - `File.vectorImageData`: an SVG (a client logo) as image data, served as given at its own size;
 * - a product document with the company's PDF (`file`) is available;
 * - a background video with the company's `files` (data/media/video/) is
 *   published with its poster under /videos/company/, and `formats` lists the
 *   formats it has (the drawn videos: webm and mp4).
 */
export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  const resolvers: Record<string, Record<string, unknown>> = {};
  const add = (type: string, field: string, config: Record<string, unknown>) => {
    resolvers[type] = { ...resolvers[type], [field]: config };
  };
  const sdl = fs
    .readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith(".graphql"))
    .map((f) => fs.readFileSync(path.join(SCHEMA_DIR, f), "utf8"));
  for (const { type, field, folder, list } of pictureFields(sdl)) {
    const find = (name: string, nodeModel: FileNodeModel) => {
      const ref = pictureFile(folder, name, (relativePath) => fs.existsSync(path.join(DATA_DIR, relativePath)));
      return nodeModel.findOne({ type: "File", query: { filter: { sourceInstanceName: { eq: ref.sourceInstanceName }, relativePath: { eq: ref.relativePath } } } });
    };
    add(type, field, {
      resolve: (source: Record<string, unknown>, _args: unknown, context: { nodeModel: FileNodeModel }) => {
        const value = source[field];
        if (typeof value === "string") return find(value, context.nodeModel);
        if (list && Array.isArray(value)) return Promise.all(value.map((name: string) => find(name, context.nodeModel)));
        return null;
      },
    });
  }
  add("File", "vectorImageData", {
    type: "JSON",
    description: "An SVG file as image data for the Picture component (served as given, at its own size); null for other files.",
    resolve: (file: MediaFileNode) => vectorImageData(file, PUBLIC_DIR),
  });
  add("ProductDocument", "available", { resolve: (doc: { available: boolean; file?: string | null }) => documentOffered(doc) });
  for (const type of ["HomeVideo", "VideoData", "TrainingsVideoSource"]) {
    add(type, "base", {
      resolve: async (video: VideoData) => {
        const plan = videoPlan(video, __dirname);
        if (!plan) return video.base;
        if (!publishedVideos.has(plan.base)) publishedVideos.set(plan.base, publishVideo(plan, video, PUBLIC_DIR));
        await publishedVideos.get(plan.base);
        return plan.base;
      },
    });
    add(type, "formats", {
      type: "[String!]!",
      description: "The formats the video is published in (webm, mp4), in the order the browser tries them.",
      resolve: (video: VideoData) => videoFormats(video),
    });
  }
  // The search index and store are published under a hash of their own content: the plugin names them after its
  // node's digest and never writes a file of that name again, so a build after a change (a product's photo, a new
  // product) kept serving the previous build's store.
  const publishSearchFile = (content: string, extension: string) => {
    const name = `${createHash("sha256").update(content).digest("hex").slice(0, 32)}.${extension}`;
    const file = path.join(PUBLIC_DIR, "static", name);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
    }
    return `/static/${name}`;
  };
  add("LocalSearchProducts", "publicIndexURL", { resolve: (node: { index: string }) => publishSearchFile(node.index, "index.txt") });
  add("LocalSearchProducts", "publicStoreURL", { resolve: (node: { store: unknown }) => publishSearchFile(JSON.stringify(node.store), "store.json") });
  // Figures written once: a product's descriptions take their figures from its specification table
  // (`{range: Working pressure}`, src/utils/description-figures.ts). Resolved here, in the data layer, so every
  // reader of the descriptions (the page's meta description and Open Graph, JSON-LD, category cards, PDFs) gets
  // the figures; a placeholder that names no figure fails the query, and the build.
  // An Arabic description names the English table's labels: the figures are the English file's.
  const arabic = (source: ProductSource) => source.fields?.lang === "ar";
  const where = (source: ProductSource, field: string) => `data/products/${source.slug}${arabic(source) ? ".ar" : ""}.json ${field}`;
  const figuresOf = (source: ProductSource): FigureSource =>
    arabic(source) ? (JSON.parse(fs.readFileSync(path.join(DATA_DIR, "products", `${source.slug}.json`), "utf8")) as FigureSource) : source;
  add("ProductsJson", "shortDescription", {
    resolve: (source: ProductSource) => resolveFigures(source.shortDescription, figuresOf(source), where(source, "/shortDescription"), arabic(source)),
  });
  add("ProductsJson", "meta", {
    resolve: (source: ProductSource) => ({ ...source.meta, description: resolveFigures(source.meta.description, figuresOf(source), where(source, "/meta/description"), arabic(source)) }),
  });
  // A category lists the products its file names, in that order, then every other product whose file names the
  // category, by name: a new product is one data file, and appears on its category page without a second edit.
  add("CategoriesJson", "products", {
    type: "[ProductsJson!]!",
    resolve: async (
      source: { slug: string; products: string[]; fields: { lang: string } },
      _args: unknown,
      context: { nodeModel: { findAll: (q: { type: string }) => Promise<{ entries: Iterable<{ slug: string; name: string; category: string; fields: { lang: string } }> }> } },
    ) => {
      const { entries } = await context.nodeModel.findAll({ type: "ProductsJson" });
      const all = [...entries].filter((p) => p.fields.lang === source.fields.lang);
      const bySlug = new Map(all.map((p) => [p.slug, p]));
      const listed = source.products.flatMap((slug) => bySlug.get(slug) ?? []);
      const others = all.filter((p) => p.category === source.slug && !source.products.includes(p.slug)).sort((a, b) => a.name.localeCompare(b.name));
      return [...listed, ...others];
    },
  });
  createResolvers(resolvers);
};

/**
 * The browser bundle's build lists the files it emitted (public/webpack.assets.json, src/build/build-assets.ts):
 * the service worker's precache takes this build's scripts from it, never an older build's.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions }) => {
  if (stage === "build-javascript") actions.setWebpackConfig({ plugins: [new BuildAssetsPlugin(path.resolve(__dirname, "public"))] });
};

/**
 * Every page of src/pages twice: in English at its path and in Arabic under /ar (the 404 page too), each with
 * its language in its context (the page's query and words, <html lang dir>), and its structured data when it has some.
 */
export const onCreatePage: GatsbyNode["onCreatePage"] = ({ page, actions }) => {
  if ((page.context as { lang?: string } | undefined)?.lang || page.path.startsWith("/dev-404-page")) return;
  actions.deletePage(page);
  for (const lang of LANGS) {
    const base = page.path.replace(/\/+$/, "") || "/";
    const jsonLd = pageStructuredData(DATA_DIR, base, lang);
    const localised = lang === "en" ? page.path : page.path === "/" ? "/ar" : `/ar${page.path}`;
    // No match path for the Arabic 404 page: one under /ar would list every Arabic page in the browser's bundle
    // (about 3 KB on every page). An unknown /ar address is sent /ar/404.html by the server and shown in the
    // browser with the 404 page's data (src/pages/404.tsx), in the address's language.
    const matchPath = page.matchPath && lang === "ar" ? `/ar${page.matchPath}` : page.matchPath;
    actions.createPage({ ...page, path: localised, ...(matchPath ? { matchPath } : {}), context: { ...page.context, lang, dateLocale: DATE_LOCALE[lang], ...(jsonLd ? { jsonLd } : {}) } });
  }
};

interface CatalogueQuery {
  categories: { nodes: { slug: string; breadcrumb: string; fields: { lang: Lang }; products: (PicturedProduct & { slug: string })[] }[] };
  products: { nodes: (Omit<ProductForSchema, "categoryName" | "image" | "tabs"> & PicturedProduct & { category: string; tabs: ContentTabData[]; fields: { lang: Lang } })[] };
  ui: { nodes: { defaultProduct: string; breadcrumbHome: string; fields: { lang: Lang } }[] };
  company: { name: string; siteUrl: string };
}

/** The paths of the pictures a page shows, for its query's `relativePath: { in: $picturePaths }`. */
const picturePaths = (pictures: readonly { path: string }[]): string[] => [...new Set(pictures.map((p) => p.path))];

/** The category pages and product pages, one per data file, at /<slug>. */
export const createPages: GatsbyNode["createPages"] = async ({ actions, graphql, reporter }) => {
  // /home is the white-header variant's logo target: it leads to the home page.
  actions.createRedirect({ fromPath: "/home", toPath: "/", isPermanent: true, redirectInBrowser: true });

  const result = await graphql<CatalogueQuery>(`
    query Catalogue {
      categories: allCategoriesJson {
        nodes {
          slug
          breadcrumb
          fields {
            lang
          }
          products {
            slug
            imageIds
            photos
          }
        }
      }
      products: allProductsJson {
        nodes {
          ...ProductContent
          fields {
            lang
          }
          tabs {
            tools {
              drawing {
                relativePath
              }
            }
          }
        }
      }
      ui: allProductUiJson {
        nodes {
          defaultProduct
          breadcrumbHome
          fields {
            lang
          }
        }
      }
      company: companyJson(fields: { lang: { eq: "en" } }) {
        name
        siteUrl
      }
    }
    ${PRODUCT_CONTENT_FRAGMENT}
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not read the catalogue", result.errors);
    return;
  }
  const { company } = result.data;
  // The API reference, made from the contract on every build (src/api-reference/model.ts); its examples call the site's own URL.
  // It speaks to integrators, in English only.
  actions.createPage({
    path: "/api-reference",
    component: path.resolve(__dirname, "src/templates/api-reference.tsx"),
    context: { lang: "en", model: modelFromYaml(fs.readFileSync(path.resolve(__dirname, "openapi.yaml"), "utf8"), { baseUrl: company.siteUrl }) },
  });
  // The document library: every document with the size of its built file (src/downloads-library/).
  await createLibraryPage({ graphql, actions, reporter, component: path.resolve(__dirname, "src/downloads-library/DownloadsLibraryPage.tsx") });
  // A photo the data names must be in data/media/products/ (content:check says so first, with the line).
  for (const product of result.data.products.nodes.filter((p) => p.fields.lang === "en")) {
    for (const picture of productPictures(product).filter((p) => p.photo && !fs.existsSync(path.join(DATA_DIR, p.path)))) {
      reporter.panicOnBuild(`data/products/${product.slug}.json names the photo "${picture.id}", which is not in data/media/products/`);
    }
  }
  for (const lang of LANGS) createCataloguePages(lang, result.data, actions);
};

/** The category and product pages of one language: /<slug> in English, /ar/<slug> in Arabic. */
function createCataloguePages(lang: Lang, data: CatalogueQuery, actions: Parameters<NonNullable<GatsbyNode["createPages"]>>[0]["actions"]): void {
  const { company } = data;
  const ui = data.ui.nodes.find((n) => n.fields.lang === lang) ?? data.ui.nodes[0];
  // Structured data is worked out here, so the pages' scripts do not carry the code that builds it.
  const home = { name: ui.breadcrumbHome, path: localePath(lang, "/") };
  const inLang = <T extends { fields: { lang: Lang } }>(nodes: T[]) => nodes.filter((n) => n.fields.lang === lang);
  const categories = new Map(inLang(data.categories.nodes).map((c) => [c.slug, c]));
  for (const { slug, breadcrumb, products } of categories.values()) {
    const jsonLd: JsonLd[] = [breadcrumbList(company.siteUrl, [home, { name: breadcrumb, path: localePath(lang, `/${slug}`) }])];
    // Each card shows its product's first picture: the first photo, else the first drawn image.
    const cards = products.flatMap((p) => {
      const card = cardPicture(p);
      return card ? [{ slug: p.slug, path: card.path }] : [];
    });
    actions.createPage({
      path: localePath(lang, `/${slug}`),
      component: path.resolve(__dirname, "src/templates/category.tsx"),
      context: { lang, slug, cards: Object.fromEntries(cards.map((c) => [c.slug, c.path])), picturePaths: picturePaths(cards), jsonLd },
    });
  }
  const catalogue = inLang(data.products.nodes);
  const galleryContext = (slug: string) => {
    const shown = resolveGalleryProduct(slug, catalogue, ui.defaultProduct);
    const pictures = shown ? productPictures(shown) : [];
    return { gallery: pictures.map(({ id, path }) => ({ id, path })), picturePaths: picturePaths(pictures) };
  };
  for (const product of catalogue) {
    const { slug, category } = product;
    const parent = categories.get(category);
    if (!parent) throw new Error(`Product ${slug} names an unknown category "${category}"`);
    const jsonLd: JsonLd[] = [
      breadcrumbList(company.siteUrl, [home, { name: parent.breadcrumb, path: localePath(lang, `/${category}`) }, { name: product.name, path: localePath(lang, `/${slug}`) }]),
      productSchema(
        company.siteUrl,
        company,
        {
          ...product,
          categoryName: parent.breadcrumb,
          image: cardPicture(product)?.url,
        },
        localePath(lang, `/${slug}`),
      ),
    ];
    // The tabs are the product's content as its PDFs read it (PRODUCT_CONTENT_FRAGMENT); the page queries the drawings' images.
    const drawingPaths = product.tabs.flatMap((tab) => (tab.tools ?? []).map((tool) => tool.drawing.relativePath));
    actions.createPage({
      path: localePath(lang, `/${slug}`),
      component: path.resolve(__dirname, "src/templates/product.tsx"),
      context: { lang, slug, category, ...galleryContext(slug), jsonLd, tabs: product.tabs, drawingPaths },
    });
  }
}

/**
 * After the pages: every PDF they link to, the sample policies and
 * certificates, /assets/json/{products,downloads}.json and the product images,
 * made from the same GraphQL data (src/build/catalogue-assets/).
 */
interface CrawlData {
  pages: { nodes: { path: string }[] };
  company: { siteUrl: string };
}

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ graphql, reporter }) => {
  const crawl = await graphql<CrawlData>(`
    query CrawlFiles {
      pages: allSitePage {
        nodes {
          path
        }
      }
      company: companyJson(fields: { lang: { eq: "en" } }) {
        siteUrl
      }
    }
  `);
  if (crawl.errors || !crawl.data) {
    reporter.panicOnBuild("Could not list the pages for sitemap.xml", crawl.errors);
    return;
  }
  writeCrawlFiles(
    path.resolve(__dirname, "public"),
    crawl.data.company.siteUrl,
    crawl.data.pages.nodes.map((n) => n.path),
  );
  // The Arabic 404 page is sent for any unknown /ar address: in the browser it must be taken for the 404 page (Gatsby
  // would otherwise replace the address with its own), which then speaks the address's language (src/pages/404.tsx).
  for (const file of ["ar/404.html", "ar/404/index.html"].map((f) => path.resolve(__dirname, "public", f)).filter((f) => fs.existsSync(f))) {
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/window\.pagePath="\/ar\/404(\.html|\/)?"/, 'window.pagePath="/404.html"'));
  }
  const restyled = refreshInlinedStylesheets(path.resolve(__dirname, "public"));
  if (restyled > 0) reporter.info(`this build's stylesheet inlined into ${restyled} pages Gatsby had not rebuilt`);
  // Every page paints before its scripts are fetched (src/build/site-files/after-paint.ts).
  const deferred = deferBundleScriptsIn(path.resolve(__dirname, "public"));
  reporter.info(`bundle scripts deferred past the first paint in ${deferred} pages`);

  // The social card image that Open Graph and Twitter tags point to, and the icons.
  writeSiteImages(path.resolve(__dirname, "generated/images/site"), path.resolve(__dirname, "public"));

  const result = await graphql<CatalogueAssetsData>(CATALOGUE_ASSETS_QUERY);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not read the data for the catalogue assets", result.errors);
    return;
  }
  await writeCatalogueAssets({
    data: result.data,
    publicDir: path.resolve(__dirname, "public"),
    imagesDir: path.resolve(__dirname, "generated/images/products"),
    dataDir: DATA_DIR,
    reporter,
  });
  // The sizes /downloads shows are those of the files just written.
  checkLibraryFiles(path.resolve(__dirname, "public"), reporter);
};
