import fs from "fs";
import os from "os";
import path from "path";
import { currentStylesheet, refreshInlinedStylesheets, withStylesheet } from "../../src/build/site-files/inline-css";

const page = (name: string, css: string) =>
  `<html><head><style data-href="/${name}" data-identity="gatsby-global-css">${css}</style><title>x</title></head><body><style>.own{}</style></body></html>`;

let publicDir: string;

beforeEach(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "inline-css-"));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(publicDir, rel)), { recursive: true });
    fs.writeFileSync(path.join(publicDir, rel), text);
  };
  write("webpack.stats.json", JSON.stringify({ assetsByChunkName: { app: ["webpack-runtime-1.js", "styles.bbbb2222.css", "app-1.js"] } }));
  write("styles.aaaa1111.css", ".old{color:red}");
  write("styles.bbbb2222.css", ".new{color:green}");
  write("index.html", page("styles.aaaa1111.css", ".old{color:red}"));
  write("about-us/index.html", page("styles.bbbb2222.css", ".new{color:green}"));
  write("404.html", "<html><body>no stylesheet</body></html>");
});

afterEach(() => fs.rmSync(publicDir, { recursive: true, force: true }));

describe("the inlined stylesheet", () => {
  it("is the build's styles chunk", () => {
    expect(currentStylesheet(publicDir)).toBe("styles.bbbb2222.css");
  });

  it("is replaced in the pages a cached build left with an older one, and only there", () => {
    expect(refreshInlinedStylesheets(publicDir)).toBe(1);
    expect(fs.readFileSync(path.join(publicDir, "index.html"), "utf8")).toBe(page("styles.bbbb2222.css", ".new{color:green}"));
    expect(fs.readFileSync(path.join(publicDir, "about-us", "index.html"), "utf8")).toBe(page("styles.bbbb2222.css", ".new{color:green}"));
    expect(fs.readFileSync(path.join(publicDir, "404.html"), "utf8")).toBe("<html><body>no stylesheet</body></html>");
    expect(refreshInlinedStylesheets(publicDir)).toBe(0);
  });

  it("keeps CSS text with $ patterns as it is", () => {
    const css = '.a::after{content:"$&$1"}';
    expect(withStylesheet(page("styles.aaaa1111.css", ""), "styles.cccc.css", css)).toBe(page("styles.cccc.css", css));
  });
});
