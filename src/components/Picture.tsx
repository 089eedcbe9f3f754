import React from "react";
import type { IGatsbyImageData, ImageDataLike } from "gatsby-plugin-image";
import { mainImageAttributes } from "../shared/utils/main-image";
import * as styles from "./Picture.module.css";

/**
 * An image processed at build by gatsby-plugin-image (sizes, AVIF/WebP and a
 * dominant-colour placeholder) rendered as plain HTML: <picture> with its
 * sources, width and height reserved so nothing shifts, native lazy loading.
 * Its wrappers are spans (shown as blocks), so it may sit where only phrasing
 * content may, such as inside a button (the gallery's thumbnails).
 *
 * The plugin's own <GatsbyImage> fetches a chunk with react-dom/server in the
 * browser on every page that shows an image (about 21 KB gzipped, gatsbyjs/
 * gatsby#37281) to support browsers without native lazy loading; every
 * browser this site supports has it, so this component needs no script at all.
 */
interface PictureProps {
  image: IGatsbyImageData;
  alt: string;
  /** On the wrapper, as GatsbyImage's className. */
  className?: string;
  /** "eager" for an image above the fold; the default waits until it nears the viewport. */
  loading?: "lazy" | "eager";
  /** "high" for the page's largest image above the fold (its LCP element). */
  priority?: "high" | "auto";
  /** Overrides the `sizes` hint given at build. */
  sizes?: string;
  objectFit?: "cover" | "contain";
  style?: React.CSSProperties;
}

/** The processed image of a File node (what the plugin's getImage does, without importing the plugin's browser bundle). */
export function imageOf(node: ImageDataLike | null | undefined): IGatsbyImageData | undefined {
  if (!node) return undefined;
  if ("images" in node && "layout" in node) return node as IGatsbyImageData;
  const data = node as { gatsbyImageData?: IGatsbyImageData; childImageSharp?: { gatsbyImageData?: IGatsbyImageData } | null };
  return data.gatsbyImageData ?? data.childImageSharp?.gatsbyImageData ?? undefined;
}

/** An empty SVG of the image's size: gives a constrained wrapper its intrinsic width and ratio, as GatsbyImage does. */
function sizerSvg(width: number, height: number): string {
  return `data:image/svg+xml;charset=utf-8,%3Csvg height='${height}' width='${width}' xmlns='http://www.w3.org/2000/svg' version='1.1'%3E%3C/svg%3E`;
}

export function Picture({ image, alt, className, loading = "lazy", priority = "auto", sizes, objectFit = "cover", style }: PictureProps): React.ReactElement {
  const { width, height, layout, backgroundColor, images } = image;
  // The plugin gives a constrained image's height as width / aspect ratio, unrounded (426.99999999999994); HTML sizes are whole pixels.
  const [pixelWidth, pixelHeight] = [Math.round(width), Math.round(height)];
  const fallback = images.fallback;
  const hint = sizes ?? fallback?.sizes;
  const wrapperStyle: React.CSSProperties = { backgroundColor, ...(layout === "fixed" ? { width, height } : {}), ...style };
  // React 18 does not know fetchPriority yet: the lowercase attribute passes through as is. The
  // page's one high-priority image is its main image, which its scripts wait for (after-paint.ts).
  const fetchPriority = priority === "high" ? { fetchpriority: "high", ...mainImageAttributes } : {};
  return (
    <span className={`${styles.wrapper} ${styles[layout]} ${className ?? ""}`} style={wrapperStyle}>
      {layout === "fullWidth" && <span aria-hidden="true" className={styles.sizer} style={{ paddingTop: `${(height / width) * 100}%` }} />}
      {layout === "constrained" && (
        <span className={styles.sizer} style={{ maxWidth: width }}>
          <img alt="" aria-hidden="true" src={sizerSvg(pixelWidth, pixelHeight)} className={styles.sizerImage} />
        </span>
      )}
      <picture>
        {images.sources?.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={hint} />
        ))}
        <img
          data-main-image=""
          className={styles.image}
          src={fallback?.src}
          srcSet={fallback?.srcSet}
          sizes={hint}
          width={pixelWidth}
          height={pixelHeight}
          alt={alt}
          loading={loading}
          // An image above the fold is decoded with the frame that paints it.
          decoding={loading === "eager" ? undefined : "async"}
          style={{ objectFit }}
          {...fetchPriority}
        />
      </picture>
    </span>
  );
}
