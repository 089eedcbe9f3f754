import type { Page } from "@playwright/test";
import navigation from "../../data/navigation.json";
import { axeViolations } from "../../testkit/axe";
import { DIALOG_OPENERS, dialogOpenersBuilt, sitemapRoutes } from "../../testkit/built-site";
import { expect, test } from "../../testkit/e2e";

/**
 * axe-core over the site in the states a visitor opens: each dialog of a
 * page open, the header's menus open, the mobile menu open, and the search
 * suggestions shown. All of axe's rules run (WCAG 2.x A/AA and its best
 * practices) over the part a state changes (a dialog opened, a menu
 * expanded), since the rest of the document is checked as the page loads
 * (routes.spec.ts, every page once) and a modal dialog makes it inert, a menu
 * leaves it as it was.
 */

/** The pages of the build with dialogs (routes.spec.ts checks that every page's dialogs are the build's). */
const DIALOG_ROUTES = sitemapRoutes().filter((route) => dialogOpenersBuilt(route) > 0);

/** Runs axe over the whole document, or over the elements `include` selects. */
async function expectNoViolations(page: Page, context: string, include?: string): Promise<void> {
  expect(await axeViolations(page, { include }), `${context}: axe violations`).toEqual([]);
}

test("the check finds a violation when there is one, with and without a frame on the page", async ({ page, openHydrated }) => {
  // An image without a text alternative, added once React has taken the page over (hydration would drop it).
  await openHydrated("/about-us");
  await page.evaluate(() => {
    const image = Object.assign(document.createElement("img"), { src: "/no-such-image.png", width: 40, height: 40 });
    document.querySelector("main")?.append(image);
  });
  expect(page.frames()).toHaveLength(1);
  expect((await axeViolations(page)).join("\n")).toMatch(/^image-alt /m);
  await page.evaluate(() => document.querySelector("main")?.append(Object.assign(document.createElement("iframe"), { srcdoc: "<p>framed</p>" })));
  await expect.poll(() => page.frames().length).toBe(2);
  expect((await axeViolations(page)).join("\n")).toMatch(/^image-alt /m);
});

test("the check waits for what it analyses to fade in, not for animations elsewhere on the page", async ({ page, openHydrated }) => {
  await openHydrated("/about-us");
  const elsewhere = await page.evaluate(() => {
    // Black text on white, fading in over 2 s: read at once, it is grey on white, too faint to pass.
    const part = Object.assign(document.createElement("section"), { id: "fading-part" });
    part.style.cssText = "background: #fff; color: #000; font-size: 16px; padding: 8px";
    part.textContent = "Text that fades in";
    document.querySelector("main")?.append(part);
    part.animate([{ opacity: 0.05 }, { opacity: 1 }], { duration: 2_000 });
    // A long animation outside the part: the check does not wait for it.
    const other = document.createElement("div");
    document.querySelector("main")?.append(other);
    const moving = other.animate([{ transform: "none" }, { transform: "translateX(1px)" }], { duration: 600_000 });
    moving.id = "elsewhere";
    return moving.id;
  });
  expect(await axeViolations(page, { include: "#fading-part" })).toEqual([]);
  expect(await page.evaluate((id) => document.getAnimations().find((a) => a.id === id)?.playState, elsewhere)).toBe("running");
});

test("the pages with dialogs come from the build", () => {
  expect(DIALOG_ROUTES).toEqual(expect.arrayContaining(["/lv-installation", "/trainings"]));
});

for (const route of DIALOG_ROUTES) {
  test(`${route}: no axe violation in any dialog`, async ({ page, hydrated }) => {
    await page.goto(route);
    await hydrated();
    const openers = page.locator(DIALOG_OPENERS);
    const count = await openers.count();
    // An axe run per dialog, over the dialog: the budget grows with the page's dialogs (a service page has up to fourteen).
    test.setTimeout(60_000 + count * 15_000);
    for (let i = 0; i < count; i++) {
      const opener = openers.nth(i);
      const dialogId = await opener.getAttribute("aria-controls");
      const dialog = page.locator(`dialog#${dialogId}`);
      await opener.scrollIntoViewIfNeeded();
      await opener.click();
      await expect(dialog).toBeVisible();
      await expectNoViolations(page, `${route}, dialog ${dialogId} opened by button ${i + 1}`, `dialog#${dialogId}`);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
  });
}

/** The site header, where the menus and the search suggestions open. */
const HEADER = '[data-testid="site-header"]';

test("header menus, the mobile menu and the search suggestions: no axe violation", async ({ page, hydrated }) => {
  test.setTimeout(60_000);
  await page.goto("/about-us");
  await hydrated();
  // Every menu of the header (data/navigation.json: the entries without a page of their own).
  for (const name of navigation.header.filter((item) => !item.to).map((item) => item.label)) {
    const button = page.getByRole("banner").getByRole("button", { name, exact: true });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expectNoViolations(page, `${name} menu open`, HEADER);
    await page.keyboard.press("Escape");
  }

  await page.getByRole("combobox", { name: "Search products" }).pressSequentially("torque");
  await expect(page.getByRole("listbox", { name: "Suggested products" })).toBeVisible({ timeout: 15_000 });
  await expectNoViolations(page, "search suggestions shown", HEADER);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await hydrated();
  const burger = page.getByRole("banner").getByRole("button", { name: "Menu" });
  await burger.click();
  await expect(burger).toHaveAttribute("aria-expanded", "true");
  // The whole document: the page at a phone's width is checked here, with the menu over it.
  await expectNoViolations(page, "mobile menu open");
});

test("a product page on a phone: no axe violation", async ({ page, hydrated }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/square-drive-torque-wrench");
  await hydrated();
  await expectNoViolations(page, "product page at 390 px");
});
