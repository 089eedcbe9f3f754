/**
 * The build's list of what saving a product or a document needs
 * (src/offline/saved/build-list.ts), made from a small build written here,
 * and the choice of one picture format (src/offline/saved/list.ts).
 */
import fs from "fs";
import os from "os";
import path from "path";
import { buildSaveList, productDocumentUrl } from "../../src/offline/saved/build-list";
import { isImmutable, pictureFiles, planItem, type SaveList } from "../../src/offline/saved/list";
import { documentHref } from "../../src/components/product/types";
import { SAVED_CACHE } from "../../src/offline/saved/names";

const APP = "app-0123456789abcdef0123.js";
const TEMPLATE = "component---src-templates-product-tsx-aaaaaaaaaaaaaaaaaaaa.js";
const SAVED = "saved-eeeeeeeeeeeeeeeeeeee.js";
const OTHER_TEMPLATE = "component---src-pages-index-tsx-bbbbbbbbbbbbbbbbbbbb.js";

const image = (name: string) => ({
  layout: "constrained",
  width: 800,
  height: 600,
  images: {
    fallback: { src: `/static/h/800/${name}.png`, srcSet: `/static/h/200/${name}.png 200w,\n/static/h/800/${name}.png 800w`, sizes: "100vw" },
    sources: [
      { type: "image/avif", srcSet: `/static/h/200/${name}.avif 200w,\n/static/h/800/${name}.avif 800w`, sizes: "100vw" },
      { type: "image/webp", srcSet: `/static/h/200/${name}.webp 200w,\n/static/h/800/${name}.webp 800w`, sizes: "100vw" },
    ],
  },
});

let publicDir: string;

function write(file: string, content: unknown = "x"): void {
  const full = path.join(publicDir, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, typeof content === "string" ? content : JSON.stringify(content));
}

beforeAll(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "save-list-"));
  write("webpack.stats.json", {
    namedChunkGroups: {
      app: { assets: [{ name: "webpack-runtime-cccccccccccccccccccc.js" }, { name: "styles.dddddddddddddddddddd.css" }, { name: APP }] },
      "component---src-templates-product-tsx": { assets: [{ name: TEMPLATE }] },
      "component---src-pages-index-tsx": { assets: [{ name: OTHER_TEMPLATE }] },
      saved: { assets: [{ name: SAVED }] },
    },
  });
  for (const script of ["webpack-runtime-cccccccccccccccccccc.js", APP, TEMPLATE, SAVED, OTHER_TEMPLATE]) write(script);
  write("page-data/app-data.json", { webpackCompilationHash: "build-1" });
  write("page-data/sq/d/11.json", { data: { company: { name: "IEG", logo: image("logo") } } });
  write("page-data/sq/d/12.json", { data: { words: { send: "Send" } } });
  // A product with two pictures, a drawing, an available and an unavailable document.
  write("page-data/pump/page-data.json", {
    componentChunkName: "component---src-templates-product-tsx",
    path: "/pump",
    result: {
      data: { product: { slug: "pump", name: "Pump" }, images: { nodes: [{ childImageSharp: { gatsbyImageData: image("1") } }, { childImageSharp: { gatsbyImageData: image("2") } }] } },
      pageContext: {
        tabs: [
          { id: "docs", documents: [{ id: "pump-catalog", available: true }, { id: "pump-manual", available: false }] },
          { id: "tools", documents: null, tools: [{ drawing: { relativePath: "tools/t.png" } }] },
        ],
      },
    },
    staticQueryHashes: ["11", "12"],
  });
  write("pump/index.html", "<html>pump</html>");
  // Its Arabic twin: the same template, pictures and PDFs, the page and its data in Arabic.
  write("page-data/ar/pump/page-data.json", {
    componentChunkName: "component---src-templates-product-tsx",
    path: "/ar/pump",
    result: {
      data: { product: { slug: "pump", name: "مضخة" }, images: { nodes: [{ childImageSharp: { gatsbyImageData: image("1") } }, { childImageSharp: { gatsbyImageData: image("2") } }] } },
      pageContext: { lang: "ar", tabs: [{ id: "docs", documents: [{ id: "pump-catalog", available: true }, { id: "pump-manual", available: false }] }] },
    },
    staticQueryHashes: ["11", "12"],
  });
  write("ar/pump/index.html", '<html lang="ar" dir="rtl">مضخة</html>');
  write("assets/catalog/pump-catalog.pdf", "%PDF-1.7");
  for (const name of ["1", "2", "logo"]) for (const size of ["200", "800"]) for (const ext of ["avif", "webp", "png"]) write(`static/h/${size}/${name}.${ext}`);
  // The home page (a video, not a product) and the document library.
  write("page-data/index/page-data.json", { componentChunkName: "component---src-pages-index-tsx", path: "/", result: { data: { hero: { video: "/videos/hero.mp4" } } }, staticQueryHashes: [] });
  write("index.html", "<html>home</html>");
  write("videos/hero.mp4");
  write("page-data/downloads/page-data.json", {
    componentChunkName: "component---src-downloads-library-downloads-library-page-tsx",
    path: "/downloads",
    result: {
      data: {},
      pageContext: {
        documents: [
          { id: "pump-catalog", title: "Pump catalogue", url: "/assets/catalog/pump-catalog.pdf", size: 8 },
          { id: "gone", title: "Gone", url: "/assets/documents/gone.pdf", size: 1 },
        ],
      },
    },
    staticQueryHashes: [],
  });
  // The Arabic library: the same files, named in Arabic.
  write("page-data/ar/downloads/page-data.json", {
    componentChunkName: "component---src-downloads-library-downloads-library-page-tsx",
    path: "/ar/downloads",
    result: {
      data: {},
      pageContext: {
        lang: "ar",
        documents: [
          { id: "pump-catalog", title: "كتالوج المضخة", url: "/assets/catalog/pump-catalog.pdf", size: 8 },
          { id: "gone", title: "محذوف", url: "/assets/documents/gone.pdf", size: 1 },
        ],
      },
    },
    staticQueryHashes: [],
  });
});

afterAll(() => fs.rmSync(publicDir, { recursive: true, force: true }));

describe("the build's save list", () => {
  let list: SaveList;
  let missing: string[];
  beforeAll(() => ({ list, missing } = buildSaveList(publicDir)));

  it("names the build and lists each product page once, by the path the site serves, in each language, named in its language", () => {
    expect(list.build).toBe("build-1");
    expect(list.products.map((p) => [p.path, p.title])).toEqual([
      ["/ar/pump", "مضخة"],
      ["/pump", "Pump"],
    ]);
  });

  it("gives a product its page, page data, static-query data, app data, its scripts (with the save button's) and its available PDFs", () => {
    const pump = list.products.find((p) => p.path === "/pump") as SaveList["products"][number];
    expect(pump.files).toEqual([
      "/pump",
      "/page-data/pump/page-data.json",
      "/page-data/sq/d/11.json",
      "/page-data/sq/d/12.json",
      "/page-data/app-data.json",
      "/webpack-runtime-cccccccccccccccccccc.js",
      `/${APP}`,
      `/${TEMPLATE}`,
      `/${SAVED}`,
      "/assets/catalog/pump-catalog.pdf",
    ]);
    expect(pump.files).not.toContain(`/${OTHER_TEMPLATE}`);
  });

  it("gives an Arabic product page its own page and page data, and the same scripts, pictures and (English) PDFs as its English twin", () => {
    const pump = list.products.find((p) => p.path === "/pump") as SaveList["products"][number];
    const twin = list.products.find((p) => p.path === "/ar/pump") as SaveList["products"][number];
    expect(twin.files).toEqual(pump.files.map((url) => (url === "/pump" ? "/ar/pump" : url === "/page-data/pump/page-data.json" ? "/page-data/ar/pump/page-data.json" : url)));
    expect(twin.files).toContain("/assets/catalog/pump-catalog.pdf");
    expect(twin.pictures).toEqual(pump.pictures);
  });

  it("gives a product every picture of its page and static queries, each with every width of each format", () => {
    const pump = list.products.find((p) => p.path === "/pump") as SaveList["products"][number];
    expect(pump.pictures).toHaveLength(3);
    expect(pump.pictures[0]).toEqual({
      sources: [
        { type: "image/avif", urls: ["/static/h/200/1.avif", "/static/h/800/1.avif"] },
        { type: "image/webp", urls: ["/static/h/200/1.webp", "/static/h/800/1.webp"] },
      ],
      fallback: ["/static/h/200/1.png", "/static/h/800/1.png"],
    });
  });

  it("lists the library's documents that the build holds, and says which it does not", () => {
    expect(list.documents).toEqual([{ url: "/assets/catalog/pump-catalog.pdf", title: "Pump catalogue", titles: { en: "Pump catalogue", ar: "كتالوج المضخة" } }]);
    expect(missing).toEqual(["/assets/documents/gone.pdf"]);
  });

  it("names no video", () => {
    expect(JSON.stringify(list)).not.toMatch(/\.(mp4|webm)/);
  });

  it("places a product's PDFs where its page links them", () => {
    expect(productDocumentUrl("pump-catalog")).toBe(documentHref("pump-catalog"));
  });
});

describe("the files one item needs", () => {
  let list: SaveList;
  beforeAll(() => ({ list } = buildSaveList(publicDir)));

  it("takes the one picture format the browser shows: AVIF, WebP, or the <img>'s own", () => {
    const picture = list.products[0].pictures[0];
    expect(pictureFiles(picture, "image/avif")).toEqual(["/static/h/200/1.avif", "/static/h/800/1.avif"]);
    expect(pictureFiles(picture, "image/webp")).toEqual(["/static/h/200/1.webp", "/static/h/800/1.webp"]);
    expect(pictureFiles(picture, "")).toEqual(["/static/h/200/1.png", "/static/h/800/1.png"]);
    // A browser that shows AVIF shows WebP too, should a picture offer only WebP.
    expect(pictureFiles({ sources: [picture.sources[1]], fallback: picture.fallback }, "image/avif")).toEqual(picture.sources[1].urls);
  });

  it("plans a product's files with its pictures of one format, and a document's own file; nothing for what the build lacks", () => {
    const plan = planItem(list, "product", "/pump", "image/webp");
    expect(plan?.title).toBe("Pump");
    expect(plan?.files).toContain("/pump");
    expect(plan?.files.filter((url) => url.startsWith("/static/"))).toEqual(["/static/h/200/1.webp", "/static/h/800/1.webp", "/static/h/200/2.webp", "/static/h/800/2.webp", "/static/h/200/logo.webp", "/static/h/800/logo.webp"]);
    expect(planItem(list, "document", "/assets/catalog/pump-catalog.pdf", "")).toEqual({
      title: "Pump catalogue",
      titles: { en: "Pump catalogue", ar: "كتالوج المضخة" },
      files: ["/assets/catalog/pump-catalog.pdf"],
    });
    expect(planItem(list, "product", "/ar/pump", "image/webp")?.title).toBe("مضخة");
    expect(planItem(list, "product", "/gone", "")).toBeUndefined();
    expect(planItem(list, "document", "/assets/documents/gone.pdf", "")).toBeUndefined();
  });

  it("tells content-named files (kept across builds) from the others (fetched again)", () => {
    expect(isImmutable("/static/h/200/1.avif")).toBe(true);
    expect(isImmutable(`/${APP}`)).toBe(true);
    expect(isImmutable("/pump")).toBe(false);
    expect(isImmutable("/page-data/pump/page-data.json")).toBe(false);
    expect(isImmutable("/assets/catalog/pump-catalog.pdf")).toBe(false);
  });
});

describe("the save button", () => {
  it("looks for saved items in the cache the store writes (its name is written out in the button's code)", () => {
    const source = fs.readFileSync(path.join(__dirname, "../../src/offline/saved/SaveOffline.tsx"), "utf8");
    expect(source).toContain(`.has("${SAVED_CACHE}")`);
  });
});
