/**
 * The testimonial carousel's constants and the pure index
 * arithmetic behind it, kept free of React so it can be unit-tested.
 */

/** Slides in view on large screens: 3. */
export const CAROUSEL_VISIBLE = 3;
/** Slides moved per step: 1. */
export const CAROUSEL_SCROLL = 1;
/** Time between two automatic steps, in milliseconds: 2000. */
export const CAROUSEL_AUTOPLAY_MS = 2000;
/** Space between two slides, in CSS pixels: 20. */
export const CAROUSEL_GAP_PX = 20;
/** Duration of the sliding movement, in milliseconds (shorter than the autoplay interval). */
export const CAROUSEL_TRANSITION_MS = 500;

/**
 * Slides in view by viewport width: 1 on small screens, 2 on medium ones,
 * CAROUSEL_VISIBLE from the large breakpoint on. Ordered by minWidth, largest first.
 */
export const CAROUSEL_BREAKPOINTS: readonly { minWidth: number; visible: number }[] = [
  { minWidth: 1024, visible: CAROUSEL_VISIBLE },
  { minWidth: 640, visible: 2 },
  { minWidth: 0, visible: 1 },
];

/** Where the slides that are out of view wait: on the left or on the right of the visible ones. */
export type HiddenSide = "left" | "right";

/** A modulo that is never negative: mod(-1, 4) === 3. */
export function mod(n: number, m: number): number {
  return ((n % m) + m) % m;
}

/** The index after `index`, `step` slides on, wrapping round after the last slide. */
export function nextIndex(index: number, count: number, step: number = CAROUSEL_SCROLL): number {
  if (count <= 0) return 0;
  return mod(index + step, count);
}

/** The index before `index`, `step` slides back, wrapping round before the first slide. */
export function prevIndex(index: number, count: number, step: number = CAROUSEL_SCROLL): number {
  if (count <= 0) return 0;
  return mod(index - step, count);
}

/** How many slides are in view at a viewport width (never more than there are slides). */
export function visibleCountForWidth(width: number, count: number = Infinity): number {
  const match = CAROUSEL_BREAKPOINTS.find((b) => width >= b.minWidth);
  return Math.max(1, Math.min(match ? match.visible : 1, count));
}

/** Whether the slides can move at all: only when some of them are out of view. */
export function canScroll(count: number, visible: number): boolean {
  return count > visible;
}

/** The slide's place counted from the first slide in view: 0 is the first, 1 the second ... */
export function slideOffset(slide: number, index: number, count: number): number {
  return mod(slide - index, count);
}

/** Whether a slide is in view when `index` is the first slide shown. */
export function isInView(slide: number, index: number, count: number, visible: number): boolean {
  return slideOffset(slide, index, count) < Math.min(visible, count);
}

/** The indices in view, in order, wrapping round: visibleSlides(2, 4, 3) is [2, 3, 0]. */
export function visibleSlides(index: number, count: number, visible: number): number[] {
  const n = Math.min(visible, count);
  return Array.from({ length: n }, (_, k) => mod(index + k, count));
}

/**
 * The horizontal slot of a slide, in slide widths (plus gaps) from the left edge
 * of the view: 0 .. visible-1 are in view; slides out of view wait on `side`
 * (slots >= visible on the right, negative slots on the left). Moving the
 * index by one changes the slot of every slide by exactly one when the hidden
 * slides wait on the side the next slide comes in from, so only slides in view
 * or just leaving it ever move on screen.
 */
export function slidePosition(slide: number, index: number, count: number, visible: number, side: HiddenSide): number {
  const offset = slideOffset(slide, index, count);
  if (offset < visible || side === "right") return offset;
  return offset - count;
}

/** The side hidden slides must wait on before a move in `direction` (+1 forward, -1 back). */
export function sideBefore(direction: 1 | -1): HiddenSide {
  return direction === 1 ? "right" : "left";
}

/** The side hidden slides end up on after a move in `direction`: where the slide that left went. */
export function sideAfter(direction: 1 | -1): HiddenSide {
  return direction === 1 ? "left" : "right";
}

/** Fills "{current} of {total}" style templates. */
export function slideLabel(template: string, slide: number, count: number): string {
  return template.replace("{current}", String(slide + 1)).replace("{total}", String(count));
}
