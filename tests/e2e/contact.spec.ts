import type { Page } from "@playwright/test";
import contact from "../../data/contact.json";
import company from "../../data/company.json";
import { mapEmbedUrl } from "../../src/shared/utils/map";
import { unbreakable } from "../../src/shared/utils/template";
import { expect, test } from "../../testkit/e2e";

const CARD_TITLES = [
  "General Enquiries",
  "Sales",
  "Technical Support",
  "Service & Maintenance",
  "Trainings",
  "Careers",
  "Procurement",
  "Partnerships",
  "Media & Communications",
  "Quality & HSE",
];

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
  test("the static HTML has the ten contact cards, the head office and the two regional offices", async ({ request }) => {
    const response = await request.get("/contact");
    expect(response.status()).toBe(200);
    const body = await response.text();

    expect(contact.contactCards.map((c) => c.title)).toEqual(CARD_TITLES);
    for (const card of contact.contactCards) {
      expect(card.email).toMatch(/^[a-z]+@example\.com$/);
      expect(body).toContain(`>${html(card.title)}</h3>`);
      expect(body).toContain(`href="mailto:${card.email}"`);
    }
    expect(new Set(contact.contactCards.map((c) => c.email)).size).toBe(10);

    for (const office of ["India", "Singapore"]) expect(body).toContain(`>${office}</p>`);
    expect(body.match(/>Regional office</g)).toHaveLength(2);

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

  test("cards show an icon, a title and a mailto link; the social list has LinkedIn, YouTube, WhatsApp and X as a placeholder", async ({ page }) => {
    await page.goto("/contact");
    const cards = page.getByTestId("contact-card");
    await expect(cards).toHaveCount(10);
    for (const [i, card] of contact.contactCards.entries()) {
      const el = cards.nth(i);
      await expect(el.getByRole("heading", { level: 3 })).toHaveText(card.title);
      await expect(el.getByRole("link")).toHaveText(card.email);
      await expect(el.getByRole("link")).toHaveAttribute("href", `mailto:${card.email}`);
      await expect(el.locator("svg path, svg g").first()).toBeAttached();
    }
    await expect(page.getByTestId("regional-office")).toHaveText([/India\s*Regional office/, /Singapore\s*Regional office/]);

    const social = page.locator("main").getByRole("list", { name: "Social media" });
    await expect(social.getByRole("listitem")).toHaveCount(4);
    await expect(social.getByRole("link", { name: "LinkedIn" })).toHaveAttribute("href", /linkedin\.com/);
    await expect(social.getByRole("link", { name: "YouTube" })).toHaveAttribute("href", /youtube\.com/);
    await expect(social.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /wa\.me/);
    await expect(social.getByRole("img", { name: /^X/ })).toBeVisible();
    await expect(social.getByRole("link", { name: /^X/ })).toHaveCount(0);

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
