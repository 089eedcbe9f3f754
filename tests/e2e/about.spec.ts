import { expect, test } from "@playwright/test";
import about from "../../data/about.json";

const CORE_VALUES = about.coreValues.items.map((value) => value.title);

/** Text as React writes it into HTML. */
function html(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
}

test.describe("about page: static HTML", () => {
  test("has the background, mission, vision, industries, values and news without JavaScript", async ({ request }) => {
    const response = await request.get("/about-us");
    expect(response.status()).toBe(200);
    const page = await response.text();
    expect(page).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(page).toContain("headquartered in Abu Dhabi");
    expect(page).toContain("ISO certified");
    expect(page).toContain(html(about.purpose.mission.text));
    expect(page).toContain(html(about.purpose.vision.text));
    for (const industry of about.industries.items) expect(page).toContain(html(industry));
    for (const value of CORE_VALUES) expect(page).toContain(`>${html(value)}</h3>`);
    for (const item of about.news.items) {
      expect(page).toContain(html(item.title));
      expect(page).toMatch(new RegExp(`datetime="${item.date}"`, "i"));
      expect(page).toContain(html(item.summary));
    }
  });
});

test.describe("about page", () => {
  test("shows the company background with the head office and the ISO certified quality system", async ({ page }) => {
    await page.goto("/about-us");
    await expect(page.getByRole("heading", { level: 1, name: about.hero.heading })).toBeVisible();
    await expect(page.getByText("headquartered in Abu Dhabi", { exact: false }).first()).toBeVisible();
    await expect(page.getByText("ISO certified", { exact: false }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: about.background.link.label })).toHaveAttribute("href", "/certifications");
    await expect(page.getByRole("img", { name: about.hero.imageAlt })).toBeVisible();
  });

  test("shows the mission, the vision and the industries served", async ({ page }) => {
    await page.goto("/about-us");
    await expect(page.getByRole("heading", { name: about.purpose.mission.heading })).toBeVisible();
    await expect(page.getByText(about.purpose.mission.text)).toBeVisible();
    await expect(page.getByRole("heading", { name: about.purpose.vision.heading })).toBeVisible();
    await expect(page.getByText(about.purpose.vision.text)).toBeVisible();
    await expect(page.getByTestId("about-industries").getByRole("listitem")).toHaveText(about.industries.items);
  });

  test("shows the core values in order, each with its short text", async ({ page }) => {
    await page.goto("/about-us");
    const values = page.getByTestId("about-core-values").getByRole("listitem");
    await expect(values).toHaveCount(CORE_VALUES.length);
    await expect(values.getByRole("heading", { level: 3 })).toHaveText(CORE_VALUES);
    for (const [i, value] of about.coreValues.items.entries()) await expect(values.nth(i).locator("p")).toHaveText(value.text);
  });

  test("shows every news item with title, date and summary", async ({ page }) => {
    await page.goto("/about-us");
    const news = page.getByTestId("about-news").getByRole("article");
    await expect(news).toHaveCount(about.news.items.length);
    for (const [i, item] of about.news.items.entries()) {
      const article = news.nth(i);
      await expect(article.getByRole("heading", { level: 3 })).toHaveText(item.title);
      await expect(article.locator("time")).toHaveAttribute("datetime", item.date);
      await expect(article.locator("time")).not.toBeEmpty();
      await expect(article.getByText(item.summary)).toBeVisible();
    }
  });
});
