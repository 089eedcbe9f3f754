import type { Page } from "@playwright/test";
import { sitemapRoutes } from "../../testkit/built-site";
import { expect, test } from "../../testkit/e2e";
import { readJson } from "../../testkit/site-data";
import { basePath, localePath } from "../../src/shared/i18n/lang";

/**
 * The Arabic site (/ar): every page of the sitemap under /ar, as served and in Chromium. The pages' weight, axe and
 * width checks run over them with every other page of the sitemap (routes.spec.ts); here what is Arabic about them:
 * - the served HTML names its language and direction, and the hreflang pairs lead both ways with x-default;
 * - the switch leads to the same page in the other language with the same query;
 * - no English word is left on an Arabic page, outside what is meant to stay as the specification gives it
 *   (figures, model numbers, units, the company's and brands' names, acronyms) and what is marked English
 *   (lang="en": a product's English name, the documents, the API reference's link).
 */

const ROUTES = sitemapRoutes();
const ARABIC = ROUTES.filter((route) => route === "/ar" || route.startsWith("/ar/"));

/** The page's <html> start tag and its alternates (hreflang -> path), as served. */
function headOf(html: string): { html: string; alternates: Map<string, string> } {
  const alternates = new Map<string, string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*rel="alternate"[^>]*>/g)) {
    const lang = /hrefLang="([^"]+)"|hreflang="([^"]+)"/i.exec(tag);
    const href = /href="([^"]+)"/.exec(tag);
    if (lang && href) alternates.set(lang[1] ?? lang[2], new URL(href[1]).pathname);
  }
  return { html: /<html[^>]*>/.exec(html)?.[0] ?? "", alternates };
}

test("every English page of the sitemap has its Arabic twin, and the sitemap lists both", () => {
  const english = ROUTES.filter((route) => basePath(route) === route);
  expect(ARABIC.length).toBeGreaterThan(20);
  // The API reference speaks to integrators in English only.
  for (const route of english.filter((r) => r !== "/api-reference")) expect(ARABIC, route).toContain(localePath("ar", route));
  expect(ARABIC).not.toContain("/ar/api-reference");
});

test("each Arabic page is served with lang and dir, and its hreflang pairs lead both ways", async ({ request }) => {
  test.setTimeout(120_000);
  for (const route of ARABIC) {
    const english = basePath(route);
    const [ar, en] = await Promise.all([route, english].map(async (r) => headOf(await (await request.get(r)).text())));
    expect.soft(ar.html, route).toMatch(/lang="ar"/);
    expect.soft(ar.html, route).toMatch(/dir="rtl"/);
    expect.soft(en.html, english).toMatch(/lang="en"/);
    for (const head of [ar, en]) {
      expect.soft(head.alternates.get("ar"), `${route} ar`).toBe(route);
      expect.soft(head.alternates.get("en"), `${route} en`).toBe(english);
      expect.soft(head.alternates.get("x-default"), `${route} x-default`).toBe(english);
    }
  }
});

test("an unknown address under /ar is answered 404 with the Arabic page", async ({ request }) => {
  const answer = await request.get("/ar/no-such-page");
  expect(answer.status()).toBe(404);
  expect(headOf(await answer.text()).html).toMatch(/lang="ar" dir="rtl"/);
});

test("the language switch leads to the same page in the other language, with the same query", async ({ page, hydrated }) => {
  await page.goto("/search?query=torque");
  await hydrated();
  const toArabic = page.locator("header a[hreflang]");
  await expect(toArabic).toHaveAttribute("hreflang", "ar");
  await toArabic.click();
  await expect(page).toHaveURL(/\/ar\/search\?query=torque$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await hydrated();
  await page.locator("header a[hreflang]").click();
  await expect(page).toHaveURL(/\/search\?query=torque$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

/** Words that stay in Latin script on an Arabic page: units, and names the specification gives. */
const KEPT = new Set(
  [
    ...readJson<{ name: string }>("company.json").name.split(/\s+/),
    // units and their parts
    "psi", "bar", "mm", "in", "inch", "inches", "kg", "lb", "lbs", "lbf", "Nm", "ft", "m", "cm", "l", "min", "hp", "kW", "rpm", "mbar", "gpm", "GPM", "cc", "kN", "MPa", "Hz", "V", "t", "h", "s", "ton", "tons", "dB", "Ra", "ft-lbs", "ft-lb",
    // brands and networks
    "LinkedIn", "WhatsApp", "YouTube", "Facebook", "Instagram", "Google", "Maps",
  ].map((w) => w.toLowerCase()),
);

/** The visible words in Latin script on the page, outside what is marked English, with where they are. */
function latinWords(page: Page): Promise<{ word: string; text: string }[]> {
  return page.evaluate(() => {
    const found: { word: string; text: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // Marked English, or left to right on purpose (e-mail addresses, phone numbers, model numbers).
      if (!parent || parent.closest('script, style, noscript, code, pre, [lang="en"], [lang^="en-"], [dir="ltr"], [aria-hidden="true"]')) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !parent.closest(".visually-hidden")) continue;
      // E-mail addresses and web addresses are written as they are.
      const text = (node.textContent ?? "").replace(/\S+@\S+|\b[\w-]+(\.[\w-]+)+\b/g, " ");
      for (const [word] of text.matchAll(/[A-Za-z][A-Za-z'’-]*/g)) found.push({ word, text: text.trim().slice(0, 80) });
    }
    // Words a screen reader reads too: accessible names and alternative texts.
    for (const el of Array.from(document.querySelectorAll("[aria-label], img[alt], [title], input[placeholder]"))) {
      if (el.closest('[lang="en"]')) continue;
      for (const attr of ["aria-label", "alt", "title", "placeholder"]) {
        const text = (el.getAttribute(attr) ?? "").replace(/\S+@\S+|\b[\w-]+(\.[\w-]+)+\b/g, " ");
        for (const [word] of text.matchAll(/[A-Za-z][A-Za-z'’-]*/g)) found.push({ word, text: `${attr}: ${text.slice(0, 80)}` });
      }
    }
    return found;
  });
}

/** A word kept on purpose: an acronym or model (capitals and digits), a unit, a name the specification gives. */
const kept = (word: string) => /^[A-Z0-9][A-Z0-9-]*$/.test(word) || /\d/.test(word) || KEPT.has(word.toLowerCase());

for (const route of ARABIC) {
  test(`${route}: no English words left`, async ({ page }) => {
    await page.goto(route);
    const left = (await latinWords(page)).filter(({ word }) => !kept(word));
    expect(left.map(({ word, text }) => `${word} (in "${text}")`)).toEqual([]);
  });
}
