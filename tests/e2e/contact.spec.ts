import type { Page } from "@playwright/test";
import contact from "../../data/contact.json";
import company from "../../data/company.json";
import { mapEmbedUrl } from "../../src/shared/utils/map";
import { unbreakable } from "../../src/shared/utils/template";
import { expect, test } from "../../testkit/e2e";

/** Text as React writes it into the static HTML. */
function html(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

/** Every host the page asks for anything, from now on. */
function recordHosts(page: Page): Set<string> {
  const hosts = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol === "http:" || url.protocol === "https:") hosts.add(url.host);
  });
  return hosts;
}

test.describe("contact page", () => {
  test("the static HTML has every contact card, the head office and every regional office", async ({ request }) => {
    const response = await request.get("/contact");
    expect(response.status()).toBe(200);
    const body = await response.text();

    for (const card of contact.contactCards) {
      expect(body).toContain(`>${html(card.title)}</h3>`);
      expect(body).toContain(`href="mailto:${card.email}"`);
    }
    expect(body.match(/data-testid="contact-card"/g)).toHaveLength(contact.contactCards.length);

    for (const office of contact.offices.items) expect(body).toContain(`>${html(office.name)}</p>`);
    expect(body.match(new RegExp(`>${contact.offices.label}<`, "g"))).toHaveLength(contact.offices.items.length);

    for (const line of company.address.lines) expect(body).toContain(html(line));
    expect(body).toContain(`href="${company.phoneHref}"`);
    // Kept on one line: its spaces do not break.
    expect(body).toContain(`>${html(unbreakable(company.phone))}</a>`);
    expect(body).toContain(`href="mailto:${company.email}"`);

    expect(body).toContain('data-form="contact_us"');
    expect(body).toContain(`>${html(contact.map.buttonLabel)}<`);
    expect(body).not.toMatch(/<iframe/);
    expect(body).not.toContain("google.com/maps");
  });

  test("cards show an icon, a title and a mailto link; the social list has every channel, a placeholder not as a link", async ({ page }) => {
    await page.goto("/contact");
    const cards = page.getByTestId("contact-card");
    await expect(cards).toHaveCount(contact.contactCards.length);
    for (const [i, card] of contact.contactCards.entries()) {
      const el = cards.nth(i);
      await expect(el.getByRole("heading", { level: 3 })).toHaveText(card.title);
      await expect(el.getByRole("link")).toHaveText(card.email);
      await expect(el.getByRole("link")).toHaveAttribute("href", `mailto:${card.email}`);
      await expect(el.locator("svg path, svg g").first()).toBeAttached();
    }
    await expect(page.getByTestId("regional-office")).toHaveText(contact.offices.items.map((office) => new RegExp(`${office.name}\\s*${contact.offices.label}`)));

    const social = page.locator("main").getByRole("list", { name: "Social media" });
    await expect(social.getByRole("listitem")).toHaveCount(contact.social.length);
    for (const channel of contact.social) {
      if (channel.placeholder) {
        const name = new RegExp(`^${channel.label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`);
        await expect(social.getByRole("img", { name })).toBeVisible();
        await expect(social.getByRole("link", { name })).toHaveCount(0);
      } else {
        await expect(social.getByRole("link", { name: channel.label, exact: true })).toHaveAttribute("href", channel.href);
      }
    }

    const office = page.getByTestId("head-office");
    await expect(office.getByRole("link", { name: company.phone })).toHaveAttribute("href", company.phoneHref);
    await expect(office.getByRole("link", { name: company.email })).toHaveAttribute("href", `mailto:${company.email}`);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`the map loads only on request, in the placeholder's box (${viewport.width} px)`, async ({ page, baseURL, hydrated }) => {
      await page.setViewportSize(viewport);
      await page.route("**/*google*/**", (route) => route.abort());
      const hosts = recordHosts(page);

      await page.goto("/contact", { waitUntil: "networkidle" });
      const placeholder = page.getByTestId("map-placeholder");
      // Hydrated first, so that whatever the page's script would load on scrolling has been given its chance.
      await hydrated(page.getByTestId("map"));
      await placeholder.scrollIntoViewIfNeeded();
      // No request for 500 ms (Playwright's "network idle"), then none went to another host.
      await page.waitForLoadState("networkidle");
      expect([...hosts]).toEqual([new URL(baseURL!).host]);
      await expect(page.locator("iframe")).toHaveCount(0);
      // The drawn stand-in picture has loaded.
      await expect(placeholder.locator("img[data-main-image]")).toHaveJSProperty("complete", true);

      const before = (await placeholder.boundingBox())!;
      expect(before.width).toBeGreaterThan(200);
      expect(before.height).toBeGreaterThan(200);

      const googleRequest = page.waitForRequest((r) => r.url().startsWith("https://www.google.com/maps"));
      await placeholder.getByRole("button", { name: contact.map.buttonLabel }).click();
      const frame = page.locator("iframe");
      await expect(frame).toHaveCount(1);
      await expect(frame).toHaveAttribute("src", mapEmbedUrl(company.address.mapQuery));
      await expect(frame).toHaveAttribute(
        "src",
        `https://www.google.com/maps?q=${encodeURIComponent(company.address.mapQuery)}&output=embed`,
      );
      await expect(frame).toHaveAttribute("title", contact.map.iframeTitle);
      await expect(frame).toHaveAttribute("loading", "lazy");
      await expect(placeholder).toHaveCount(0);
      await expect(page.getByRole("button", { name: contact.map.buttonLabel })).toHaveCount(0);
      await googleRequest;

      const after = (await frame.boundingBox())!;
      expect(after.width).toBeCloseTo(before.width, 0);
      expect(after.height).toBeCloseTo(before.height, 0);
      expect(after.x).toBeCloseTo(before.x, 0);
      expect(after.y).toBeCloseTo(before.y, 0);
    });
  }

  test("the map button works from the keyboard and moves focus to the map", async ({ page, hydrated }) => {
    await page.route("**/*google*/**", (route) => route.abort());
    await page.goto("/contact");
    await hydrated(page.getByTestId("map"));
    const button = page.getByRole("button", { name: contact.map.buttonLabel });
    await button.focus();
    await page.keyboard.press("Enter");
    const frame = page.getByTitle(contact.map.iframeTitle);
    await expect(frame).toBeVisible();
    await expect(frame).toBeFocused();
  });
});
