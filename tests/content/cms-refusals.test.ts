/**
 * The content editor refuses what the schema refuses, before anything is written: a figure in a
 * product's specification table that is not a number (the project's cell widget, checked by the
 * validator compiled from the schema), and a product address that is not lower-case words with
 * hyphens (the schema's pattern, made a Decap rule by scripts/cms/schema-fields.mjs). Decap shows
 * the field's message, and the data file stays as it was.
 */
import fs from "fs";
import os from "os";
import path from "path";
import { chromium, type Browser, type Page } from "playwright-core";
import { copyRepository, gitStatus } from "../../testkit/content-repo";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startCms } = require("../../testkit/cms-editor.cjs") as typeof import("../../testkit/cms-editor.cjs");

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell";
const ROOT = path.resolve(__dirname, "../..");

describe("the editor refuses what the schema refuses", () => {
  let work: string;
  let repo: string;
  let browser: Browser;
  let page: Page;
  let cms: { adminUrl: string; stop(): Promise<void> };
  const product = () => fs.readdirSync(path.join(repo, "data/products")).filter((file) => file.endsWith(".json") && !file.endsWith(".ar.json")).sort()[0].replace(/\.json$/, "");

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "cms-refusals-"));
    repo = copyRepository(ROOT, path.join(work, "repo"));
    cms = await startCms(repo);
    browser = await chromium.launch({ executablePath: CHROMIUM });
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(cms.adminUrl);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(/#\/collections/);
  });

  afterAll(async () => {
    await browser?.close();
    await cms?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  const openProduct = async () => {
    await page.goto("about:blank");
    await page.goto(`${cms.adminUrl}#/collections/products/entries/${product()}`);
    await page.locator('input[id^="name-field-"]').waitFor();
  };
  /** Publish, refused: Decap shows `message` on the field (the `shownBefore`+1-th time it is on the page) and writes nothing. */
  const publishRefused = async (message: RegExp, shownBefore: number) => {
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByText("Publish now", { exact: true }).click();
    await page.getByText(message).nth(shownBefore).waitFor();
    await expect(page.getByText(/^unsaved changes$/i).first().isVisible()).resolves.toBe(true);
    expect(gitStatus(repo)).toEqual([]);
  };

  it("a figure that is not a number, in a specification table (the project's cell widget and its validator)", async () => {
    await openProduct();
    await page.locator('input[id^="name-field-"]').fill("Renamed product");
    // The first tab opened, then its first table: its cells' editors are shown.
    const tabs = page.locator('div[id^="tabs-field-"]').first();
    const toggles = (scope: typeof tabs) => scope.locator('div[role="button"][aria-roledescription="sortable"]').locator("xpath=preceding-sibling::button[1]");
    await tabs.locator('[data-testid="expand-button"]').first().click();
    if (!(await page.locator('div[id^="tables-field-"]').first().isVisible())) await toggles(tabs).first().click();
    const tables = page.locator('div[id^="tables-field-"]').first();
    if ((await tables.locator('[data-testid="expand-button"][aria-label="Expand"]').count()) > 0) await tables.locator('[data-testid="expand-button"][aria-label="Expand"]').first().click();
    const figure = tables.getByRole("textbox", { name: /^(Number|From|Figure \(5 or 5 – 8\))$/ }).first();
    if (!(await figure.isVisible())) await toggles(tables).first().click();
    await figure.fill("7x0");
    // The cell's own message at once; Decap's on the field once Publish is refused.
    const message = (await tables.getByRole("alert").first().textContent()) ?? "";
    expect(message).toMatch(/"7x0" is not a number|needs two numbers/);
    await publishRefused(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")), 1);
  });

  it("an address that is not lower-case words joined by hyphens", async () => {
    await openProduct();
    await page.locator('input[id^="slug-field-"]').fill("Torque Pump");
    await publishRefused(/didn't match the pattern: Must be lower-case letters and digits, words joined by single hyphens/, 0);
  });
});
