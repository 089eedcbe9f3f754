/**
 * The content editor (/admin, Decap CMS) as an editor uses it, in Chromium,
 * against its local backend (decap-server, file-system mode) on a copy of the
 * repository: a job opening renamed and a news item with a picture added
 * through the editor's forms change data/careers.json and data/about.json
 * exactly so, put the picture in data/media/pictures/ (referenced by its file
 * name), and nothing else in the tree.
 */
import { execFileSync } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import { chromium, type Browser } from "playwright-core";
import sharp from "sharp";
import { copyRepository, gitStatus } from "../../testkit/content-repo";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startCms, editInCms } = require("../../testkit/cms-editor.cjs") as typeof import("../../testkit/cms-editor.cjs");

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell";
const ROOT = path.resolve(__dirname, "../..");

jest.setTimeout(300_000);

type Json = Record<string, unknown>;
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as Json;

describe("the content editor on a copy of the repository", () => {
  let work: string;
  let repo: string;
  let browser: Browser;
  let cms: { adminUrl: string; stop(): Promise<void> };
  let before: { careers: Json; about: Json };

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "cms-editor-"));
    repo = copyRepository(ROOT, path.join(work, "repo"));
    before = { careers: readJson(path.join(repo, "data/careers.json")), about: readJson(path.join(repo, "data/about.json")) };
    cms = await startCms(repo);
    browser = await chromium.launch({ executablePath: CHROMIUM });
  });

  afterAll(async () => {
    await browser?.close();
    await cms?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("renames a job opening and adds a news item with a picture, and nothing else changes", async () => {
    const picture = path.join(work, "workshop-opening.jpg");
    await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 90, b: 160 } } })
      .jpeg()
      .toFile(picture);
    const roleTitle = "Field Service Engineer";
    const newsItem = { title: "Our new workshop is open", text: "The new workshop doubles our space for skid fabrication and testing.", picture };

    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    // The editor's own Content-Security-Policy (server/site/admin-policy.ts) lets it do all of this.
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const dayBefore = new Date().toISOString().slice(0, 10);
    const expected = await editInCms(page, cms.adminUrl, { roleTitle, newsItem });
    const dayAfter = new Date().toISOString().slice(0, 10);
    await page.close();
    expect(violations).toEqual([]);

    const pictureFile = "data/media/pictures/workshop-opening.jpg";
    expect([...expected].sort()).toEqual(["data/about.json", "data/careers.json", pictureFile].sort());
    // Exactly these files, and nothing else in the tree.
    expect(gitStatus(repo)).toEqual([`?? ${pictureFile}`, " M data/about.json", " M data/careers.json"].sort());

    const careers = readJson(path.join(repo, "data/careers.json"));
    const wantCareers = structuredClone(before.careers) as { openings: { roles: Json[] } };
    wantCareers.openings.roles[0].title = roleTitle;
    expect(careers).toEqual(wantCareers);

    const about = readJson(path.join(repo, "data/about.json")) as { news: { items: Json[] } };
    const added = about.news.items.at(-1) as Json;
    expect([dayBefore, dayAfter]).toContain(added.date);
    const wantAbout = structuredClone(before.about) as { news: { items: Json[] } };
    wantAbout.news.items.push({ title: newsItem.title, date: added.date, summary: newsItem.text, image: "workshop-opening.jpg" });
    expect(about).toEqual(wantAbout);

    // The picture as uploaded, referenced by its file name only (decision: media by name).
    expect(fs.readFileSync(path.join(repo, pictureFile)).equals(fs.readFileSync(picture))).toBe(true);
    // The files stay in the editor's layout.
    for (const file of ["data/careers.json", "data/about.json"]) {
      const text = fs.readFileSync(path.join(repo, file), "utf8");
      expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    }
    expect(execFileSync("git", ["diff", "--stat"], { cwd: repo, encoding: "utf8" })).toMatch(/2 files changed/);
  });
});
