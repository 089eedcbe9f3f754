import WIDTHS from "./poster-widths.json";

/**
 * The WebP copies of a video poster that scripts/assets/make-posters.mjs writes from
 * the same list (poster-widths.json): one per width below the poster's own,
 * and one at its own width.
 */
export const POSTER_WIDTHS: readonly number[] = WIDTHS;

export interface PosterSource {
  /** e.g. "/videos/hero" */
  base: string;
  width: number;
}

/** The srcset of a poster's WebP copies: "/videos/hero-poster-480.webp 480w, ...". */
export function posterSrcSet({ base, width }: PosterSource): string {
  return [...POSTER_WIDTHS.filter((w) => w < width), width].map((w) => `${base}-poster-${w}.webp ${w}w`).join(", ");
}

/**
 * The `sizes` of a poster drawn with object-fit: cover in a box at most a
 * screen wide and a screen high: as wide as the screen, or as wide as the
 * poster is when scaled to the screen's height, whichever is more. Saying only
 * "100vw" makes a phone pick a copy fitted to its width, which cover then
 * stretches to the box's height: blurred, and counted by the browser's
 * largest-contentful-paint at the copy's smaller size, so that the video's
 * first frame, drawn over it later, would become the page's largest content.
 */
export function coverSizes({ width, height }: { width: number; height: number }): string {
  return `max(100vw, ${Math.ceil((100 * width) / height)}vh)`;
}
