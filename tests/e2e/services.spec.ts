import type { APIRequestContext, Locator, Page } from "@playwright/test";
import manufacturing from "../../data/manufacturing.json";
import procurement from "../../data/procurement-project-management.json";
import lv from "../../data/lv-installation.json";
import trainings from "../../data/trainings.json";
import { expect, test, waitForHydration } from "../../testkit/e2e";
import { watchPageProblems } from "../../testkit/built-site";

/** Text of every <hN> in a static HTML page, tags stripped and entities decoded. */
function headings(html: string, level: number): string[] {
  const re = new RegExp(`<h${level}[^>]*>([\\s\\S]*?)</h${level}>`, "g");
  return [...html.matchAll(re)].map((m) => decode(m[1].replace(/<[^>]+>/g, "")).trim());
}

function decode(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

async function staticHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return response.text();
}

/**
 * Opens a modal with `opener` once React has hydrated the page (a click on the
 * server-rendered button does nothing yet), and returns the dialog.
 */
async function openModal(page: Page, opener: Locator, title: string): Promise<Locator> {
  await waitForHydration(page);
  await opener.click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

// The cards are content: their titles, buttons and form slots come from the data files.
const LV_TITLES = lv.cards.map((card) => card.title);
const TRAINING_CARDS = trainings.cards.map((card) => ({ title: card.title, button: card.button, slot: card.form }));

test.describe("static HTML (no JavaScript needed)", () => {
  test("manufacturing has its headings, its areas and the demo form slot", async ({ request }) => {
    const html = await staticHtml(request, "/manufacturing");
    expect(headings(html, 1)).toEqual(["Manufacturing"]);
    expect(headings(html, 2)).toEqual(expect.arrayContaining(["Schedule a demo", manufacturing.capabilities.heading]));
    expect(headings(html, 3)).toEqual(manufacturing.capabilities.items.map((item) => item.title));
    expect(html).toContain('data-form="demo_form"');
    expect(html).toMatch(/<img[^>]+alt="Drawing of a machined flange/);
  });

  test("procurement has every card and every modal's offerings", async ({ request }) => {
    const html = await staticHtml(request, "/procurement-project-management");
    expect(headings(html, 1)).toEqual(["Procurement and Project Management"]);
    const h3 = headings(html, 3).filter((h) => h !== procurement.offeringsHeading);
    expect(h3).toEqual(procurement.cards.map((card) => card.title));
    for (const card of procurement.cards) {
      expect(headings(html, 2)).toContain(card.title); // the modal's title
      for (const offering of card.offerings) expect(decode(html)).toContain(offering);
    }
  });

  test("low-voltage installation has its cards in order and the two panels", async ({ request }) => {
    const html = await staticHtml(request, "/lv-installation");
    expect(headings(html, 1)).toEqual(["Low-Voltage Installation"]);
    expect(headings(html, 3)).toEqual(LV_TITLES);
    expect(headings(html, 2)).toEqual(expect.arrayContaining(["Value-Added Benefits", "What Sets Us Apart", ...LV_TITLES]));
    for (const card of lv.cards) expect(decode(html)).toContain(card.summary);
  });

  test("trainings has the heading, its cards and their form slots", async ({ request }) => {
    const html = await staticHtml(request, "/trainings");
    expect(headings(html, 1)).toEqual(["Trainings"]);
    expect(headings(html, 3)).toEqual(TRAINING_CARDS.map((c) => c.title));
    for (const card of TRAINING_CARDS) {
      expect(html).toContain(`>${card.button}</button>`);
      expect(html).toContain(`data-form="${card.slot}"`);
    }
    expect(html).toContain('src="/videos/trainings-poster.jpg"');
    expect(html).not.toMatch(/<video/);
  });
});

test.describe("manufacturing", () => {
  test("the hero link leads to the demo section, its form drawn and working (its code loaded then, if not before)", async ({ page, hydrated }) => {
    const { errors } = watchPageProblems(page);
    await page.goto("/manufacturing");
    await hydrated();
    await page.getByRole("main").getByRole("link", { name: "Schedule a demo" }).click();
    await expect(page).toHaveURL(/#schedule-a-demo$/);
    await expect(page.getByRole("heading", { level: 2, name: "Schedule a demo" })).toBeInViewport();
    const form = page.locator('[data-form="demo_form"]');
    await expect(form).toBeVisible();
    await expect(form).toHaveAttribute("data-hydrated", "true");
    await expect(form.getByLabel("First name")).toBeEditable();
    expect(errors).toEqual([]);
  });
});

test.describe("procurement and project management", () => {
  test("each card opens its offerings; close button, backdrop and Escape close it and focus returns", async ({
    page,
  }) => {
    test.slow(); // three open/close cycles per card
    await page.goto("/procurement-project-management");
    const list = page.getByRole("list", { name: procurement.servicesHeading });
    await expect(list.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) })).toHaveCount(procurement.cards.length);

    for (const card of procurement.cards) {
      const opener = page.getByRole("button", { name: `${procurement.buttonLabel}: ${card.title}` });
      await expect(opener).toHaveText(procurement.buttonLabel);
      await expect(opener).toHaveAttribute("aria-controls", `offerings-${card.id}`);

      // 1. close button
      let dialog = await openModal(page, opener, card.title);
      await expect(dialog.getByRole("listitem")).toHaveText(card.offerings);
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();

      // 2. backdrop: a click near a corner of the viewport, outside the dialog
      dialog = await openModal(page, opener, card.title);
      const viewport = page.viewportSize()!;
      await page.mouse.click(8, viewport.height - 8);
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();

      // 3. Escape
      dialog = await openModal(page, opener, card.title);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    }
  });
});

test.describe("low-voltage installation", () => {
  test("one flip card per service, in the given order", async ({ page }) => {
    await page.goto("/lv-installation");
    const list = page.getByRole("list", { name: lv.servicesHeading });
    await expect(list.getByRole("listitem")).toHaveCount(lv.cards.length);
    await expect(list.getByRole("heading", { level: 3 })).toHaveText(LV_TITLES);
    await expect(list.getByRole("button")).toHaveCount(lv.cards.length);
  });

  test("a card turns over when its button gets keyboard focus", async ({ page }) => {
    await page.goto("/lv-installation");
    await page.mouse.move(0, 0);
    const cards = page.getByRole("list", { name: lv.servicesHeading }).getByRole("listitem");
    for (const index of [...new Set([0, 1, lv.cards.length - 1])].filter((i) => i < lv.cards.length)) {
      const card = cards.nth(index);
      const inner = card.locator("[data-flip-inner]");
      const button = card.getByRole("button");
      await card.scrollIntoViewIfNeeded();
      expect(await inner.evaluate((el) => getComputedStyle(el).transform)).toBe("none");
      // Reach the button with the keyboard: from the previous card's button (or the section) press Tab.
      if (index === 0) {
        await page.locator("#lv-services").evaluate((el) => {
          el.setAttribute("tabindex", "-1");
          (el as HTMLElement).focus();
        });
      } else {
        await cards.nth(index - 1).getByRole("button").focus();
      }
      await page.keyboard.press("Tab");
      await expect(button).toBeFocused();
      // rotateY(180deg) is matrix3d(-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, ...).
      await expect.poll(() => inner.evaluate((el) => getComputedStyle(el).transform)).toMatch(/^matrix3d\(-1, 0, 0, 0, 0, 1, 0, 0, (-)?0, 0, -1,/);
      // The front text stays in the accessibility tree while the back is shown.
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(LV_TITLES[index]);
      await expect(card.getByText(lv.cards[index].summary)).toBeVisible();
    }
  });

  test("each card opens its modal with the description and points", async ({ page }) => {
    test.slow(); // one open/close cycle per card
    await page.goto("/lv-installation");
    for (const card of lv.cards) {
      const opener = page.getByRole("button", { name: `${lv.buttonLabel}: ${card.title}` });
      const dialog = await openModal(page, opener, card.title);
      await expect(dialog.getByText(card.description)).toBeVisible();
      await expect(dialog.getByRole("listitem")).toHaveText(card.points);
      expect(card.points.length).toBeGreaterThanOrEqual(3);
      expect(card.points.length).toBeLessThanOrEqual(4);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    }
  });

  test("the Value-Added Benefits and What Sets Us Apart panels are there", async ({ page }) => {
    await page.goto("/lv-installation");
    for (const panel of [lv.benefits, lv.apart]) {
      const region = page.getByRole("region", { name: panel.heading });
      await expect(region.getByRole("heading", { level: 2 })).toHaveText(panel.heading);
      await expect(region.getByRole("listitem")).toHaveText(panel.items);
    }
    expect(lv.benefits.heading).toBe("Value-Added Benefits");
    expect(lv.apart.heading).toBe("What Sets Us Apart");
  });
});

test.describe("trainings", () => {
  test("the cards with their button texts, each opening its modal that the close icon closes", async ({ page }) => {
    await page.goto("/trainings");
    await expect(page.getByRole("heading", { level: 1, name: "Trainings" })).toBeVisible();
    const list = page.getByRole("list", { name: trainings.cardsHeading });
    await expect(list.getByRole("heading", { level: 3 })).toHaveText(TRAINING_CARDS.map((c) => c.title));
    await expect(list.getByRole("button")).toHaveText(TRAINING_CARDS.map((c) => c.button));

    for (const card of TRAINING_CARDS) {
      const opener = list.getByRole("button", { name: card.button, exact: true });
      const dialog = await openModal(page, opener, card.title);
      await expect(dialog.getByRole("heading", { level: 2 })).toHaveText(card.title);
      await expect(dialog.locator(`[data-form="${card.slot}"]`)).toBeVisible();
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    }
  });

  for (const { width, height, base } of [
    { width: 390, height: 844, base: "/videos/trainings-mobile" },
    { width: 1280, height: 720, base: "/videos/trainings" },
  ]) {
    test(`at ${width} px the background video is ${base}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height }, reducedMotion: "no-preference" });
      const page = await context.newPage();
      await page.goto("/trainings", { waitUntil: "load" });
      const hero = page.getByTestId("trainings-hero");
      const sources = hero.locator("video source");
      await expect(sources).toHaveCount(2, { timeout: 15_000 }); // attached after hydration
      await expect(sources.nth(0)).toHaveAttribute("src", `${base}.webm`);
      await expect(sources.nth(1)).toHaveAttribute("src", `${base}.mp4`);
      // Full screen: the section is as tall as the viewport.
      const box = (await hero.boundingBox())!;
      expect(Math.round(box.height)).toBe(height);
      await context.close();
    });
  }

  test("the video section keeps at least 480 px on a short screen", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 800, height: 400 } });
    const page = await context.newPage();
    await page.goto("/trainings");
    expect(Math.round((await page.getByTestId("trainings-hero").boundingBox())!.height)).toBe(480);
    await context.close();
  });

  test("under reduced motion no video element is made and no video file is requested", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    const videoRequests: string[] = [];
    page.on("request", (req) => {
      if (/\/videos\/[^?]*\.(webm|mp4)(\?|$)/.test(req.url())) videoRequests.push(req.url());
    });
    await page.goto("/trainings", { waitUntil: "load" });
    // Hydrated: the video's effect has run (it makes the element once the page has loaded, or never), and
    // then no request for 500 ms (Playwright's "network idle").
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("trainings-hero").locator("img")).toHaveAttribute("src", "/videos/trainings-poster.jpg");
    await expect(page.locator("video")).toHaveCount(0);
    expect(videoRequests).toEqual([]);
    await context.close();
  });
});
