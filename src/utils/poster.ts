import WIDTHS from "./poster-widths.json";

/**
 * The WebP copies of a video poster that scripts/make-posters.mjs writes from
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
