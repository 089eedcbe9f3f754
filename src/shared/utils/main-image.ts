/**
 * Marks the image that is a page's largest content (the Element Timing
 * attribute): the page's scripts are fetched once the browser reports it on
 * screen (src/build/site-files/after-paint.ts). One per page, above the fold.
 */
export const MAIN_IMAGE_TIMING = "main-image";

/** React 18 does not know elementtiming: the lowercase attribute passes through as is. */
export const mainImageAttributes: Record<string, string> = { elementtiming: MAIN_IMAGE_TIMING };
