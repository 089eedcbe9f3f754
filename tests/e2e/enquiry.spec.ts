import type { Page, Request } from "@playwright/test";
import enquiry from "../../data/enquiry.json";
import quoteRequestWords from "../../data/forms/quote_request.json";
import { fill } from "../../src/shared/utils/template";
import { axeViolations } from "../../testkit/axe";
import { expect, test, waitForHydration } from "../../testkit/e2e";

/**
 * The enquiry list: "Add to enquiry" on product pages and product cards, the
 * header's count, /enquiry kept across reloads, and one quote_request sent
 * with every item (real server, real Chromium).
 */

const QUOTE_PATH = "/api/v1/contact/quote_request";
const SUCCESS = quoteRequestWords.success;

/** Every quote_request the page sends. */
function quoteRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === QUOTE_PATH) sent.push(request);
  });
  return sent;
}

async function addFromProductPage(page: Page, slug: string, model?: string): Promise<void> {
  await page.goto(`/${slug}`);
  await waitForHydration(page);
  const add = page.locator("main").getByTestId("add-to-enquiry").first();
  if (model) await add.getByLabel("Model (optional)").selectOption(model);
  await add.getByRole("button", { name: "Add to enquiry" }).click();
  await expect(add.getByRole("status")).toContainText("added to your enquiry");
}

/** The enquiry's form (the footer has a form with an e-mail field too). */
const enquiryForm = (page: Page) => page.locator('form[data-form="quote_request"]');

async function fillContact(page: Page): Promise<void> {
  const form = enquiryForm(page);
  await form.getByLabel("First name").fill("Ada");
  await form.getByLabel("Last name").fill("Lovelace");
  await form.getByLabel("E-mail").fill("ada@example.org");
  await form.getByLabel("Phone number").fill("0501234567");
  await form.getByLabel("Company").fill("Analytical Engines");
}

const items = (page: Page) => page.getByTestId("enquiry-item");

test("items added from two product pages and a category card are listed on /enquiry after reloading, and sent once", async ({ page, hydrated, openHydrated }) => {
  const sent = quoteRequests(page);
  await addFromProductPage(page, "low-profile-torque-wrench", "ALT06");
  // The same product and model again: its quantity grows, the list keeps one item.
  await page.getByRole("button", { name: "Add to enquiry" }).click();
  await expect(page.getByTestId("header-enquiry-count")).toHaveText("1");

  await addFromProductPage(page, "torque-pump");
  await expect(page.getByTestId("header-enquiry-count")).toHaveText("2");

  await openHydrated("/controlled-bolting-hydraulic-equipments");
  await page.getByRole("button", { name: "Add to enquiry: Nut Splitter" }).click();
  await expect(page.getByTestId("header-enquiry-count")).toHaveText("3");
  await expect(page.getByTestId("header-enquiry-status")).toHaveText(fill(enquiry.header.count, { count: 3 }));

  await page.getByTestId("header-enquiry").click();
  await expect(page).toHaveURL(/\/enquiry\/?$/);
  await page.reload();
  await hydrated();
  await expect(items(page)).toHaveCount(3);
  const wrench = items(page).filter({ hasText: "Low Profile Torque Wrench" });
  await expect(wrench.getByRole("link", { name: "Low Profile Torque Wrench" })).toHaveAttribute("href", "/low-profile-torque-wrench");
  await expect(wrench.getByLabel("Model (optional)")).toHaveValue("ALT06");
  await expect(wrench.getByLabel("Quantity")).toHaveValue("2");
  await expect(items(page).filter({ hasText: "Torque Pump" }).getByLabel("Quantity")).toHaveValue("1");
  const splitter = items(page).filter({ hasText: "Nut Splitter" });
  await expect(splitter.getByLabel("Quantity")).toHaveValue("1");

  // Changes are kept too.
  await splitter.getByLabel("Quantity").fill("5");
  await splitter.getByLabel("Note (optional)").fill("For M36 nuts.");
  await page.reload();
  await hydrated();
  await expect(items(page).filter({ hasText: "Nut Splitter" }).getByLabel("Quantity")).toHaveValue("5");

  await fillContact(page);
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === QUOTE_PATH);
  await page.getByRole("button", { name: "Send enquiry" }).click();
  expect((await answered).status()).toBe(201);
  await expect(page.getByRole("status").filter({ hasText: SUCCESS })).toHaveText(SUCCESS);

  expect(sent).toHaveLength(1);
  const body = sent[0].postDataJSON() as Record<string, unknown>;
  expect(body).toEqual({
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.org",
    phoneNumber: "0501234567",
    companyName: "Analytical Engines",
    mailType: "quote_request",
    items: [
      { product: "low-profile-torque-wrench", model: "ALT06", quantity: 2 },
      { product: "torque-pump", quantity: 1 },
      { product: "nut-splitter", quantity: 5, note: "For M36 nuts." },
    ],
    // Where the visit landed, and the page the list was sent from (src/attribution/).
    attribution: { landingPage: "/low-profile-torque-wrench", page: "/enquiry", language: "en" },
  });

  // The list is emptied, here, in the header and after a reload.
  await expect(items(page)).toHaveCount(0);
  await expect(page.getByTestId("enquiry-empty")).toBeVisible();
  await expect(page.getByTestId("header-enquiry-count")).toHaveCount(0);
  await page.reload();
  await hydrated();
  await expect(page.getByTestId("enquiry-empty")).toBeVisible();
  expect(sent).toHaveLength(1);
});

test("an invalid send marks the fields and sends nothing", async ({ page, openHydrated }) => {
  const sent = quoteRequests(page);
  await addFromProductPage(page, "flange-spreader");
  await openHydrated("/enquiry");
  await expect(items(page)).toHaveCount(1);

  await page.getByRole("button", { name: "Send enquiry" }).click();
  for (const label of ["First name", "Last name", "E-mail", "Phone number", "Company"]) {
    await expect(enquiryForm(page).getByLabel(label)).toHaveAttribute("aria-invalid", "true");
  }
  await expect(enquiryForm(page).getByLabel("First name")).toBeFocused();

  // A quantity of 0 is refused in the page too.
  await fillContact(page);
  await page.getByLabel("Quantity").fill("0");
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByLabel("Quantity")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Quantity")).toBeFocused();
  await expect(items(page)).toHaveCount(1);
  // The invalid sends sent nothing: once valid, the next send is the first request the page makes.
  await page.getByLabel("Quantity").fill("1");
  const valid = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === QUOTE_PATH);
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await valid;
  expect(sent).toHaveLength(1);
});

test("a failure keeps the list and the fields and shows the server's message", async ({ page, hydrated, openHydrated }) => {
  const message = "The service is busy. Please send again in 30 seconds.";
  await page.route(`**${QUOTE_PATH}`, (route) =>
    route.fulfill({ status: 503, contentType: "application/json", headers: { "Retry-After": "30" }, body: JSON.stringify({ message }) }),
  );
  await addFromProductPage(page, "hydraulic-pullers", "HP60L");
  await openHydrated("/enquiry");
  await fillContact(page);
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByRole("alert").filter({ hasText: message })).toHaveText(message);
  await expect(items(page)).toHaveCount(1);
  await expect(page.getByLabel("Model (optional)")).toHaveValue("HP60L");
  await expect(enquiryForm(page).getByLabel("First name")).toHaveValue("Ada");
  await page.reload();
  await hydrated();
  await expect(items(page)).toHaveCount(1);
});

test("works by keyboard: add, reach the list from the header, remove", async ({ page, hydrated, openHydrated }) => {
  await openHydrated("/torque-pump");
  const add = page.locator("main").getByRole("button", { name: "Add to enquiry" });
  await add.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("header-enquiry-count")).toHaveText("1");
  await expect(page.getByTestId("header-enquiry-status")).toHaveText(enquiry.header.countOne);

  // The header entry is a link to the list, in the tab order, named with the count.
  const entry = page.getByRole("link", { name: new RegExp(`^${enquiry.header.label}\\W*${enquiry.header.countOne}$`) });
  await expect(entry).toHaveAttribute("href", /\/enquiry\/?$/);
  await expect(entry).not.toHaveAttribute("tabindex", "-1");
  await entry.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/enquiry\/?$/);
  await hydrated();

  const quantity = page.getByLabel("Quantity");
  await quantity.focus();
  await page.keyboard.press("ArrowUp");
  await expect(quantity).toHaveValue("2");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Note (optional)")).toBeFocused();
  await page.keyboard.press("Tab");
  const remove = page.getByRole("button", { name: "Remove Torque Pump" });
  await expect(remove).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("enquiry-empty")).toBeVisible();
  await expect(page.getByTestId("enquiry-empty").getByRole("link", { name: "Search products" })).toBeVisible();
  await expect(page.getByTestId("header-enquiry-count")).toHaveCount(0);
});

test("a search result and another tab add to the same list; corrupt storage reads as an empty list", async ({ page, context, hydrated, openHydrated }) => {
  await openHydrated("/search?query=torque");
  await page.getByRole("button", { name: "Add to enquiry: Torque Pump" }).click();
  await expect(page.getByTestId("header-enquiry-count")).toHaveText("1");

  const other = await context.newPage();
  await openHydrated("/enquiry", other);
  await expect(items(other)).toHaveCount(1);
  await page.getByRole("button", { name: "Add to enquiry: Square Drive Torque Wrench" }).click();
  await expect(items(other)).toHaveCount(2);
  await expect(other.getByTestId("header-enquiry-count")).toHaveText("2");

  await other.evaluate(() => localStorage.setItem("enquiry-list", "{not json"));
  await other.reload();
  await hydrated(other);
  await expect(other.getByTestId("enquiry-empty")).toBeVisible();
  await expect(other.getByTestId("header-enquiry-count")).toHaveCount(0);
});

test("an item whose product left the catalogue is dropped: the header counts what the list shows, on /enquiry and after", async ({ page, openHydrated }) => {
  const retired = { id: "retired-1", product: "retired-hydraulic-pump", name: "Retired Hydraulic Pump", quantity: 1 };
  const stored = () => page.evaluate(() => (JSON.parse(localStorage.getItem("enquiry-list") ?? "[]") as { product: string }[]).map((item) => item.product));
  await addFromProductPage(page, "torque-pump");
  await page.evaluate((item) => localStorage.setItem("enquiry-list", JSON.stringify([...JSON.parse(localStorage.getItem("enquiry-list") ?? "[]"), item])), retired);
  await openHydrated("/enquiry");
  await expect(items(page)).toHaveCount(1);
  await expect(page.getByTestId("header-enquiry-count")).toHaveText("1");
  await expect.poll(stored).toEqual(["torque-pump"]);
  await openHydrated("/");
  await expect(page.getByTestId("header-enquiry-count")).toHaveText("1");

  // Only a retired product: the list is empty and so is the header.
  await page.evaluate((item) => localStorage.setItem("enquiry-list", JSON.stringify([item])), retired);
  await openHydrated("/enquiry");
  await expect(page.getByTestId("enquiry-empty")).toBeVisible();
  await expect(page.getByTestId("header-enquiry-count")).toHaveCount(0);
  await expect.poll(stored).toEqual([]);
});

test("a full list of products no longer in the catalogue counts for nothing: the header shows none, and a product is added", async ({ page, openHydrated }) => {
  const retired = Array.from({ length: 50 }, (_, i) => ({ id: `retired-${i}`, product: `retired-pump-${i}`, name: "Retired Pump", quantity: 1 }));
  await openHydrated("/");
  await page.evaluate((list) => localStorage.setItem("enquiry-list", JSON.stringify(list)), retired);
  await openHydrated("/torque-pump");
  await expect(page.getByTestId("header-enquiry-count")).toHaveCount(0);
  const add = page.locator("main").getByTestId("add-to-enquiry").first();
  await add.getByRole("button", { name: "Add to enquiry" }).click();
  await expect(add.getByRole("status")).toContainText("added to your enquiry");
  await expect(page.getByTestId("header-enquiry-count")).toHaveText("1");
  // The full list made room: it holds the product alone.
  expect(await page.evaluate(() => (JSON.parse(localStorage.getItem("enquiry-list") ?? "[]") as { product: string }[]).map((item) => item.product))).toEqual(["torque-pump"]);
  await openHydrated("/enquiry");
  await expect(items(page)).toHaveCount(1);
});

test("/enquiry with items has no axe violation", async ({ page, openHydrated }) => {
  await addFromProductPage(page, "impact-sockets", "AST25X");
  await openHydrated("/enquiry");
  await expect(items(page)).toHaveCount(1);
  await page.getByRole("button", { name: "Send enquiry" }).click();
  expect(await axeViolations(page)).toEqual([]);
});

test("an item the server's catalogue does not have (a build behind the page's): the server's 422 message is shown, the list and fields kept", async ({ page, openHydrated }) => {
  // The page's list names a product of its catalogue; the server is told of another one, as if it served an older build.
  const retired = "flux-capacitor-retired";
  const sent = quoteRequests(page);
  await page.route(`**${QUOTE_PATH}`, async (route) => {
    const body = JSON.parse(route.request().postData() ?? "{}") as { items: { product: string }[] };
    body.items[0].product = retired;
    await route.continue({ postData: JSON.stringify(body) });
  });
  await addFromProductPage(page, "torque-pump");
  await openHydrated("/enquiry");
  await fillContact(page);
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === QUOTE_PATH);
  await page.getByRole("button", { name: "Send enquiry" }).click();
  const response = await answered;
  expect(response.status()).toBe(422);
  const { message } = (await response.json()) as { message: string };
  expect(message).toContain(`"${retired}"`);
  await expect(page.getByRole("alert").filter({ hasText: message })).toHaveText(message);
  expect(sent).toHaveLength(1);
  await expect(items(page)).toHaveCount(1);
  await expect(enquiryForm(page).getByLabel("First name")).toHaveValue("Ada");
});
