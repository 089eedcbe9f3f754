/** /search?query=... answered with its results in the HTML (server/site/search-page.tsx through server/site/index.ts), on a small build. */
import express from "express";
import fs from "fs";
import os from "os";
import path from "path";
import request from "supertest";
import { logger } from "../../../server/log";
import { siteRouter } from "../../../server/site";
import { MAX_SERVED_QUERY_LENGTH } from "../../../server/site/search-page";
import { searchProducts } from "../../../src/shared/search/productSearch";
import { SERVED_RESULTS_ID, type ServedResults } from "../../../src/shared/search/served";
import { buildSearch } from "../../../testkit/search-index";

const labels = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../../data/search.json"), "utf8")) as Record<string, string>;
const { index, exported, store } = buildSearch();

/** The built search page as Gatsby renders it with no query: an empty outcome box and an empty input. */
const PAGE =
  '<!DOCTYPE html><html><head><title>Search products</title></head><body><div id="___gatsby"><main>' +
  '<form role="search"><input id="search-page-input" name="query" type="search" class="search-module--input--1a2b3" value="" autoComplete="off"/></form>' +
  '<div id="search-outcome" class="search-module--outcome--4c5d6" aria-live="polite" aria-busy="false"></div>' +
  '</main></div><script>window.pagePath="/search/"</script></body></html>';

let publicDir: string;
let errors: jest.SpyInstance;

function writeBuild(page = PAGE) {
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(publicDir, rel)), { recursive: true });
    fs.writeFileSync(path.join(publicDir, rel), text);
  };
  write("search/index.html", page);
  write("page-data/search/page-data.json", JSON.stringify({ result: { data: { page: labels } }, staticQueryHashes: ["111", "222"] }));
  write("page-data/sq/d/111.json", JSON.stringify({ data: { site: { siteMetadata: { title: "x" } } } }));
  write("page-data/sq/d/222.json", JSON.stringify({ data: { localSearchProducts: { publicIndexURL: "/static/abc.index.txt", publicStoreURL: "/static/abc.store.json" } } }));
  write("static/abc.index.txt", exported);
  write("static/abc.store.json", JSON.stringify(store));
  write("404.html", "<html><body>Not found</body></html>");
}

beforeEach(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "search-page-"));
  writeBuild();
  errors = jest.spyOn(logger(), "error").mockImplementation(() => undefined);
});

afterEach(() => {
  errors.mockRestore();
  fs.rmSync(publicDir, { recursive: true, force: true });
});

const app = () => express().use(siteRouter(publicDir));

/** The JSON data block the page starts from. */
function served(html: string): ServedResults | null {
  const m = new RegExp(`<script type="application/json" id="${SERVED_RESULTS_ID}">(.*?)</script>`).exec(html);
  return m ? (JSON.parse(m[1]) as ServedResults) : null;
}

/** The HTML inside the outcome box. */
const outcomeBox = (html: string) => /<div id="search-outcome"[^>]*>(.*)<\/div><\/main>/.exec(html)?.[1] ?? "";

describe("the search page served with its results", () => {
  it("renders the results the search finds, with the page's texts, its input filled and the same results as data", async () => {
    const res = await request(app()).get("/search?query=torque").expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self' 'sha256-");

    const expected = searchProducts(index, store, "torque");
    expect(expected.length).toBeGreaterThan(1);
    const box = outcomeBox(res.text);
    expect(box).toContain('<h2 class="search-results-heading">Results for &quot;torque&quot;</h2>');
    expect(box).toContain(`<p class="search-count">${expected.length} products found</p>`);
    const names = [...box.matchAll(/<a class="search-card-link" href="\/([a-z-]+)">([^<]+)<\/a>/g)];
    expect(names.map((m) => m[1])).toEqual(expected.map((r) => r.slug));
    expect(names.map((m) => m[2])).toEqual(expected.map((r) => r.name));
    // The first card's image is the page's largest content: fetched at once, at high priority, and the one its scripts wait for.
    expect(box).toMatch(/<img class="search-card-image" src="[^"]+" width="\d+" height="\d+" alt="" loading="eager" decoding="async" fetchpriority="high" elementtiming="main-image"\/>/);
    expect((box.match(/fetchpriority/g) ?? []).length).toBe(1);
    expect((box.match(/elementtiming/g) ?? []).length).toBe(1);

    expect(res.text).toMatch(/<input id="search-page-input"[^>]* value="torque"\/>/);
    expect(res.text).not.toContain('value=""');
    expect(served(res.text)).toEqual({ query: "torque", results: expected });
  });

  it("reads the query as the page does: trimmed, + and %20 as spaces, the first of two", async () => {
    const res = await request(app()).get("/search?query=+square%20drive++&query=pump").expect(200);
    expect(served(res.text)?.query).toBe("square drive");
    expect(served(res.text)?.results[0].slug).toBe("square-drive-torque-wrench");
  });

  it("renders the no-results outcome", async () => {
    const res = await request(app()).get("/search?query=xylophone").expect(200);
    expect(outcomeBox(res.text)).toBe(
      '<div class="search-empty"><h2>No results found</h2><p>We couldn&#x27;t find any products matching &quot;xylophone&quot;.</p></div>',
    );
    expect(served(res.text)).toEqual({ query: "xylophone", results: [] });
  });

  it("keeps a hostile query as text everywhere it is written", async () => {
    const query = `"><img src=x onerror=alert(1)></script><script>alert(2)</script>\u2028`;
    const res = await request(app()).get(`/search?query=${encodeURIComponent(query)}`).expect(200);
    expect(res.text).not.toContain("<img src=x");
    expect(res.text).not.toContain("<script>alert(2)");
    expect(res.text).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(served(res.text)?.query).toBe(query.trim());
  });

  it("leaves to the browser an empty query, error=true and overlong queries", async () => {
    for (const url of ["/search", "/search?query=", "/search?query=%20%20", "/search?query=torque&error=true", `/search?query=${"a".repeat(MAX_SERVED_QUERY_LENGTH + 1)}`]) {
      const res = await request(app()).get(url).expect(200);
      expect(res.text).toBe(PAGE);
    }
  });

  it("still moves a trailing slash away", async () => {
    await request(app()).get("/search/?query=torque").expect(301).expect("Location", "/search?query=torque");
  });

  it("serves the static page, never an error, when the build's index cannot be read", async () => {
    fs.rmSync(path.join(publicDir, "static", "abc.index.txt"));
    const res = await request(app()).get("/search?query=torque").expect(200);
    expect(res.text).toBe(PAGE);
    expect(errors).toHaveBeenCalledWith({ err: expect.objectContaining({ message: expect.stringMatching(/abc\.index\.txt/) }) }, expect.stringMatching(/left to the browser/));
  });

  it("serves the static page when the page has no empty outcome box", async () => {
    const page = PAGE.replace('id="search-outcome"', 'id="elsewhere"');
    writeBuild(page);
    const res = await request(app()).get("/search?query=torque").expect(200);
    expect(res.text).toBe(page);
  });

  it("follows a new build of the page", async () => {
    const router = app();
    await request(router).get("/search?query=torque").expect(200);
    const file = path.join(publicDir, "search", "index.html");
    fs.writeFileSync(file, PAGE.replace("<title>Search products</title>", "<title>Rebuilt</title>"));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const res = await request(router).get("/search?query=torque").expect(200);
    expect(res.text).toContain("<title>Rebuilt</title>");
    expect(served(res.text)?.query).toBe("torque");
  });
});
