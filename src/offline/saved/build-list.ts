/**
 * Makes the build's list of what saving a product or a document needs
 * (public/offline-saves.json) from the files `gatsby build` wrote: run by
 * scripts/build/offline-saves.mjs (Node runs this file as it is: no imports
 * but Node's and types).
 *
 * A product page needs: the page (/<slug>), its page data and the
 * static-query data it names, the app data, the scripts it runs (the app's
 * chunk group, the product template's and the save button's, from
 * webpack.stats.json), its PDFs
 * (the tabs' available documents) and its pictures (each with every width of
 * every format: the page picks one format, see list.ts). A document needs its
 * own file (the /downloads list). Never a video.
 */
import fs from "fs";
import path from "path";
import type { SaveDocument, SaveList, SavePicture, SaveProduct } from "./list";
import type { Lang } from "../../shared/i18n/lang";

export const PRODUCT_COMPONENT = "component---src-templates-product-tsx";
/** The chunk of src/offline/saved/client.ts (its webpackChunkName in SaveOffline.tsx). */
export const SAVED_CHUNK = "saved";
const LIBRARY_COMPONENT = "component---src-downloads-library-downloads-library-page-tsx";

/** Where a product document's PDF is served from (src/components/product/types.ts documentHref). */
export const productDocumentUrl = (id: string): string => `/assets/catalog/${id}.pdf`;

interface PageData {
  componentChunkName: string;
  path: string;
  result: { data?: Record<string, unknown>; pageContext?: Record<string, unknown> };
  staticQueryHashes?: string[];
}

const VIDEO = /\.(mp4|webm|ogv|mov|m4v)$/i;

/** The language of a page's path (src/shared/i18n/lang.ts langOfPath, which Node cannot import from here: /ar and /ar/... are Arabic). */
const langOf = (pagePath: string): Lang => (/^\/ar(\/|$)/.test(pagePath) ? "ar" : "en");

/** The file of public/ a URL path names (pages: <path>/index.html). */
export function publicFile(publicDir: string, url: string): string {
  if (/\.[a-z0-9]+$/i.test(url)) return path.join(publicDir, decodeURIComponent(url));
  return path.join(publicDir, url === "/" ? "index.html" : `${decodeURIComponent(url.slice(1))}/index.html`);
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, "utf8")) as T;

/** Every page-data.json under public/page-data (not the static queries' sq/). */
function pageDataFiles(publicDir: string): string[] {
  const root = path.join(publicDir, "page-data");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && !(dir === root && entry.name === "sq")) walk(full);
      else if (entry.isFile() && entry.name === "page-data.json") found.push(full);
    }
  };
  walk(root);
  return found.sort();
}

/** The JavaScript of the named chunk groups (webpack.stats.json), as URL paths. */
function groupScripts(publicDir: string, groups: string[]): string[] {
  const stats = readJson<{ namedChunkGroups?: Record<string, { assets?: (string | { name: string })[] }> }>(path.join(publicDir, "webpack.stats.json"));
  return groups
    .flatMap((group) => stats.namedChunkGroups?.[group]?.assets ?? [])
    .map((asset) => (typeof asset === "string" ? asset : asset.name))
    .filter((name) => name.endsWith(".js"))
    .map((name) => `/${name}`);
}

/** The URLs of a srcset ("url 200w, url 400w"). */
const srcSetUrls = (srcSet: string | undefined): string[] =>
  (srcSet ?? "")
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/)[0])
    .filter(Boolean);

/** Every processed image (gatsbyImageData: `images` with `sources` and `fallback`) anywhere in a query result. */
export function picturesIn(value: unknown, found: SavePicture[] = []): SavePicture[] {
  if (Array.isArray(value)) for (const item of value) picturesIn(item, found);
  else if (value && typeof value === "object") {
    const images = (value as { images?: { sources?: { type: string; srcSet: string }[]; fallback?: { src?: string; srcSet?: string } } }).images;
    if (images && typeof images === "object" && ("fallback" in images || "sources" in images) && "layout" in value) {
      const fallback = [...new Set([...srcSetUrls(images.fallback?.srcSet), ...(images.fallback?.src ? [images.fallback.src] : [])])];
      found.push({ sources: (images.sources ?? []).map((source) => ({ type: source.type, urls: srcSetUrls(source.srcSet) })), fallback });
    } else for (const item of Object.values(value)) picturesIn(item, found);
  }
  return found;
}

export interface BuiltList {
  list: SaveList;
  /** Files a page names that the build does not hold (left out of the list). */
  missing: string[];
}

export function buildSaveList(publicDir: string): BuiltList {
  const missing: string[] = [];
  const exists = (url: string) => {
    const ok = fs.existsSync(publicFile(publicDir, url)) && !VIDEO.test(url);
    if (!ok) missing.push(url);
    return ok;
  };
  const appData = readJson<{ webpackCompilationHash: string }>(path.join(publicDir, "page-data/app-data.json"));
  // The saved page offers "Saved · Remove" offline too: the button's own code (SaveOffline.tsx's "saved" chunk) is saved with it.
  const scripts = groupScripts(publicDir, ["app", PRODUCT_COMPONENT, SAVED_CHUNK]);
  const products: SaveProduct[] = [];
  // The library of each language (/downloads, /ar/downloads): the same files, named in its language.
  const libraries = new Map<Lang, { url: string; title: string }[]>();

  for (const file of pageDataFiles(publicDir)) {
    const page = readJson<PageData>(file);
    if (page.componentChunkName === LIBRARY_COMPONENT) libraries.set(langOf(page.path), (page.result.pageContext?.documents ?? []) as { url: string; title: string }[]);
    const name = (page.result.data?.product as { name?: string } | null | undefined)?.name;
    if (page.componentChunkName !== PRODUCT_COMPONENT || !name) continue;

    const pageData = `/${path.relative(publicDir, file).split(path.sep).join("/")}`;
    const staticQueries = (page.staticQueryHashes ?? []).map((hash) => `/page-data/sq/d/${hash}.json`);
    const tabs = (page.result.pageContext?.tabs ?? []) as { documents?: { id: string; available: boolean }[] | null }[];
    const pdfs = tabs.flatMap((tab) => tab.documents ?? []).filter((doc) => doc.available).map((doc) => productDocumentUrl(doc.id));
    const staticData = (page.staticQueryHashes ?? []).map((hash) => readJson<unknown>(path.join(publicDir, `page-data/sq/d/${hash}.json`)));
    const pictures = new Map<string, SavePicture>();
    for (const picture of picturesIn([page.result, staticData])) {
      const all = [...picture.sources.flatMap((s) => s.urls), ...picture.fallback];
      if (all.length > 0 && all.every(exists)) pictures.set(all.join(" "), picture);
    }
    products.push({
      path: page.path,
      title: name,
      files: [...new Set([page.path, pageData, ...staticQueries, "/page-data/app-data.json", ...scripts, ...pdfs])].filter(exists),
      pictures: [...pictures.values()],
    });
  }
  const titles = new Map<string, Partial<Record<Lang, string>>>();
  for (const [lang, docs] of libraries) for (const doc of docs) titles.set(doc.url, { ...titles.get(doc.url), [lang]: doc.title });
  const documents: SaveDocument[] = (libraries.get("en") ?? [...libraries.values()][0] ?? [])
    .filter((doc) => exists(doc.url))
    .map((doc) => ({ url: doc.url, title: doc.title, ...(libraries.size > 1 && { titles: titles.get(doc.url) }) }));
  products.sort((a, b) => a.path.localeCompare(b.path));
  return { list: { build: appData.webpackCompilationHash, products, documents }, missing: [...new Set(missing)] };
}

/** Bytes a file of the list takes in public/ (what the cache stores: the decoded body). */
export function fileBytes(publicDir: string, url: string): number {
  return fs.statSync(publicFile(publicDir, url)).size;
}
