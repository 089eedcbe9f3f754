import { createHash } from "crypto";
import { contentSecurityPolicy, cspHeaderName, inlineScriptHashes } from "../../server/site/csp";
import { mapEmbedUrl } from "../../src/shared/utils/map";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script exactly as written, once", () => {
    const html =
      '<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/";/*]]>*/</script>' +
      "<script>(function(s){})([\"/app.js\"]);</script><script>(function(s){})([\"/app.js\"]);</script>";
    expect(inlineScriptHashes(html)).toEqual([sha('/*<![CDATA[*/window.pagePath="/";/*]]>*/'), sha('(function(s){})(["/app.js"]);')]);
  });

  it("knows the hash of a well-known text", () => {
    expect(inlineScriptHashes("<script>alert(1)</script>")).toEqual(["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]);
  });

  it("leaves out external scripts, JSON-LD data blocks and empty elements", () => {
    const html =
      '<script src="/app.js" async></script><script type="application/ld+json">{"@type":"Organization"}</script>' +
      '<script type="application/json">{}</script><script></script>';
    expect(inlineScriptHashes(html)).toEqual([]);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows this site's files and the listed inline scripts only", () => {
    const policy = contentSecurityPolicy(["'sha256-abc='"]);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain(`frame-src ${new URL(mapEmbedUrl("Abu Dhabi")).origin};`);
  });

  it("names the header by mode", () => {
    expect(cspHeaderName("enforce")).toBe("Content-Security-Policy");
    expect(cspHeaderName("report-only")).toBe("Content-Security-Policy-Report-Only");
    expect(cspHeaderName("off")).toBeUndefined();
  });
});
