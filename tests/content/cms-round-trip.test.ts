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
 *
 * The Arabic collections (pages-ar, products-ar, categories-ar, forms-ar: the
 * overlays data/<path>.ar.json) are opened for a sample only, the first entry
 * of each: their fields come from the same schemas through the same code
 * (one derived schema per kind), so one entry per kind proves the kind's
 * fields and format, and all ~57 Arabic entries would double the run (about
 * 200 s for the English ones). English files of the copy without their Arabic
 * get stand-in Arabic first (./stand-in-arabic.ts), committed in the copy.
 */
import fs from "fs";
import os from "os";
import path from "path";
import { chromium, type Browser, type Page } from "playwright-core";
import { execFileSync } from "child_process";
import { copyRepository, gitStatus } from "../../testkit/content-repo";
import { writeStandInOverlays } from "./stand-in-arabic";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startCms, saveUnchanged } = require("../../testkit/cms-editor.cjs") as typeof import("../../testkit/cms-editor.cjs");

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell";
const ROOT = path.resolve(__dirname, "../..");
const FOLDERS = ["products", "categories", "forms"];

/** Every English entry of the editor, as the configuration makes them from data/ and schemas/content/, then the first Arabic entry of each Arabic collection. */
function entries(root: string): { collection: string; slug: string }[] {
  const names = (dir: string, ending = ".json") =>
    fs
      .readdirSync(path.join(root, dir))
      .filter((file) => file.endsWith(ending) && (ending !== ".json" || !file.endsWith(".ar.json")))
      .map((file) => file.slice(0, -ending.length))
      .sort();
  const pages = names("data")
    .filter((name) => !FOLDERS.includes(name) && fs.existsSync(path.join(root, "schemas/content", `${name}.schema.json`)))
    .map((slug) => ({ collection: "pages", slug }));
  const english = [...pages, ...FOLDERS.flatMap((collection) => names(`data/${collection}`).map((slug) => ({ collection, slug })))];
  const arabicPage = names("data", ".ar.json")[0];
  const arabic = [{ collection: "pages-ar", slug: arabicPage }, ...FOLDERS.map((collection) => ({ collection: `${collection}-ar`, slug: names(`data/${collection}`, ".ar.json")[0] }))];
  return [...english, ...arabic];
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
    if (writeStandInOverlays(repo).length > 0) {
      execFileSync("git", ["add", "-A"], { cwd: repo });
      execFileSync("git", ["-c", "user.name=Content test", "-c", "user.email=content-test@example.com", "-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "Stand-in Arabic"], { cwd: repo });
    }
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
    expect(all.filter((entry) => entry.collection === "products").length).toBe(fs.readdirSync(path.join(repo, "data/products")).filter((f) => f.endsWith(".json") && !f.endsWith(".ar.json")).length);
    expect(all.filter((entry) => entry.collection.endsWith("-ar")).map((entry) => entry.collection)).toEqual(["pages-ar", ...FOLDERS.map((f) => `${f}-ar`)]);
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
