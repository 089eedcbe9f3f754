/**
 * The build's side of the company's media (data/media/, see
 * src/shared/utils/media.ts for which file is chosen): SVG logos served as
 * given at their own size, background videos and their posters published,
 * product photos published as given for structured data and integrators, and
 * the company's PDFs copied byte for byte. Node only (gatsby-node.ts, the
 * catalogue assets, the tests).
 */
import { createHash } from "crypto";
import fs from "fs";
import path from "path";
import sharp from "sharp";
import POSTER_WIDTHS from "../../utils/poster-widths.json";
import { mediaPath, productPictures, videoFormats, type PicturedProduct } from "../../shared/utils/media";

const digest = (content: Buffer | string, length = 12): string => createHash("sha256").update(content).digest("hex").slice(0, length);

/** Copies a file unless the target already holds the same bytes; writes through a temporary file so a server never sends half of it. */
export async function copyAsGiven(from: string, to: string): Promise<void> {
  const content = await fs.promises.readFile(from);
  try {
    if ((await fs.promises.readFile(to)).equals(content)) return;
  } catch {
    /* not there yet */
  }
  await fs.promises.mkdir(path.dirname(to), { recursive: true });
  const temporary = `${to}.${process.pid}.tmp`;
  await fs.promises.writeFile(temporary, content);
  await fs.promises.rename(temporary, to);
}

/** A length of an SVG's width or height attribute in CSS pixels ("120", "120px", "1.5in"); null for a percentage or nothing. */
function svgLength(value: string | undefined): number | null {
  const match = value?.trim().match(/^([0-9]*\.?[0-9]+)(px|pt|pc|in|cm|mm)?$/);
  if (!match) return null;
  const perUnit: Record<string, number> = { px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4 };
  return Number(match[1]) * perUnit[match[2] ?? "px"];
}

/**
 * The intrinsic size of an SVG: its width and height attributes, else its
 * viewBox (the width and height of the box), else the 300 x 150 a browser gives
 * a replaced element of unknown size.
 */
export function svgSize(svg: string): { width: number; height: number } {
  const root = svg.match(/<svg\b[^>]*>/i)?.[0] ?? "";
  const attribute = (name: string) => root.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, "i"))?.[1];
  const box = attribute("viewBox")
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const boxSize = box && box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0 ? { width: box[2], height: box[3] } : null;
  let width = svgLength(attribute("width"));
  let height = svgLength(attribute("height"));
  if (width && !height && boxSize) height = (width * boxSize.height) / boxSize.width;
  if (height && !width && boxSize) width = (height * boxSize.width) / boxSize.height;
  if (!width || !height) ({ width, height } = boxSize ?? { width: 300, height: 150 });
  return { width: Math.round(width), height: Math.round(height) };
}

/** The part of a File node this module reads. */
export interface MediaFileNode {
  absolutePath: string;
  base: string;
  extension: string;
}

/**
 * An SVG picture (a client logo) as gatsby-plugin-image's image data: the
 * file served as given (public/static/<digest>/<name>.svg) at its intrinsic
 * size, one source and no other format, so the Picture component draws it as
 * any other picture, its size reserved. Null for any other file (sharp
 * processes those).
 */
export function vectorImageData(file: MediaFileNode, publicDir: string): Record<string, unknown> | null {
  if (file.extension.toLowerCase() !== "svg") return null;
  const content = fs.readFileSync(file.absolutePath);
  const url = `/static/${digest(content)}/${file.base}`;
  const target = path.join(publicDir, "static", digest(content), file.base);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
  }
  const { width, height } = svgSize(content.toString("utf8"));
  return { layout: "constrained", width, height, images: { fallback: { src: url }, sources: [] } };
}

/** A background video as the data gives it (home hero, category banners, trainings). */
export interface VideoData {
  /** The drawn video: static/<base>.webm, .mp4, -poster.jpg. */
  base: string;
  width: number;
  height: number;
  /** The company's files in data/media/video/ (MP4, WebM). */
  files?: string[] | null;
  /** The company's poster (the first frame), a picture in data/media/pictures/. */
  poster?: string | null;
}

export interface VideoPlan {
  /** The base the page uses: /videos/company/<name>-<digest>. */
  base: string;
  formats: string[];
  /** What to write, relative to public/: the videos as given, the poster and its WebP copies. */
  copies: { from: string; to: string }[];
  poster: { from: string; drawn: boolean };
}

/** The widths of a poster's WebP copies (those below the video's own, then its own): as scripts/assets/make-posters.mjs. */
export function posterWidths(width: number): number[] {
  return [...(POSTER_WIDTHS as number[]).filter((w) => w < width), width];
}

/**
 * Where a background video is published when the company gives its files;
 * null for the drawn one (static/videos/, as committed). `root` is the
 * repository (data/ and static/ under it).
 */
export function videoPlan(video: VideoData, root: string): VideoPlan | null {
  const files = (video.files ?? []).filter((f) => f.trim() !== "");
  if (files.length === 0) return null;
  const formats = videoFormats(video);
  const sources = formats.map((format) => ({ format, from: path.join(root, "data", mediaPath("video", files.find((f) => f.toLowerCase().endsWith(`.${format}`)) ?? "")) }));
  const poster = video.poster?.trim()
    ? { from: path.join(root, "data", mediaPath("pictures", video.poster.trim())), drawn: false }
    : { from: path.join(root, "static", `${video.base}-poster.jpg`), drawn: true };
  for (const { from } of [...sources, poster]) {
    if (!fs.existsSync(from)) throw new Error(`The video of ${video.base} names ${path.relative(root, from)}, which is not there`);
  }
  const hash = createHash("sha256");
  for (const source of sources) hash.update(fs.readFileSync(source.from));
  hash.update(fs.readFileSync(poster.from));
  hash.update(`${video.width}x${video.height}`);
  const base = `/videos/company/${path.posix.basename(video.base)}-${hash.digest("hex").slice(0, 12)}`;
  return { base, formats, copies: sources.map((s) => ({ from: s.from, to: `${base}.${s.format}` })), poster };
}

/** Writes a planned video into public/: its files as given, its poster (cut to the video's size) and the poster's WebP copies. */
export async function publishVideo(plan: VideoPlan, video: VideoData, publicDir: string): Promise<void> {
  for (const { from, to } of plan.copies) await copyAsGiven(from, path.join(publicDir, to));
  const jpeg = path.join(publicDir, `${plan.base}-poster.jpg`);
  if (fs.existsSync(jpeg)) return;
  await fs.promises.mkdir(path.dirname(jpeg), { recursive: true });
  // The poster at width w, cut to the video's proportions.
  const frame = (w: number) => sharp(plan.poster.from).resize({ width: w, height: Math.round((w * video.height) / video.width), fit: "cover" });
  for (const w of posterWidths(video.width)) {
    await fs.promises.writeFile(path.join(publicDir, `${plan.base}-poster-${w}.webp`), await frame(w).webp({ quality: 72 }).toBuffer());
  }
  const poster = plan.poster.drawn ? await fs.promises.readFile(plan.poster.from) : await frame(video.width).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  await fs.promises.writeFile(jpeg, poster);
}

/** Publishes the company's product photos as given at /assets/images/photos/<name> (structured data, /assets/json/products.json). */
export async function publishProductPhotos(products: readonly PicturedProduct[], dataDir: string, publicDir: string): Promise<string[]> {
  const written: string[] = [];
  for (const product of products) {
    for (const picture of productPictures(product).filter((p) => p.photo)) {
      const target = path.join(publicDir, ...picture.url.replace(/^\/+/, "").split("/").map(decodeURIComponent));
      await copyAsGiven(path.join(dataDir, picture.path), target);
      written.push(target);
    }
  }
  return written;
}
