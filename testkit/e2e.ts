/**
 * The Playwright `test` of the specs that act on the page once React has
 * taken it over: `import { expect, test } from "../../testkit/e2e"`. Before
 * hydration the served HTML already shows everything, but a click, a typed
 * key or a submit reaches the browser alone (a submit is a new page load), so
 * a spec that acts waits for hydration first, through this one fixture:
 *
 *     test("…", async ({ page, hydrated }) => {
 *       await page.goto("/contact");
 *       await hydrated(); // the test's page
 *       await hydrated(page.getByTestId("map")); // one component of it
 *       await openHydrated("/careers", page.getByTestId("open-roles")); // goto, then wait
 *     });
 */
import { expect, test as base, type Locator, type Page } from "@playwright/test";

/** How long React may take to hydrate a page of the built site on a busy machine. */
export const HYDRATION_TIMEOUT_MS = 20_000;

/**
 * Waits until React has hydrated:
 * - a page (the test's own by default): Gatsby's root element carries
 *   data-hydrated="true" once the page's first render is React's
 *   (gatsby-browser.tsx, onInitialClientRender);
 * - a form of the contract (form[data-form]): its code loads when a visitor
 *   reaches for it (src/forms/island.tsx), so the pointer is passed over it
 *   first; then its data-hydrated="true", set once its effects have run;
 * - another element: its own data-hydrated="true" when it has that attribute
 *   (a component that sets it from an effect, so its handlers are in place),
 *   else React's fiber on the element (it is React's now, not the served
 *   HTML's).
 */
export type Hydrated = (target?: Page | Locator) => Promise<void>;

function isPage(target: Page | Locator): target is Page {
  return typeof (target as Page).goto === "function";
}

export async function waitForHydration(target: Page | Locator): Promise<void> {
  if (isPage(target)) {
    await expect(target.locator('#___gatsby[data-hydrated="true"]')).toHaveCount(1, { timeout: HYDRATION_TIMEOUT_MS });
    return;
  }
  if (await target.evaluate((element) => element.matches("form[data-form]"))) {
    await formReady(target);
    return;
  }
  await expect
    .poll(
      () =>
        target.evaluate((element) =>
          element.hasAttribute("data-hydrated")
            ? element.getAttribute("data-hydrated") === "true"
            : Object.keys(element).some((key) => key.startsWith("__reactFiber")),
        ),
      { timeout: HYDRATION_TIMEOUT_MS, message: "the element was not hydrated" },
    )
    .toBe(true);
}

/**
 * A form of the contract, once its code runs: once the page has hydrated, the
 * pointer passes over the form (what loads a served form's code,
 * src/forms/island.tsx; a form rendered after the page hydrated loads it at
 * once), then its data-hydrated="true". Until then it is the served HTML, its
 * button disabled.
 */
export async function formReady(form: Locator): Promise<Locator> {
  // After the page's own script has started (what listens for a visitor reaching for a form).
  await waitForHydration(form.page());
  await form.dispatchEvent("pointerover");
  await expect(form).toHaveAttribute("data-hydrated", "true", { timeout: HYDRATION_TIMEOUT_MS });
  return form;
}

/** Opens `url` in the page of `target` (the test's page by default), then waits until `target` is hydrated. */
export type OpenHydrated = (url: string, target?: Page | Locator) => Promise<void>;

export const test = base.extend<{ hydrated: Hydrated; openHydrated: OpenHydrated }>({
  hydrated: async ({ page }, provide) => {
    await provide((target = page) => waitForHydration(target));
  },
  openHydrated: async ({ page }, provide) => {
    await provide(async (url, target = page) => {
      await (isPage(target) ? target : target.page()).goto(url);
      await waitForHydration(target);
    });
  },
});

export { expect };
