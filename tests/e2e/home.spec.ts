import { expect, test, type Locator, type Page } from "@playwright/test";
import home from "../../data/home.json";
import { CAROUSEL_AUTOPLAY_MS } from "../../src/utils/carousel";
import { HYDRATION_TIMEOUT_MS } from "../../testkit/e2e";

// What the page shows comes from data/home.json: an editor may add or remove a figure, a review or a logo.
const FIGURES = home.figures.items.map(({ value, label }) => [value, label] as const);
const VALUE_BLOCKS = home.values.items.map((item) => item.title);
const SLIDES = home.testimonials.items.length;
/** How many slides the carousel shows at once on a wide screen (the specification's behaviour). */
const IN_VIEW = 3;
const START = new Date("2026-01-05T08:00:00Z");

/**
 * Opens the home page with the page's clock frozen (install, then pauseAt,
 * before goto): time moves only with clock.runFor. The page loads in small
 * steps until it is hydrated.
 */
async function openWithClock(page: Page): Promise<Locator> {
  // With no more reviews than fit on a wide screen nothing moves in or out of view: the rotation tests have nothing to watch.
  test.skip(SLIDES <= IN_VIEW, `the carousel rotates only with more than ${IN_VIEW} reviews; data/home.json has ${SLIDES}`);
  await page.clock.install({ time: START });
  await page.clock.pauseAt(new Date(START.getTime() + 1000));
  await page.goto("/");
  const carousel = page.getByRole("region", { name: home.testimonials.labels.region });
  await expect
    .poll(async () => {
      const state = await carousel.getAttribute("data-autoplay");
      if (state === "pending") await page.clock.runFor(10);
      return state;
    }, { timeout: HYDRATION_TIMEOUT_MS, message: "the carousel was not hydrated" })
    .not.toBe("pending");
  return carousel;
}

/** Pauses and plays again, so the rotation's timer starts now: the next step is due in exactly CAROUSEL_AUTOPLAY_MS. */
async function restartRotation(carousel: Locator): Promise<void> {
  await carousel.getByRole("button", { name: home.testimonials.labels.pause }).click();
  await carousel.getByRole("button", { name: home.testimonials.labels.play }).click();
  await expect(carousel).toHaveAttribute("data-autoplay", "running");
}

/** The accessible label of slide `index` (0-based), as the page words it ("2 of 5"). */
const label = (index: number): string => home.testimonials.labels.slide.replace("{current}", String(index + 1)).replace("{total}", String(SLIDES));

/** Labels of `count` slides, starting from `first` (0-based) and wrapping round. */
function from(first: number, count: number): string[] {
  return Array.from({ length: count }, (_, k) => label((((first + k) % SLIDES) + SLIDES) % SLIDES));
}

/** The labels of the slides in view, left to right. */
function slidesInView(carousel: Locator): Promise<string[]> {
  return carousel.locator('[aria-roledescription="slide"][aria-hidden="false"]').evaluateAll((slides) =>
    slides
      .map((s) => ({ label: s.getAttribute("aria-label") ?? "", slot: Number((s as HTMLElement).style.getPropertyValue("--carousel-slot")) }))
      .sort((a, b) => a.slot - b.slot)
      .map((s) => s.label),
  );
}

test.describe("home page: static HTML", () => {
  test("has the hero, the four figures, the value blocks, the reviews, the logos and Custom Solutions without JavaScript", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${home.hero.headline}</h1>`));
    expect(html).toContain(home.hero.intro.replace(/&/g, "&amp;"));
    expect(html).toContain("/videos/hero-poster.jpg");
    for (const [value, label] of FIGURES) {
      expect(html).toContain(`>${value}</span>`);
      expect(html).toContain(`>${label}</span>`);
    }
    for (const title of VALUE_BLOCKS) expect(html).toContain(`>${title}</h3>`);
    expect(home.testimonials.items.length).toBeGreaterThan(0);
    for (const t of home.testimonials.items) {
      expect(html).toContain(t.review);
      expect(html).toContain(t.name);
      expect(html).toContain(t.company);
    }
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html).toContain(`>${home.trustedBy.heading}</h2>`);
    for (const logo of home.trustedBy.logos) expect(html).toContain(`alt="${logo.alt}"`);
    expect(html).toContain(`>${home.customSolutions.heading}</h2>`);
    expect(html).toMatch(/<a[^>]+href="\/contact"[^>]*>Contact Us<\/a>/);
  });
});

test.describe("home page", () => {
  test("hero shows the headline over the hero video poster, at a fixed minimum height", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: home.hero.headline })).toBeVisible();
    const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
    await expect(hero.locator('img[src="/videos/hero-poster.jpg"]')).toHaveAttribute("width", "1280");
    expect((await hero.boundingBox())!.height).toBeGreaterThanOrEqual(540);
    await expect(hero.getByRole("link", { name: home.hero.cta.label })).toHaveAttribute("href", home.hero.cta.to);
  });

  test("shows the figures with their labels and the value blocks", async ({ page }) => {
    await page.goto("/");
    const figures = page.getByTestId("home-figure");
    await expect(figures).toHaveCount(FIGURES.length);
    for (const [i, [value, label]] of FIGURES.entries()) {
      await expect(figures.nth(i)).toHaveText(`${value}${label}`);
    }
    for (const title of VALUE_BLOCKS) {
      await expect(page.getByRole("heading", { level: 3, name: title })).toBeVisible();
    }
  });

  test("the carousel is labelled as a carousel of one slide per review, 3 of them in view at 1280 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const carousel = await openWithClock(page);
    await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(SLIDES);
    for (let i = 0; i < SLIDES; i++) await expect(slides.nth(i)).toHaveAttribute("aria-label", label(i));
    expect(await slidesInView(carousel)).toEqual(from(0, IN_VIEW));
    // Only the slides in view are exposed, visible and focusable.
    await expect(carousel.getByRole("group")).toHaveCount(IN_VIEW);
    for (let i = 0; i < IN_VIEW; i++) await expect(slides.nth(i)).toBeVisible();
    for (let i = IN_VIEW; i < SLIDES; i++) {
      await expect(slides.nth(i)).toBeHidden();
      await expect(slides.nth(i)).toHaveAttribute("aria-hidden", "true");
      await expect(slides.nth(i)).toHaveAttribute("inert", "");
    }
    // Three slides side by side on one line, 20 px apart.
    const box = async (i: number) => (await slides.nth(i).boundingBox())!;
    for (const i of [0, 1]) expect((await box(i + 1)).x - ((await box(i)).x + (await box(i)).width)).toBeCloseTo(20, 0);
    expect((await box(0)).y).toBe((await box(2)).y);
  });

  test("the carousel advances by one slide every 2000 ms", async ({ page }) => {
    const carousel = await openWithClock(page);
    await expect(carousel).toHaveAttribute("data-autoplay", "running");
    await restartRotation(carousel);
    expect(await slidesInView(carousel)).toEqual(from(0, 3));
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS - 1);
    expect(await slidesInView(carousel)).toEqual(from(0, 3));
    await page.clock.runFor(1);
    await expect.poll(() => slidesInView(carousel)).toEqual(from(1, 3));
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS - 1);
    expect(await slidesInView(carousel)).toEqual(from(1, 3));
    await page.clock.runFor(1);
    await expect.poll(() => slidesInView(carousel)).toEqual(from(2, 3));
  });

  test("the carousel wraps round after the last slide", async ({ page }) => {
    const carousel = await openWithClock(page);
    await restartRotation(carousel);
    // One step per slide brings the first back in front, one more moves on again.
    for (let step = 1; step <= SLIDES + 1; step++) {
      await page.clock.runFor(CAROUSEL_AUTOPLAY_MS);
      await expect.poll(() => slidesInView(carousel)).toEqual(from(step, 3));
    }
    // The slide that left is hidden once its movement has ended.
    await expect(carousel.locator(`[aria-label="${label(0)}"]`)).toBeHidden();
  });

  test("hovering the carousel does not pause it", async ({ page }) => {
    const carousel = await openWithClock(page);
    await restartRotation(carousel);
    await carousel.locator(`[aria-label="${label(1)}"]`).hover();
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS);
    await expect.poll(() => slidesInView(carousel)).toEqual(from(1, 3));
    await carousel.locator(`[aria-label="${label(2)}"]`).hover();
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS);
    await expect.poll(() => slidesInView(carousel)).toEqual(from(2, 3));
    await expect(carousel).toHaveAttribute("data-autoplay", "running");
  });

  test("the pause button stops the rotation and the play button resumes it", async ({ page }) => {
    const carousel = await openWithClock(page);
    await carousel.getByRole("button", { name: home.testimonials.labels.pause }).click();
    const play = carousel.getByRole("button", { name: home.testimonials.labels.play });
    await expect(play).toBeVisible();
    await expect(carousel).toHaveAttribute("data-autoplay", "paused");
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS * 3);
    expect(await slidesInView(carousel)).toEqual(from(0, 3));
    await play.click();
    await expect(carousel.getByRole("button", { name: home.testimonials.labels.pause })).toBeVisible();
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS);
    await expect.poll(() => slidesInView(carousel)).toEqual(from(1, 3));
  });

  test("previous and next move one slide at a time, round the ends", async ({ page }) => {
    const carousel = await openWithClock(page);
    const next = carousel.getByRole("button", { name: home.testimonials.labels.next });
    const previous = carousel.getByRole("button", { name: home.testimonials.labels.previous });
    await previous.click();
    await expect.poll(() => slidesInView(carousel)).toEqual(from(-1, 3));
    await previous.click();
    await expect.poll(() => slidesInView(carousel)).toEqual(from(-2, 3));
    for (let i = 0; i < 3; i++) await next.click();
    await expect.poll(() => slidesInView(carousel)).toEqual(from(1, 3));
    // Once the movement ends the slides sit left to right in that order, the first hidden.
    await expect(carousel.locator(`[aria-label="${label(0)}"]`)).toBeHidden();
    for (const shown of from(1, 3)) await expect(carousel.locator(`[aria-label="${shown}"]`)).toBeVisible();
    const x = async (shown: string) => (await carousel.locator(`[aria-label="${shown}"]`).boundingBox())!.x;
    const [second, third, fourth] = from(1, 3);
    await expect.poll(async () => (await x(second)) < (await x(third)) && (await x(third)) < (await x(fourth))).toBe(true);
    // A move by hand restarts the timer: the next automatic step comes a full interval later.
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS - 1);
    expect(await slidesInView(carousel)).toEqual(from(1, 3));
    await page.clock.runFor(1);
    await expect.poll(() => slidesInView(carousel)).toEqual(from(2, 3));
  });

  test("under prefers-reduced-motion the carousel does not rotate by itself", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    const carousel = await openWithClock(page);
    await expect(carousel).toHaveAttribute("data-autoplay", "paused");
    await expect(carousel.getByRole("button", { name: home.testimonials.labels.play })).toBeVisible();
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS * 5);
    expect(await slidesInView(carousel)).toEqual(from(0, 3));
    // The buttons still work.
    await carousel.getByRole("button", { name: home.testimonials.labels.next }).click();
    await expect.poll(() => slidesInView(carousel)).toEqual(from(1, 3));
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS * 2);
    expect(await slidesInView(carousel)).toEqual(from(1, 3));
    await context.close();
  });

  test("shows 2 slides on medium screens and 1 on small ones, still moving one at a time", async ({ browser }) => {
    for (const [width, visible] of [
      [800, 2],
      [390, 1],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const carousel = await openWithClock(page);
      await restartRotation(carousel);
      expect(await slidesInView(carousel)).toEqual(from(0, visible));
      await expect(carousel.getByRole("group")).toHaveCount(visible);
      await page.clock.runFor(CAROUSEL_AUTOPLAY_MS);
      await expect.poll(() => slidesInView(carousel)).toEqual(from(1, visible));
      await context.close();
    }
  });

  test("the Trusted By strip has every logo of the data, with its alt text", async ({ page }) => {
    await page.goto("/");
    const strip = page.getByRole("region", { name: home.trustedBy.heading });
    const logos = strip.getByRole("img");
    await expect(logos).toHaveCount(home.trustedBy.logos.length);
    for (const [i, logo] of home.trustedBy.logos.entries()) await expect(logos.nth(i)).toHaveAttribute("alt", logo.alt);
  });

  test("Contact Us in the Custom Solutions block leads to /contact", async ({ page }) => {
    await page.goto("/");
    const block = page.getByRole("region", { name: "Custom Solutions" });
    await block.getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});
