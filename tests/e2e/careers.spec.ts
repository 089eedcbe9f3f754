import type { Page } from "@playwright/test";
import careers from "../../data/careers.json";
import company from "../../data/company.json";
import { expect, test } from "../../testkit/e2e";

// The open roles are content (data/careers.json): an editor adds and removes them.
const ROLES = careers.openings.roles.map((role) => role.title);

/** Text as React writes it into the static HTML. */
function html(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

async function openFor(page: Page, role: string) {
  const card = page.getByTestId("role-card").filter({ has: page.getByRole("heading", { name: role, exact: true }) });
  const apply = card.getByRole("button", { name: "Apply Now" });
  await apply.click();
  const dialog = page.getByRole("dialog", { name: `Apply for ${role}` });
  await expect(dialog).toBeVisible();
  return { apply, dialog };
}

test.describe("careers page", () => {
  test("the static HTML has every open role with its type and location, and the talent community box", async ({ request }) => {
    const response = await request.get("/careers");
    expect(response.status()).toBe(200);
    const body = await response.text();
    const roles = careers.openings.roles as { title: string; type: string; location?: string }[];
    expect(roles.length).toBeGreaterThan(0);
    for (const role of ROLES) expect(body).toContain(`>${html(role)}</h3>`);
    const times = (text: string) => body.split(text).length - 1;
    for (const type of new Set(roles.map((role) => role.type))) expect(times(`>${html(type)}<`), type).toBe(roles.filter((role) => role.type === type).length);
    const headOffice = `${company.address.locality}, ${company.address.country}`;
    for (const place of new Set(roles.map((role) => role.location ?? headOffice))) {
      const location = `${html(careers.openings.locationLabel)}: </span>${html(place)}`;
      expect(times(location), place).toBe(roles.filter((role) => (role.location ?? headOffice) === place).length);
    }
    expect(times(`>${html(careers.openings.applyLabel)}<`)).toBe(roles.length);
    expect(body).toContain(">Join Our Talent Community</h2>");
    expect(body.match(/data-form="news-letter"/g), "the talent community's sign-up and the footer's").toHaveLength(2);
    expect(body).toContain('data-form="careers"');
  });

  test("each Apply Now opens one application dialog titled with its role, keeping the role", async ({ page, openHydrated }) => {
    await openHydrated("/careers", page.getByTestId("open-roles")); // the Apply buttons work
    await expect(page.getByRole("dialog")).toHaveCount(0);
    for (const role of ROLES) {
      const { apply, dialog } = await openFor(page, role);
      await expect(page.getByRole("dialog")).toHaveCount(1);
      await expect(dialog.getByRole("heading", { level: 2 })).toHaveText(`Apply for ${role}`);
      const slot = dialog.locator('[data-form="careers"]');
      await expect(slot).toHaveAttribute("data-job-role", role);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(apply).toBeFocused();
    }
  });

  test("the dialog closes by its close button, the backdrop and Escape, and focus returns to the opener", async ({ page, openHydrated }) => {
    await openHydrated("/careers", page.getByTestId("open-roles")); // the Apply buttons work
    const viewport = page.viewportSize()!;

    // Close button
    let { apply, dialog } = await openFor(page, ROLES[0]);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(apply).toBeFocused();

    // Backdrop: a click near a corner of the viewport, well outside the dialog box
    ({ apply, dialog } = await openFor(page, ROLES[1 % ROLES.length]));
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThan(10);
    expect(box.y).toBeGreaterThan(10);
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await expect(apply).toBeFocused();

    // A click inside the dialog does not close it
    ({ apply, dialog } = await openFor(page, ROLES[ROLES.length - 1]));
    await dialog.getByRole("heading", { level: 2 }).click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(viewport.width - 5, viewport.height - 5);
    await expect(dialog).toBeHidden();
    await expect(apply).toBeFocused();

    // Escape
    ({ apply, dialog } = await openFor(page, ROLES[ROLES.length - 1]));
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(apply).toBeFocused();
  });

  test("Tab inside the open dialog never reaches the page behind it", async ({ page, openHydrated }) => {
    await openHydrated("/careers", page.getByTestId("open-roles")); // the Apply buttons work
    const { dialog } = await openFor(page, ROLES[0]);
    const focusables = await dialog.evaluate(
      (el) => el.querySelectorAll("a[href], button:not([disabled]), input:not([disabled]), select, textarea").length,
    );
    const seen = new Set<string>();
    const check = async () => {
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        const open = document.querySelector("dialog[open]");
        if (!active || active === document.body) return "none";
        const name = active.getAttribute("aria-label") ?? active.getAttribute("name") ?? active.textContent ?? "";
        return open?.contains(active) ? `dialog:${active.tagName}:${name}` : `page:${active.outerHTML.slice(0, 80)}`;
      });
      expect(where).not.toMatch(/^page:/);
      seen.add(where);
    };
    // Round the dialog forwards more than once, then backwards.
    for (let i = 0; i < focusables * 2 + 3; i++) {
      await page.keyboard.press("Tab");
      await check();
    }
    for (let i = 0; i < focusables + 2; i++) {
      await page.keyboard.press("Shift+Tab");
      await check();
    }
    expect(seen.has("dialog:BUTTON:Close")).toBe(true);
    expect([...seen].filter((w) => w.startsWith("dialog:")).length).toBeGreaterThanOrEqual(Math.min(focusables, 2));
    await expect(dialog).toBeVisible();
  });
});
