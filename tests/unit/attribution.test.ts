/**
 * Where a lead came from (src/attribution/): what the first page of a visit
 * keeps in sessionStorage (capture.ts), and what a form sends of it
 * (attribution.ts). Whatever the address, the referrer or a campaign
 * parameter holds, the attribution sent must satisfy the contract's
 * `Attribution` (else the server answers 400 and the visitor's lead is
 * refused): hostile inputs go through the sanitizer, and its result through
 * the ajv the server's express-openapi-validator builds from openapi.yaml
 * (same options as server/api/index.ts). And a multipart body carries it as
 * one JSON-encoded part (toFormData).
 */
import fs from "fs";
import path from "path";
import { campaignValue, readAttribution, sanitizeAttribution, siteOrigin, sitePath } from "../../src/attribution/attribution";
import { ATTRIBUTION_KEY, captureAttribution } from "../../src/attribution/capture";
import { attributionFor } from "../../src/attribution/load";
import { isValidValue, type FormRules, type SchemaRule } from "../../src/forms/validation";
import { toFormData } from "../../packages/forms-api-client/src/form-data";

const ROOT = path.resolve(__dirname, "..", "..");

interface AjvError {
  instancePath: string;
  message?: string;
}
type AjvValidate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

// js-yaml comes with express-openapi-validator (its $ref parser); it has no bundled types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const yaml = require("js-yaml") as { load(text: string): unknown };
// The ajv of express-openapi-validator, made the way its request validator makes it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createRequestAjv } = require("express-openapi-validator/dist/framework/ajv") as {
  createRequestAjv: (doc: unknown, options: Record<string, unknown>) => { getSchema(key: string): AjvValidate | undefined };
};
const contract = yaml.load(fs.readFileSync(path.join(ROOT, "openapi.yaml"), "utf8"));
const ajv = createRequestAjv(structuredClone(contract), {
  strict: false,
  strictNumbers: true,
  strictTuples: true,
  allowUnionTypes: false,
  validateSchema: false,
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  validateFormats: true,
  formats: {},
  serDesMap: {},
  ajvFormats: { mode: "full" },
  allErrors: true,
});
const validateAttribution = ajv.getSchema("#/components/schemas/Attribution")!;

/** The contract's problems with an attribution, as `path message` lines; empty when the server would take it. */
function problems(value: unknown): string[] {
  if (validateAttribution(structuredClone(value))) return [];
  return (validateAttribution.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}`);
}

/** src/contract/form-rules/<operationId>.json, as the forms import them. */
const RULES_DIR = path.join(ROOT, "src", "contract", "form-rules");
const RULES: Record<string, FormRules> = Object.fromEntries(
  fs.readdirSync(RULES_DIR).map((name) => [name.replace(/\.json$/, ""), JSON.parse(fs.readFileSync(path.join(RULES_DIR, name), "utf8")) as FormRules]),
);
/** The attribution's rule a form passes to the sanitizer (the contact form's; every form has the same). */
const RULE: SchemaRule = RULES.sendContactEnquiry.schema.properties.attribution;
/** The contract's maxLength of a campaign value (CampaignValue), as the form rules carry it. */
const CAMPAIGN_MAX = RULE.properties!.utm_source.maxLength!;
/** The contract's maxLength of a page (SitePath). */
const PATH_MAX = RULE.properties!.landingPage.maxLength!;

const LONG = "x".repeat(5_000);
const ARABIC = "حملة الربيع للمعدات الصناعية";
const CAMPAIGN_VALUES = [
  LONG,
  ARABIC.repeat(40),
  "spring\u0000sale\r\nBcc: someone@example.org\tnow\u007f\u0085",
  "=?utf-8?B?SGVsbG8=?=",
  "==??",
  "=\u200B?",
  "\u202Eevil\u202C\u2066 text\u2069\u200E",
  "\u200B\u2060\uFEFF",
  "\u3164\u115F  \u2800",
  "   ",
  "line\u2028separator\u2029paragraph",
  "soft\u00ADhyphen",
  "lone \uD800 surrogate \uDFFF",
  "emoji 👍🏽 and ZWJ 👩‍🔧",
  "x".repeat(199) + "👍",
  "é".repeat(199) + "\u0301" + "tail",
  ARABIC,
];
const REFERRERS = [
  "https://www.google.com/search?q=z",
  "android-app://com.google.android.gm/",
  "javascript:alert(1)",
  "data:text/html,hi",
  "file:///etc/passwd",
  "http://[::1]:8080/page",
  "https://user:secret@evil.example:8443/a?b#c",
  "https://bücher.example/über",
  `https://${"a".repeat(400)}.example/`,
  "not an address",
  "",
  "null",
];
const PATHS = [
  "/",
  "/landing page#top",
  "/a b?utm_source=x&utm_campaign=y",
  "/#/hash-route",
  "/ürün/ölçü",
  "/%zz/100%",
  "/%E2%9C%93",
  "/<script>alert(1)</script>",
  '/"quoted"`{x}|^[y]\\',
  "/" + "é".repeat(600),
  "/" + "%".repeat(600),
  "/lone\uD800surrogate",
  "  /trimmed  ",
  "contact",
  "https://www.example.com/contact",
  "",
  "/line\nbreak\u0000",
];

describe("sanitizeAttribution: hostile inputs give an attribution the contract accepts", () => {
  it("the contract has the Attribution schema, and every form's rules take it as the sanitizer reads it", () => {
    expect(validateAttribution).toBeDefined();
    for (const [operationId, rules] of Object.entries(RULES)) {
      expect({ operationId, attribution: rules.schema.properties.attribution }).toEqual({ operationId, attribution: RULE });
    }
  });

  const cases: [string, Record<string, unknown>, unknown][] = [];
  for (const value of CAMPAIGN_VALUES) {
    cases.push([`utm values ${JSON.stringify(value.slice(0, 40))}`, { landingPage: "/", utm_source: value, utm_medium: value, utm_campaign: value, utm_term: value, utm_content: value }, "/contact"]);
  }
  for (const referrer of REFERRERS) cases.push([`referrer ${JSON.stringify(referrer.slice(0, 60))}`, { landingPage: "/", referrer }, "/contact"]);
  for (const page of PATHS) cases.push([`landing page and page ${JSON.stringify(page.slice(0, 40))}`, { landingPage: page }, page]);
  cases.push(["values of other types", { landingPage: 42, referrer: { href: "https://x.example" }, utm_source: ["a"], utm_medium: null, utm_term: true }, 7]);
  cases.push(["unknown keys", { landingPage: "/", evil: "x", __proto__: { polluted: "yes" } }, "/contact"]);

  it.each(cases)("%s", (_name, kept, page) => {
    const attribution = sanitizeAttribution(kept, page, RULE);
    if (attribution === undefined) return; // nothing usable: sent without attribution
    expect(Object.keys(attribution).length).toBeGreaterThan(0);
    expect(problems(attribution)).toEqual([]);
    // And the browser's own check of the rules agrees.
    expect(isValidValue(RULE, attribution)).toBe(true);
  });

  it("keeps what is already right as it is", () => {
    const kept = { landingPage: "/", referrer: "https://www.google.com", utm_source: "x", utm_campaign: "y" };
    expect(sanitizeAttribution(kept, "/contact", RULE)).toEqual({ ...kept, page: "/contact" });
    const full = {
      landingPage: "/loading-arms",
      referrer: "https://www.linkedin.com",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "حملة-الربع-الثاني",
      utm_term: "bottom loading arm",
      utm_content: "banner-2",
    };
    expect(sanitizeAttribution(full, "/careers", RULE)).toEqual({ ...full, page: "/careers" });
  });

  it("campaign values: one line of visible text, at most 200 code points, no =?", () => {
    expect(campaignValue(LONG, CAMPAIGN_MAX)).toBe("x".repeat(200));
    expect(Array.from(campaignValue(ARABIC.repeat(40), CAMPAIGN_MAX)!).length).toBeLessThanOrEqual(200);
    expect(campaignValue(ARABIC)).toBe(ARABIC);
    expect(campaignValue("spring\u0000sale\r\nBcc: someone@example.org\tnow\u007f")).toBe("spring sale Bcc: someone@example.org now");
    expect(campaignValue("=?utf-8?B?SGVsbG8=?=")).not.toContain("=?");
    expect(campaignValue("==??")).not.toContain("=?");
    expect(campaignValue("=\u200B?")).not.toContain("=?");
    expect(campaignValue("\u202Eevil\u202C")).toBe("evil");
    expect(campaignValue("\u200B\u2060\uFEFF")).toBeUndefined();
    expect(campaignValue("   ")).toBeUndefined();
    expect(sanitizeAttribution({ utm_source: "\u3164\u115F  \u2800" }, undefined, RULE)).toBeUndefined();
    expect(campaignValue("x".repeat(199) + "👍", CAMPAIGN_MAX)).toBe("x".repeat(199) + "👍");
    expect(campaignValue("lone \uD800 surrogate")).toBe("lone surrogate");
  });

  it("the referrer: its origin only, or nothing", () => {
    expect(siteOrigin("https://www.google.com/search?q=z")).toBe("https://www.google.com");
    expect(siteOrigin("https://user:secret@evil.example:8443/a?b#c")).toBe("https://evil.example:8443");
    expect(siteOrigin("https://bücher.example/über")).toBe("https://xn--bcher-kva.example");
    expect(siteOrigin("not an address")).toBeUndefined();
    for (const referrer of ["android-app://com.google.android.gm/", "javascript:alert(1)", "http://[::1]:8080/", "file:///etc/passwd", `https://${"a".repeat(400)}.example/`]) {
      expect(sanitizeAttribution({ referrer }, undefined, RULE)).toBeUndefined();
    }
  });

  it("pages: a percent-encoded path without query or fragment, at most 500 characters, no escape cut in half", () => {
    expect(sitePath("/landing page#top")).toBe("/landing%20page");
    expect(sitePath("/a b?utm_source=x&utm_campaign=y")).toBe("/a%20b");
    expect(sitePath("/#/hash-route")).toBe("/");
    expect(sitePath("/ürün")).toBe("/%C3%BCr%C3%BCn");
    expect(sitePath("/%zz/100%")).toBe("/%25zz/100%25");
    expect(sitePath("/%E2%9C%93")).toBe("/%E2%9C%93");
    expect(sitePath("/<script>")).toBe("/%3Cscript%3E");
    expect(sitePath("  /trimmed  ")).toBe("/trimmed");
    expect(sitePath("contact")).toBeUndefined();
    expect(sitePath("https://www.example.com/contact")).toBeUndefined();
    expect(sitePath("")).toBeUndefined();
    const long = sitePath("/" + "é".repeat(600), PATH_MAX)!;
    expect(long.length).toBeLessThanOrEqual(500);
    expect(long).toMatch(/^(\/|%C3%A9)+$/);
    expect(sitePath("/" + "%".repeat(600), PATH_MAX)).toMatch(/^\/(%25)+$/);
  });

  it("nothing usable, or a form that takes no attribution: none", () => {
    expect(sanitizeAttribution({}, undefined, RULE)).toBeUndefined();
    expect(sanitizeAttribution(null, "contact", RULE)).toBeUndefined();
    expect(sanitizeAttribution("landingPage", "/contact", RULE)).toEqual({ page: "/contact" });
    expect(sanitizeAttribution([{ landingPage: "/" }], "/contact", RULE)).toEqual({ page: "/contact" });
    expect(sanitizeAttribution({ landingPage: "/" }, "/contact", undefined)).toBeUndefined();
    expect(sanitizeAttribution({ landingPage: "/" }, "/contact", { type: "object" })).toBeUndefined();
  });
});

/** A sessionStorage as the browser's (or one that throws, as in some privacy modes). */
class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

function setBrowser(href: string, referrer: string, storage: unknown): void {
  const url = new URL(href);
  Object.defineProperty(globalThis, "location", { configurable: true, value: { pathname: url.pathname, search: url.search, origin: url.origin } });
  Object.defineProperty(globalThis, "document", { configurable: true, value: { referrer } });
  Object.defineProperty(globalThis, "sessionStorage", {
    configurable: true,
    get: () => {
      if (storage === "throws") throw new DOMException("The operation is insecure.", "SecurityError");
      return storage;
    },
  });
}

describe("captureAttribution and readAttribution (the visit, in the browser)", () => {
  afterEach(() => {
    for (const name of ["location", "document", "sessionStorage"]) delete (globalThis as Record<string, unknown>)[name];
  });

  it("the first page keeps its path, the other site's origin and its utm_* parameters; later pages never overwrite them", () => {
    const storage = new MemoryStorage();
    setBrowser("https://site.example/?utm_source=x&utm_campaign=y&utm_id=7&other=1", "https://www.google.com/search?q=z", storage);
    captureAttribution();
    expect(JSON.parse(storage.getItem(ATTRIBUTION_KEY)!)).toEqual({ landingPage: "/", referrer: "https://www.google.com", utm_source: "x", utm_campaign: "y" });

    setBrowser("https://site.example/contact?utm_source=other", "https://www.bing.com/", storage);
    captureAttribution();
    expect(readAttribution(RULE)).toEqual({ landingPage: "/", referrer: "https://www.google.com", utm_source: "x", utm_campaign: "y", page: "/contact" });
  });

  it("a referrer of our own site is no source", () => {
    const storage = new MemoryStorage();
    setBrowser("https://site.example/contact", "https://site.example/products", storage);
    captureAttribution();
    expect(JSON.parse(storage.getItem(ATTRIBUTION_KEY)!)).toEqual({ landingPage: "/contact" });
  });

  it("hostile values kept from the address are made to fit when read", () => {
    const storage = new MemoryStorage();
    const hostile = encodeURIComponent(`=?utf-8?\u0000${"ü".repeat(3000)}`);
    setBrowser(`https://site.example/l%20p?utm_term=${hostile}&utm_content=%E2%80%AE`, "android-app://com.google.android.gm/", storage);
    captureAttribution();
    const attribution = readAttribution(RULE, "/contact");
    expect(problems(attribution)).toEqual([]);
    expect(attribution).toMatchObject({ landingPage: "/l%20p", page: "/contact" });
    expect(attribution).not.toHaveProperty("referrer");
    expect(attribution).not.toHaveProperty("utm_content");
  });

  it("without sessionStorage (a privacy mode throws), nothing breaks: only the page is sent", async () => {
    setBrowser("https://site.example/?utm_source=x", "", "throws");
    expect(() => captureAttribution()).not.toThrow();
    expect(readAttribution(RULE, "/contact")).toEqual({ page: "/contact" });
    expect(await attributionFor(RULE)).toEqual({ page: "/" });
    expect(await attributionFor(undefined)).toBeUndefined();
  });

  it("a kept value that is not JSON is ignored", () => {
    const storage = new MemoryStorage();
    storage.setItem(ATTRIBUTION_KEY, "{not json");
    setBrowser("https://site.example/about-us", "", storage);
    captureAttribution();
    expect(storage.getItem(ATTRIBUTION_KEY)).toBe("{not json");
    expect(readAttribution(RULE)).toEqual({ page: "/about-us" });
  });
});

describe("toFormData: the attribution is one JSON-encoded part", () => {
  it("encodes a plain object as JSON, as it does a list; other objects as text", () => {
    const attribution = { landingPage: "/", referrer: "https://www.google.com", page: "/careers" };
    const form = toFormData({ firstName: "Ada", interestedIn: ["A"], attribution, bare: Object.assign(Object.create(null), { a: 1 }), when: new Date(0) });
    expect(form.get("attribution")).toBe(JSON.stringify(attribution));
    expect(JSON.parse(form.get("attribution") as string)).toEqual(attribution);
    expect(form.get("interestedIn")).toBe('["A"]');
    expect(form.get("bare")).toBe('{"a":1}');
    expect(form.get("when")).toBe(new Date(0).toString());
    expect([...form.values()]).not.toContain("[object Object]");
  });
});
