import navigation from "../../data/navigation.json";

/** The header's menus (entries without a page of their own) and their links, from data/navigation.json. */
const MENUS = navigation.header.filter((item) => !item.to);
/** The menu that leads to the product categories. */
const CATEGORY_PAGES = categoriesData().map((category) => `/${category.slug}`);
const PRODUCTS_MENU = MENUS.find((menu) => menu.children.some((child) => CATEGORY_PAGES.includes(child.to)))!;
import { formatGst } from "../../src/utils/clock";
import { expect, test } from "../../testkit/e2e";
import { categoriesData } from "../../testkit/site-data";
import { HEIGHT, measureFit, misfits, WIDTHS } from "../../testkit/fit";

test.describe("shared header", () => {
  test("menus open from the keyboard, move with arrows and close with Escape", async ({ page, openHydrated }) => {
    await openHydrated("/");
    const products = page.getByRole("button", { name: PRODUCTS_MENU.label, exact: true });
    await products.focus();
    await expect(products).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(products).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`[id="${await products.getAttribute("aria-controls")}"]`);
    await expect(menu.getByRole("link")).toHaveText(PRODUCTS_MENU.children.map((child) => child.label));
    await page.keyboard.press("Escape");
    await expect(products).toHaveAttribute("aria-expanded", "false");
    await expect(products).toBeFocused();

    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("link").nth(1)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("link").last()).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/on-site-atex-machining$/);
  });

  test("every header link points to its page", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const hrefs = await nav.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    // data/navigation.json: an entry with a page, or a menu of its children's pages.
    expect(hrefs).toEqual(navigation.header.flatMap((item) => (item.to ? [item.to] : item.children.map((child) => child.to))));
    await expect(page.getByTestId("site-header").getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
  });

  test("the search box widens on hover and on focus", async ({ page, openHydrated }) => {
    await openHydrated("/");
    const input = page.getByRole("combobox", { name: "Search products" });
    const narrow = (await input.boundingBox())!.width;
    await input.hover();
    await expect.poll(async () => (await input.boundingBox())!.width).toBeGreaterThan(narrow + 40);
    await page.mouse.move(0, 600);
    await expect.poll(async () => (await input.boundingBox())!.width).toBeLessThan(narrow + 1);
    await input.focus();
    await expect.poll(async () => (await input.boundingBox())!.width).toBeGreaterThan(narrow + 40);
  });

  test("the search box ignores blank text and sends the query on Enter", async ({ page, openHydrated }) => {
    await openHydrated("/");
    const entries = await page.evaluate(() => history.length);
    const input = page.getByRole("combobox", { name: "Search products" });
    await input.fill("   ");
    await input.press("Enter");
    await input.fill("torque wrench");
    await input.press("Enter");
    await expect(page).toHaveURL(/\/search\?query=torque\+wrench$/);
    // One navigation, the query's: the blank Enter before it went nowhere.
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  });

  test("the GST clock shows Asia/Dubai time whatever the visitor's zone", async ({ browser }) => {
    for (const timezoneId of ["America/New_York", "Asia/Tokyo"]) {
      const context = await browser.newContext({ timezoneId });
      const page = await context.newPage();
      const fixed = new Date("2026-11-22T05:07:30Z");
      await page.clock.install({ time: fixed });
      await page.goto("/");
      const clock = page.getByTestId("gst-clock");
      await expect(clock).toHaveText(`GST ${formatGst(fixed)}`);
      await expect(clock).toHaveText("GST 09:07 AM");
      // The minute turns over 30 s later, and again 60 s after that.
      await page.clock.runFor(31_000);
      await expect(clock).toHaveText("GST 09:08 AM");
      await page.clock.runFor(60_000);
      await expect(clock).toHaveText("GST 09:09 AM");
      await context.close();
    }
  });

  test("the navbar turns translucent and shadowed past 50 px of scroll", async ({ page, openHydrated }) => {
    await openHydrated("/");
    const header = page.getByTestId("site-header");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    const shadowBefore = await header.evaluate((el) => getComputedStyle(el).boxShadow);
    expect(shadowBefore).toBe("none");
    await page.evaluate(() => window.scrollTo(0, 51));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    // Shadow and background change through a transition: each is waited for, not read once.
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/rgba\(.*0\.\d+\)/);
    // 50 px is not past 50: back to plain.
    await page.evaluate(() => window.scrollTo(0, 50));
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });

  test("on a narrow screen the menu sits behind a menu button", async ({ browser, openHydrated }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await openHydrated("/", page);
    const burger = page.getByRole("button", { name: "Menu" });
    await expect(burger).toBeVisible();
    await expect(page.getByRole("link", { name: "Manufacturing" })).toBeHidden();
    await burger.click();
    await expect(burger).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("button", { name: "Services", exact: true }).click();
    await page.getByRole("link", { name: "Trainings" }).click();
    await expect(page).toHaveURL(/\/trainings$/);
    await context.close();
  });
});

// Every page at each width as it loads: routes.spec.ts. Here, the header in the states a visitor opens.
test.describe(`the header from ${WIDTHS[0]} to ${WIDTHS[WIDTHS.length - 1]} px wide`, () => {
  for (const route of ["/", "/about-us"]) {
    test(`${route}: the header still fits with the search widened, a menu open or the mobile menu open`, async ({ page, openHydrated }) => {
      test.setTimeout(180_000);
      // No transitions: each state is measured as it ends, not halfway through its animation.
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
      await openHydrated(route);
      const header = page.getByTestId("site-header");
      const burger = header.getByRole("button", { name: "Menu" });
      const search = header.getByRole("combobox", { name: "Search products" });
      const menus = MENUS.map(({ label }) => header.getByRole("button", { name: label, exact: true }));
      const found: string[] = [];
      let collapsed = 0;
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        const mobile = await burger.isVisible();
        if (mobile) {
          collapsed++;
          await burger.click();
          await expect(burger).toHaveAttribute("aria-expanded", "true");
        }
        const where = mobile ? `${route}, mobile menu open` : route;
        await search.focus();
        found.push(...misfits(await page.evaluate(measureFit, mobile), `${where}, search widened`));
        await search.blur();
        for (const menu of menus) {
          await menu.focus();
          await page.keyboard.press("Enter");
          await expect(menu).toHaveAttribute("aria-expanded", "true");
          found.push(...misfits(await page.evaluate(measureFit, mobile), `${where}, ${await menu.textContent()} list open`));
          await page.keyboard.press("Escape");
          await expect(menu).toHaveAttribute("aria-expanded", "false");
        }
        if (mobile) {
          await burger.click();
          await expect(burger).toHaveAttribute("aria-expanded", "false");
        }
      }
      // Both layouts were seen: the collapsed menu on phones, the full bar on wide screens.
      expect(collapsed).toBeGreaterThan(0);
      expect(collapsed).toBeLessThan(WIDTHS.length);
      expect(found).toEqual([]);
    });
  }
});

test.describe("footer", () => {
  test("has the company links, placeholders and every social link", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    // data/navigation.json: a page's link, or a placeholder shown as text, not as a link.
    for (const link of navigation.footer.columns.flatMap((column) => column.links)) {
      if (link.placeholder) {
        await expect(footer.getByText(link.label)).toBeVisible();
        await expect(footer.getByRole("link", { name: link.label })).toHaveCount(0);
      } else {
        await expect(footer.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.to);
      }
    }
    const social = footer.getByRole("list", { name: "Social media" });
    await expect(social.getByRole("listitem")).toHaveCount(navigation.social.length);
    for (const { label } of navigation.social) {
      await expect(social.getByRole("img", { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`) })).toBeVisible();
    }
  });
});

test.describe("server", () => {
  test("unknown paths answer 404 with the site's 404 page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });

  test("/home leads to the home page", async ({ page }) => {
    const response = await page.goto("/home");
    expect(new URL(page.url()).pathname).toBe("/");
    expect(response?.status()).toBe(200);
  });
});

test.describe("video posters", () => {
  test("on a phone, each poster is fetched large enough to cover its box, not stretched, and its video stays inside it", async ({ browser }) => {
    // Lighthouse's phone: a stretched copy blurs and counts smaller than the video's first frame drawn over it later.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
    const page = await context.newPage();
    for (const route of ["/", "/trainings", "/controlled-bolting-hydraulic-equipments", "/on-site-atex-machining"]) {
      await page.goto(route);
      const poster = page.locator('main img[src^="/videos/"]').first();
      await expect(poster).toHaveJSProperty("complete", true);
      const fit = await poster.evaluate((img: HTMLImageElement) => {
        const box = img.getBoundingClientRect();
        return { src: img.currentSrc, natural: [img.naturalWidth, img.naturalHeight], box: [Math.round(box.width), Math.round(box.height)] };
      });
      expect(fit.src, route).toMatch(/-poster-\d+\.webp$/);
      expect(fit.natural[0], `${route} ${JSON.stringify(fit)}`).toBeGreaterThanOrEqual(fit.box[0]);
      expect(fit.natural[1], `${route} ${JSON.stringify(fit)}`).toBeGreaterThanOrEqual(fit.box[1]);

      // Once it plays, the video lies 1 px inside the poster: never measured larger, it never takes over as the largest paint.
      const video = page.locator("main video");
      await expect(video).toHaveAttribute("data-playing", "true", { timeout: 10_000 });
      const [outer, inner] = await Promise.all([poster.boundingBox(), video.boundingBox()]);
      expect(inner!.x - outer!.x).toBeCloseTo(1, 1);
      expect(inner!.y - outer!.y).toBeCloseTo(1, 1);
      expect(outer!.width - inner!.width).toBeCloseTo(2, 1);
      expect(outer!.height - inner!.height).toBeCloseTo(2, 1);
    }
    await context.close();
  });
});
