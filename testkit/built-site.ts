import type { Page } from "@playwright/test";
import fs from "fs";
import path from "path";
import ORDER_UPLOAD_RULES from "../src/contract/form-rules/uploadProductOrder.json";

/** The built site the browser tests run against, and the page-weight counting shared with the benchmark. */
export const PUBLIC = path.resolve(__dirname, "../public");

export interface Weight {
  route: string;
  html: number;
  css: number;
  js: number;
  scripts: { path: string; bytes: number }[];
  requests: string[];
}

// One implementation for `npm run bench:pages` and the tests (a CommonJS module the .mjs benchmark imports too).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const lib = require("./page-weight-lib.cjs") as {
  JS_BUDGET_BYTES: number;
  sitemapRoutes: (publicDir: string) => string[];
  weighRoute: (page: Page, baseUrl: string, publicDir: string, route: string) => Promise<Weight>;
};

export const JS_BUDGET_BYTES = lib.JS_BUDGET_BYTES;

/** Every page the sitemap of the build lists, as paths. */
export const sitemapRoutes = (): string[] => lib.sitemapRoutes(PUBLIC);

/** What only the product order upload's code holds: its call's path, from the contract's rules for the operation. */
export const ORDER_UPLOAD_CODE = ORDER_UPLOAD_RULES.path;

/** The buttons in a page's main part that open a dialog (a11y.spec.ts checks each dialog open). */
export const DIALOG_OPENERS = 'main button[aria-haspopup="dialog"]';

/** How many dialog openers (DIALOG_OPENERS) the build wrote into a page of the sitemap. */
export function dialogOpenersBuilt(route: string): number {
  const html = fs.readFileSync(path.join(PUBLIC, route, "index.html"), "utf8");
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return [...main.matchAll(/<button\b[^>]*\baria-haspopup="dialog"/g)].length;
}

/** Loads `route` and weighs what it loaded before any interaction (see page-weight-lib.cjs). */
export const weighRoute = (page: Page, baseUrl: string, route: string): Promise<Weight> => lib.weighRoute(page, baseUrl, PUBLIC, route);

/**
 * Collects what a page should never show while a test drives it: console
 * errors (CSP reports among them), uncaught exceptions and answers of 400 or
 * more. Read the lists at the end of the test.
 */
export function watchPageProblems(page: Page): { errors: string[]; failed: string[] } {
  const problems = { errors: [] as string[], failed: [] as string[] };
  page.on("console", (message) => {
    if (message.type() === "error" || /Content Security Policy/i.test(message.text())) problems.errors.push(message.text());
  });
  page.on("pageerror", (error) => problems.errors.push(error.message));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.failed.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}
