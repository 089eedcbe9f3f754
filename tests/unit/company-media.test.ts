/**
 * The company's own media before the drawn stand-ins (src/shared/utils/media.ts,
 * src/build/media/): which picture, photo, video and document the build uses,
 * and what it publishes. Real files in temporary folders: a photo made with
 * sharp, PDFs written by hand (testkit/documents.ts, not by the site's writer), the site's data.
 */
import fs from "fs";
import os from "os";
import path from "path";
import sharp from "sharp";
import { writeCatalogueAssets, writeProductDocuments, writeSampleDocuments } from "../../src/build/catalogue-assets";
import { downloadRecords, productRecords } from "../../src/build/catalogue-assets/integrator-json";
import { productDocuments } from "../../src/build/catalogue-assets/product-documents";
import type { CatalogueAssetsData, Product } from "../../src/build/catalogue-assets/types";
import { posterWidths, publishProductPhotos, publishVideo, svgSize, vectorImageData, videoPlan } from "../../src/build/media";
import { pictureFields } from "../../src/build/media/picture-fields";
import { libraryDocuments } from "../../src/downloads-library/records";
import { measureDocuments } from "../../src/downloads-library/sizes";
import { normalize } from "../../src/shared/search/index-source";
import { cardPicture, documentOffered, pictureFile, productPictures, suppliedDocument, videoFormats } from "../../src/shared/utils/media";
import { makePdf } from "../../testkit/documents";
import { pdfText } from "../../testkit/pdf-text";
import { loadCatalogueData } from "../../testkit/site-data";

const ROOT = path.resolve(__dirname, "../..");
const quiet = { info: () => undefined, warn: () => undefined };

/** A photo-like JPEG (noise over a gradient) of the given size. */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (((i / 3) % width) * 200) / width + Math.random() * 55;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A copy of the site's data in which `edit` changed what it needs. */
function dataWith(edit: (data: CatalogueAssetsData) => void): CatalogueAssetsData {
  const data = JSON.parse(JSON.stringify(loadCatalogueData())) as CatalogueAssetsData;
  edit(data);
  return data;
}

describe("product pictures", () => {
  it("are the drawn images (ids 1 to 59, each once) when the product names no photo", () => {
    const pictures = productPictures({ imageIds: [48, 49, 48, 0, 60] });
    expect(pictures).toEqual([
      { id: "48", path: "products/48.png", photo: false, url: "/assets/images/48.png" },
      { id: "49", path: "products/49.png", photo: false, url: "/assets/images/49.png" },
    ]);
    expect(productPictures({ imageIds: [9], photos: [] })).toEqual(productPictures({ imageIds: [9] }));
    expect(productPictures({ imageIds: [9], photos: null })).toEqual(productPictures({ imageIds: [9] }));
  });

  it("are the company's photos, in their order and each once, when it names any: the drawn ones are not shown", () => {
    const pictures = productPictures({ imageIds: [48, 49], photos: ["pump front.jpg", "pump-side.webp", "pump front.jpg"] });
    expect(pictures).toEqual([
      { id: "pump front.jpg", path: "media/products/pump front.jpg", photo: true, url: "/assets/images/photos/pump%20front.jpg" },
      { id: "pump-side.webp", path: "media/products/pump-side.webp", photo: true, url: "/assets/images/photos/pump-side.webp" },
    ]);
  });

  it("the card picture is the first photo, else the first drawn image, else none", () => {
    expect(cardPicture({ imageIds: [12, 13], photos: ["a.png", "b.png"] })?.path).toBe("media/products/a.png");
    expect(cardPicture({ imageIds: [12, 13] })?.path).toBe("products/12.png");
    expect(cardPicture({ imageIds: [] })).toBeNull();
  });
});

describe("page pictures and logos", () => {
  it("are the company's file of the same name when its folder has one, else the drawn picture", () => {
    const company = new Set(["media/pictures/careers/team.jpg", "media/logos/acme.svg"]);
    const has = (p: string) => company.has(p);
    expect(pictureFile("pictures", "careers/team.jpg", has)).toEqual({ sourceInstanceName: "data", relativePath: "media/pictures/careers/team.jpg" });
    expect(pictureFile("pictures", "about/facility.jpg", has)).toEqual({ sourceInstanceName: "images", relativePath: "about/facility.jpg" });
    expect(pictureFile("logos", "acme.svg", has)).toEqual({ sourceInstanceName: "data", relativePath: "media/logos/acme.svg" });
    // A logo is looked up among the logos, not the pictures.
    expect(pictureFile("logos", "careers/team.jpg", has)).toEqual({ sourceInstanceName: "images", relativePath: "careers/team.jpg" });
  });

  it("every picture field of the GraphQL types is looked up, logos in data/media/logos/", () => {
    const dir = path.join(ROOT, "src/schema");
    const sdl = fs.readdirSync(dir).filter((f) => f.endsWith(".graphql")).map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
    const fields = pictureFields(sdl);
    const fileFields = sdl.join("\n").match(/^\s+\w+: \[?File!?\]?!? @link\(by: "relativePath"\)/gm) ?? [];
    expect(fields).toHaveLength(fileFields.length);
    expect(fields).toContainEqual({ type: "HomeLogo", field: "image", folder: "logos", list: false });
    expect(fields).toContainEqual({ type: "ConsumableTool", field: "drawing", folder: "pictures", list: false });
    expect(fields.filter((f) => f.folder === "logos")).toHaveLength(1);
  });

  it("an SVG logo is served as given at its intrinsic size; another file is left to sharp", () => {
    expect(svgSize('<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect/></svg>')).toEqual({ width: 240, height: 80 });
    expect(svgSize('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"></svg>')).toEqual({ width: 300, height: 100 });
    expect(svgSize('<svg width="120" viewBox="0 0 300 100"></svg>')).toEqual({ width: 120, height: 40 });
    expect(svgSize('<svg width="1in" height="0.5in"></svg>')).toEqual({ width: 96, height: 48 });
    expect(svgSize('<svg width="100%" height="100%"></svg>')).toEqual({ width: 300, height: 150 });

    const dir = tempDir("media-svg-");
    const publicDir = tempDir("media-public-");
    try {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><text y="40">ACME</text></svg>';
      fs.writeFileSync(path.join(dir, "acme.svg"), svg);
      const data = vectorImageData({ absolutePath: path.join(dir, "acme.svg"), base: "acme.svg", extension: "svg" }, publicDir) as {
        layout: string;
        width: number;
        height: number;
        images: { fallback: { src: string }; sources: unknown[] };
      };
      expect(data).toMatchObject({ layout: "constrained", width: 200, height: 60, images: { sources: [] } });
      expect(data.images.fallback.src).toMatch(/^\/static\/[0-9a-f]{12}\/acme\.svg$/);
      expect(fs.readFileSync(path.join(publicDir, data.images.fallback.src), "utf8")).toBe(svg);
      expect(vectorImageData({ absolutePath: path.join(dir, "acme.png"), base: "acme.png", extension: "png" }, publicDir)).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(publicDir, { recursive: true, force: true });
    }
  });
});

describe("search results", () => {
  const products = [
    { slug: "with-photos", name: "With photos", category: "c", imageIds: [1], photos: ["front.jpg"], models: [] },
    { slug: "drawn", name: "Drawn", category: "c", imageIds: [2], photos: null, models: [] },
  ];
  const small = (src: string) => ({ childImageSharp: { resize: { src, width: 400, height: 300 } } });
  const records = normalize({
    data: {
      products: { nodes: products },
      categories: { nodes: [{ slug: "c", name: "Category" }] },
      images: {
        nodes: [
          { relativePath: "products/1.png", ...small("/static/drawn-1.webp") },
          { relativePath: "products/2.png", ...small("/static/drawn-2.webp") },
          { relativePath: "media/products/front.jpg", ...small("/static/front.webp") },
        ],
      },
    },
  });

  it("show the first photo of a product that has photos, else its first drawn image", () => {
    expect(records.find((r) => r.slug === "with-photos")?.image?.src).toBe("/static/front.webp");
    expect(records.find((r) => r.slug === "drawn")?.image?.src).toBe("/static/drawn-2.webp");
  });
});

describe("documents", () => {
  it("a document is the company's PDF when it names one, else the build writes it", () => {
    expect(suppliedDocument({ file: "ISO 9001.pdf" })).toBe("media/documents/ISO 9001.pdf");
    expect(suppliedDocument({ file: " " })).toBeNull();
    expect(suppliedDocument({})).toBeNull();
    expect(documentOffered({ available: false, file: "manual.pdf" })).toBe(true);
    expect(documentOffered({ available: false, file: null })).toBe(false);
    expect(documentOffered({ available: true })).toBe(true);
  });

  it("a certificate and a product document given as PDFs are published byte for byte, listed with their real size and not as samples", async () => {
    const dataDir = tempDir("media-data-");
    const publicDir = tempDir("media-public-");
    const certificate = makePdf("ISO 9001 certificate of the company");
    const manual = makePdf("Operational manual of the torque pump");
    fs.mkdirSync(path.join(dataDir, "media/documents"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "media/documents/iso-9001.pdf"), certificate);
    fs.writeFileSync(path.join(dataDir, "media/documents/torque-pump-manual.pdf"), manual);
    const data = dataWith((d) => {
      d.documents.certificates[1].file = "iso-9001.pdf";
      const doc = d.products.nodes.find((p) => p.slug === "torque-pump")!.tabs.flatMap((t) => t.documents ?? []).find((x) => x.id === "torque-pump-manual-placeholder")!;
      doc.file = "torque-pump-manual.pdf";
    });
    const isoUrl = "/assets/documents/IEG_ISO_Certificate.pdf";
    try {
      // A document the data marks as not available is offered once its PDF is given.
      const pump = data.products.nodes.find((p) => p.slug === "torque-pump") as Product;
      expect(productDocuments(pump).map((d) => d.id)).toContain("torque-pump-manual-placeholder");

      await writeCatalogueAssets({ data, publicDir, imagesDir: null, dataDir, reporter: quiet });
      expect(fs.readFileSync(path.join(publicDir, "assets/documents/IEG_ISO_Certificate.pdf")).equals(certificate)).toBe(true);
      expect(fs.readFileSync(path.join(publicDir, "assets/catalog/torque-pump-manual-placeholder.pdf")).equals(manual)).toBe(true);
      // The other certificate stays a generated sample, which says so.
      const other = fs.readFileSync(path.join(publicDir, "assets/documents/IEG_Quality Management System_Certificate.pdf"));
      expect(other.equals(certificate)).toBe(false);
      expect(pdfText(other)).toContain("SAMPLE DOCUMENT");
      expect(certificate.toString("latin1")).not.toMatch(/sample/i);

      const sizes = await measureDocuments(data, quiet, dataDir);
      const library = libraryDocuments(data, (url) => sizes.get(url) ?? null);
      expect(library.find((d) => d.url === isoUrl)?.size).toBe(certificate.length);
      expect(library.find((d) => d.id === "torque-pump-manual-placeholder")?.size).toBe(manual.length);
      // What the company's PDF prints is not known: no unit systems are claimed for it.
      expect(library.find((d) => d.id === "torque-pump-manual-placeholder")?.units).toEqual([]);
      expect(downloadRecords(data).find((r) => r.url === isoUrl)).toMatchObject({ category: "certificate", name: "IEG_ISO_Certificate.pdf" });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(publicDir, { recursive: true, force: true });
    }
  });

  it("without a file the policies and certificates are written as samples", async () => {
    const publicDir = tempDir("media-public-");
    try {
      const data = loadCatalogueData();
      const written = await writeSampleDocuments(data, publicDir, tempDir("media-empty-"));
      expect(written).toHaveLength(data.documents.policies.length + data.documents.certificates.length);
      for (const file of written) expect(pdfText(fs.readFileSync(file)).split("\n").slice(0, 3).join(" ")).toContain("SAMPLE DOCUMENT");
      const products = await writeProductDocuments(data, publicDir, quiet, tempDir("media-empty-"));
      expect(products.length).toBeGreaterThan(0);
    } finally {
      fs.rmSync(publicDir, { recursive: true, force: true });
    }
  });
});

describe("product photos published as given", () => {
  it("for structured data and /assets/json/products.json, which lists them beside the drawn ids", async () => {
    const dataDir = tempDir("media-data-");
    const publicDir = tempDir("media-public-");
    try {
      const jpeg = await photo(240, 160);
      fs.mkdirSync(path.join(dataDir, "media/products"), { recursive: true });
      fs.writeFileSync(path.join(dataDir, "media/products/torque pump.jpg"), jpeg);
      const data = dataWith((d) => {
        d.products.nodes.find((p) => p.slug === "torque-pump")!.photos = ["torque pump.jpg"];
      });
      const written = await publishProductPhotos(data.products.nodes, dataDir, publicDir);
      expect(written).toEqual([path.join(publicDir, "assets/images/photos/torque pump.jpg")]);
      expect(fs.readFileSync(written[0]).equals(jpeg)).toBe(true);
      const records = productRecords(data);
      expect(records.find((r) => r.link === "torque-pump")?.photos).toEqual(["/assets/images/photos/torque%20pump.jpg"]);
      expect(records.filter((r) => r.photos)).toHaveLength(1);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(publicDir, { recursive: true, force: true });
    }
  });
});

describe("background videos", () => {
  it("play the drawn video (WebM, then MP4) without files, else the formats given, WebM first", () => {
    expect(videoFormats({})).toEqual(["webm", "mp4"]);
    expect(videoFormats({ files: ["hero.mp4"] })).toEqual(["mp4"]);
    expect(videoFormats({ files: ["hero.MP4", "hero.webm"] })).toEqual(["webm", "mp4"]);
    expect(videoPlan({ base: "/videos/hero", width: 1280, height: 720 }, ROOT)).toBeNull();
  });

  it("the company's video is published as given with a poster cut from its picture, at every width the page lists", async () => {
    const root = tempDir("media-root-");
    const publicDir = tempDir("media-public-");
    try {
      fs.mkdirSync(path.join(root, "data/media/video"), { recursive: true });
      fs.mkdirSync(path.join(root, "data/media/pictures"), { recursive: true });
      const mp4 = Buffer.from("company video bytes");
      fs.writeFileSync(path.join(root, "data/media/video/hero.mp4"), mp4);
      fs.writeFileSync(path.join(root, "data/media/pictures/hero-frame.jpg"), await photo(1600, 1000));
      const video = { base: "/videos/hero", width: 1280, height: 720, files: ["hero.mp4"], poster: "hero-frame.jpg" };
      const plan = videoPlan(video, root)!;
      expect(plan.base).toMatch(/^\/videos\/company\/hero-[0-9a-f]{12}$/);
      expect(plan.formats).toEqual(["mp4"]);
      await publishVideo(plan, video, publicDir);
      expect(fs.readFileSync(path.join(publicDir, `${plan.base}.mp4`)).equals(mp4)).toBe(true);
      expect(fs.existsSync(path.join(publicDir, `${plan.base}.webm`))).toBe(false);
      const poster = await sharp(path.join(publicDir, `${plan.base}-poster.jpg`)).metadata();
      expect([poster.width, poster.height, poster.format]).toEqual([1280, 720, "jpeg"]);
      for (const w of posterWidths(1280)) {
        const copy = await sharp(path.join(publicDir, `${plan.base}-poster-${w}.webp`)).metadata();
        expect([copy.width, copy.height, copy.format]).toEqual([w, Math.round((w * 720) / 1280), "webp"]);
      }
      expect(() => videoPlan({ ...video, poster: "missing.jpg" }, root)).toThrow("names data/media/pictures/missing.jpg, which is not there");
      // Another video file is published under another name, so no cache keeps the old one.
      fs.writeFileSync(path.join(root, "data/media/video/hero.mp4"), Buffer.from("a new cut"));
      expect(videoPlan(video, root)!.base).not.toBe(plan.base);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
      fs.rmSync(publicDir, { recursive: true, force: true });
    }
  });
});
