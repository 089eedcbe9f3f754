/**
 * Lossless round trip of the content editor: EVERY entry of every collection
 * (each single data file of "Pages and settings", each product, category and
 * form) is opened in /admin in Chromium and saved back to what it was
 * (testkit/cms-editor.cjs saveUnchanged: one text field changed and saved,
 * then changed back and saved, since Decap offers Publish only for an entry
 * that differs), through Decap's own loading, widgets and serialisation,
 * against its local backend on a copy of the repository; after each entry
 * `git status` is empty. A save the
 * editor refuses (a widget or rule that rejects data the schema accepts)
 * fails the test too.
 */
import fs from "fs";
import os from "os";
import path from "path";
import { chromium, type Browser, type Page } from "playwright-core";
import { copyRepository, gitStatus } from "../../testkit/content-repo";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startCms, saveUnchanged } = require("../../testkit/cms-editor.cjs") as typeof import("../../testkit/cms-editor.cjs");

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell";
const ROOT = path.resolve(__dirname, "../..");
const FOLDERS = ["products", "categories", "forms"];

/** Every entry of the editor, as the configuration makes them from data/ and schemas/content/. */
function entries(root: string): { collection: string; slug: string }[] {
  const names = (dir: string) =>
    fs
      .readdirSync(path.join(root, dir))
      .filter((file) => file.endsWith(".json"))
      .map((file) => path.basename(file, ".json"))
      .sort();
  const pages = names("data")
    .filter((name) => !FOLDERS.includes(name) && fs.existsSync(path.join(root, "schemas/content", `${name}.schema.json`)))
    .map((slug) => ({ collection: "pages", slug }));
  return [...pages, ...FOLDERS.flatMap((collection) => names(`data/${collection}`).map((slug) => ({ collection, slug })))];
}

describe("opening and saving every entry without a change", () => {
  let work: string;
  let repo: string;
  let browser: Browser;
  let page: Page;
  let cms: { adminUrl: string; stop(): Promise<void> };
  /** What the editor's Content-Security-Policy refused, on any entry. */
  const violations: string[] = [];

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "cms-round-trip-"));
    repo = copyRepository(ROOT, path.join(work, "repo"));
    cms = await startCms(repo);
    browser = await chromium.launch({ executablePath: CHROMIUM });
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // Log in once (the local backend's button): the editor remembers it.
    await page.goto(cms.adminUrl);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(/#\/collections/);
  });

  afterAll(async () => {
    await browser?.close();
    await cms?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("leaves git status empty for every product, category, form and page", async () => {
    const all = entries(repo);
    expect(all.filter((entry) => entry.collection === "products").length).toBe(fs.readdirSync(path.join(repo, "data/products")).filter((f) => f.endsWith(".json")).length);
    const changed: string[] = [];
    for (const { collection, slug } of all) {
      await saveUnchanged(page, cms.adminUrl, collection, slug);
      const status = gitStatus(repo);
      if (status.length) changed.push(`${collection}/${slug}: ${status.join(", ")}`);
    }
    expect(changed).toEqual([]);
    expect(violations).toEqual([]);
    expect(gitStatus(repo)).toEqual([]);
  }, 1_800_000);
});
