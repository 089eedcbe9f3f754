/** Types of overlay.cjs: Arabic overlays (data/<path>.ar.json) merged onto their English data files. */

/** ".ar.json" */
export const OVERLAY_SUFFIX: ".ar.json";

/**
 * The Arabic document: `english` with each overlay string in place of the English
 * string at the same path; absent or null keeps the English value (as does a value of
 * another shape); keys only the overlay has are ignored. Pure: shares nothing with its arguments.
 */
export function mergeOverlay<T>(english: T, overlay: unknown): T;

/** Whether a data file is an overlay (ends in .ar.json). */
export function isOverlayFile(file: string): boolean;
/** data/about.json -> data/about.ar.json */
export function overlayFileOf(file: string): string;
/** data/about.ar.json -> data/about.json */
export function englishFileOf(file: string): string;
/** Whether a text holds an Arabic letter (digits, punctuation and diacritics alone do not count). */
export function hasArabicLetter(text: string): boolean;
