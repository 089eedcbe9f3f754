/**
 * Whether a page fits the viewport's width, for the browser tests
 * (tests/e2e/routes.spec.ts on every page, layout.spec.ts with the header's
 * menus open): `misfits(await page.evaluate(measureFit, false), route)` is
 * empty when the page does not scroll sideways and every visible control of
 * the header lies inside the viewport.
 */

/**
 * Widths from a small phone to a full-HD screen, the common laptop widths
 * (1280, 1366, 1440, 1536) among them. Headless Chromium on Linux draws text
 * with wider fonts than most visitors' browsers, so a header that fits here
 * fits for them too.
 */
export const WIDTHS = [360, 414, 768, 1024, 1280, 1366, 1440, 1536, 1920];
export const HEIGHT = 800;

export interface Fit {
  scrollWidth: number;
  viewport: number;
  /** The visible header controls not wholly inside the viewport, described. */
  outside: string[];
}

/**
 * Runs in the page: the document's width and the visible controls of the
 * header (links, buttons, the search field) whose box leaves the viewport.
 * `horizontalOnly` checks the left and right edges alone (the open mobile menu
 * scrolls on its own, so its lower links may lie below the fold).
 */
export function measureFit(horizontalOnly: boolean): Fit {
  const viewport = window.innerWidth;
  const header = document.querySelector('[data-testid="site-header"]');
  if (!header) throw new Error("no site header");
  const controls = Array.from(header.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])'));
  const outside = controls
    .filter((el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
    .map((el) => ({ el, box: el.getBoundingClientRect() }))
    .filter(({ box }) => box.width > 0 && box.height > 0)
    .filter(({ box }) => box.left < 0 || box.right > viewport || (!horizontalOnly && (box.top < 0 || box.bottom > window.innerHeight)))
    .map(({ el, box }) => {
      const name = (el.getAttribute("aria-label") ?? el.getAttribute("placeholder") ?? el.textContent ?? "").trim();
      return `${el.tagName.toLowerCase()} "${name}" at x ${Math.round(box.left)} to ${Math.round(box.right)}, y ${Math.round(box.top)} to ${Math.round(box.bottom)}`;
    });
  return { scrollWidth: document.documentElement.scrollWidth, viewport, outside };
}

/** What does not fit at this width, as readable lines (none when all fits). */
export function misfits(fit: Fit, what: string): string[] {
  const found = fit.outside.map((control) => `${what} at ${fit.viewport} px: ${control} leaves the viewport`);
  if (fit.scrollWidth > fit.viewport) found.unshift(`${what} at ${fit.viewport} px: the page is ${fit.scrollWidth} px wide (scrolls sideways)`);
  return found;
}
