import React, { useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { Picture } from "../Picture";
import { fill } from "../../shared/utils/template";
import {
  chooseImage,
  fadeDelay,
  GALLERY_FADE_MS,
  initialGalleryState,
  isFading,
  settleImage,
  thumbnailLabel,
  type GalleryState,
} from "../../shared/utils/gallery";
import * as styles from "./Gallery.module.css";

interface GalleryProps {
  /**
   * The pictures to show, in order (chosen at build: productPictures in
   * src/shared/utils/media.ts): `id` names one on the page (data-image-id), `path`
   * its image in `images`. Empty shows `noProduct`.
   */
  pictures: readonly { id: string; path: string }[];
  /** The processed images by path, from the page query. */
  images: ReadonlyMap<string, IGatsbyImageData>;
  /** Product name for the images' alt text. */
  name: string;
  label: string;
  thumbnailTemplate: string;
  altTemplate: string;
  noProduct: string;
}

type Action = { type: "choose"; index: number; count: number } | { type: "settle" };

function reducer(state: GalleryState, action: Action): GalleryState {
  return action.type === "choose" ? chooseImage(state, action.index, action.count) : settleImage(state);
}

const THUMB_SIZES = "120px";
const MAIN_SIZES = "(min-width: 1024px) 560px, 100vw";

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Main image and thumbnails. A thumbnail click presses that thumbnail at once
 * and fades the main image out; the chosen image shows after the fade delay
 * (200 ms). Under prefers-reduced-motion there is no fade and the image
 * swaps at once, in the click's own render.
 */
export function Gallery({
  pictures,
  images,
  name,
  label,
  thumbnailTemplate,
  altTemplate,
  noProduct,
}: GalleryProps): React.ReactElement {
  const shownPictures = useMemo(() => pictures.filter((p) => images.has(p.path)), [pictures, images]);
  const [state, dispatch] = useReducer(reducer, initialGalleryState);
  const timer = useRef<number | undefined>(undefined);
  // Set once React has taken over the static HTML (thumbnails respond from then on).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const fading = isFading(state);
  useEffect(() => {
    if (!fading) return undefined;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => dispatch({ type: "settle" }), GALLERY_FADE_MS);
    return () => window.clearTimeout(timer.current);
  }, [fading, state.chosen]);

  const choose = (index: number) => {
    dispatch({ type: "choose", index, count: shownPictures.length });
    // Without motion there is no fade to wait for: the image swaps in the same render.
    if (fadeDelay(prefersReducedMotion()) === 0) dispatch({ type: "settle" });
  };

  if (shownPictures.length === 0) {
    return (
      <div className={styles.gallery} data-testid="gallery">
        <p className={styles.empty}>{noProduct}</p>
      </div>
    );
  }

  const count = shownPictures.length;
  const shown = shownPictures[Math.min(state.shown, count - 1)];
  const alt = (i: number) => fill(altTemplate, { name, n: i + 1, count });
  const main = images.get(shown.path) as IGatsbyImageData;

  return (
    <section className={styles.gallery} aria-label={label} data-testid="gallery" data-hydrated={hydrated}>
      <div className={styles.main} data-fading={fading} data-image-id={shown.id} data-testid="gallery-main">
        <Picture key={shown.id} image={main} sizes={MAIN_SIZES} alt={alt(state.shown)} loading="eager" priority="high" className={styles.mainImage} />
      </div>
      {count > 1 && (
        <ul className={styles.thumbs}>
          {shownPictures.map(({ id, path }, i) => {
            const image = images.get(path) as IGatsbyImageData;
            return (
              <li key={id}>
                <button
                  type="button"
                  className={styles.thumb}
                  aria-pressed={state.chosen === i}
                  aria-label={thumbnailLabel(thumbnailTemplate, i, count)}
                  onClick={() => choose(i)}
                >
                  <Picture image={image} sizes={THUMB_SIZES} alt="" className={styles.thumbImage} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
