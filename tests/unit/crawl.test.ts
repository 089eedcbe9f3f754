import { isIndexable, pageUrl, robotsTxt, sitemapXml } from "../../src/build/site-files/crawl";

describe("sitemap and robots", () => {
  it("lists every content page once, with canonical URLs", () => {
    const xml = sitemapXml("https://www.example.com/", ["/", "/about-us", "/torque-pump", "/about-us", "/404/", "/404.html", "/dev-404-page/"]);
    expect(xml).toContain("<loc>https://www.example.com</loc>");
    expect(xml).toContain("<loc>https://www.example.com/about-us</loc>");
    expect(xml).toContain("<loc>https://www.example.com/torque-pump</loc>");
    expect(xml.match(/<url>/g)).toHaveLength(3);
    expect(xml).not.toContain("404");
  });
  it("keeps the 404 page out", () => {
    expect(isIndexable("/404")).toBe(false);
    expect(isIndexable("/404.html")).toBe(false);
    expect(isIndexable("/contact")).toBe(true);
  });
  it("points robots at the sitemap and keeps crawlers off the API", () => {
    expect(robotsTxt("https://www.example.com")).toBe("User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: https://www.example.com/sitemap.xml\n");
  });
  it("builds page URLs without trailing slashes", () => {
    expect(pageUrl("https://x.example", "/a/")).toBe("https://x.example/a");
    expect(pageUrl("https://x.example/", "/")).toBe("https://x.example");
  });
});
