/**
 * Where a lead came from (src/attribution/), in Chromium against the real
 * server: the first page of a visit keeps its path, the other site's origin
 * and its utm_* parameters in sessionStorage; a form sent later in the visit
 * carries them, with the page it is sent from and its language, as `attribution` (a JSON
 * object, or one JSON-encoded part of a multipart body); the server accepts
 * it and the notification (the outbox's .eml, without SMTP) ends with
 * "Where it came from:". A later page, reloaded or not, never overwrites the
 * landing page; a new tab is a new visit.
 */
import type { Locator, Page, Request } from "@playwright/test";
import fs from "fs";
import os from "os";
import path from "path";
import { makePdf } from "../../testkit/documents";
import { expect, formReady, test } from "../../testkit/e2e";

const API = "/api/v1/contact/";
const KEY = "lead-attribution";
const SENT = "Your message has been sent successfully!";
const GOOGLE = "https://www.google.com/search?q=z";

/** Where the server Playwright starts writes its notifications without SMTP (playwright.config.ts): DATA_DIR/outbox/<id>.eml. */
const PORT = Number(process.env.E2E_PORT ?? 8765);
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `site-e2e-${PORT}`), "outbox");

/** The text of an .eml, quoted-printable soft line breaks undone. */
function emlText(raw: string): string {
  return raw.replace(/=\r?\n/g, "");
}

/** The .eml the outbox wrote for a notification holding `marker`, if any yet. */
function emailWith(marker: string): string | undefined {
  if (!fs.existsSync(OUTBOX)) return undefined;
  for (const name of fs.readdirSync(OUTBOX)) {
    if (!name.endsWith(".eml")) continue;
    const text = emlText(fs.readFileSync(path.join(OUTBOX, name), "utf8"));
    if (text.includes(marker)) return text;
  }
  return undefined;
}

async function waitForEmail(marker: string): Promise<string> {
  await expect.poll(() => emailWith(marker) !== undefined, { timeout: 20_000, message: `no notification holding ${marker}` }).toBe(true);
  return emailWith(marker)!;
}

async function formIn(scope: Page | Locator, slot: string): Promise<Locator> {
  const form = scope.locator(`form[data-form="${slot}"]`);
  return formReady(form);
}

/** Types as a person does, a key at a time. */
async function type(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.pressSequentially(text, { delay: 40 });
}

/** The next POST to one call of the API. */
function nextPost(page: Page, call: string): Promise<Request> {
  return page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith(`${API}${call}`));
}

/** What the visit keeps (sessionStorage of the page's tab). */
async function kept(page: Page): Promise<unknown> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "null"), KEY);
}

/**
 * Records the fields of every multipart body the page sends to the API, as the
 * browser's fetch sees them (Chromium does not hand a body with files to
 * Playwright): text values, and { filename, size } for files.
 */
async function recordMultipart(page: Page): Promise<void> {
  await page.addInitScript((api) => {
    if ("__multipart" in window) return;
    const original = window.fetch.bind(window);
    const sent: { url: string; fields: Record<string, unknown> }[] = [];
    (window as unknown as { __multipart: typeof sent }).__multipart = sent;
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.method === "POST" && request.url.includes(api) && request.headers.get("content-type")?.startsWith("multipart/form-data")) {
        const form = await request.clone().formData();
        const fields: Record<string, unknown> = {};
        form.forEach((value, key) => {
          fields[key] = typeof value === "string" ? value : { filename: value.name, size: value.size };
        });
        sent.push({ url: request.url, fields });
      }
      return original(request);
    };
  }, API);
}

async function sentMultipart(page: Page, call: string): Promise<Record<string, unknown>> {
  const sent = await page.evaluate(() => (window as unknown as { __multipart: { url: string; fields: Record<string, unknown> }[] }).__multipart);
  const last = sent.filter((entry) => entry.url.endsWith(call)).pop();
  expect(last).toBeDefined();
  return last!.fields;
}

test.describe("lead attribution", () => {
  test("landing from a search with utm_* parameters, then the contact form by a link: the lead says where it came from", async ({ page, hydrated }) => {
    await page.goto("/?utm_source=x&utm_campaign=y", { referer: GOOGLE });
    await hydrated();
    expect(await page.evaluate(() => document.referrer)).toBe(GOOGLE);
    expect(await kept(page)).toEqual({ landingPage: "/", referrer: "https://www.google.com", utm_source: "x", utm_campaign: "y" });

    // A client-side navigation: the same document goes on (a mark set on the window survives).
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole("banner").getByRole("link", { name: "Contact us" }).first().click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, "") === "/contact");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    const form = await formIn(page, "contact_us");
    const company = `Attributed Works ${Date.now().toString(36)}`;
    await type(form.getByLabel("First name"), "Ada");
    await type(form.getByLabel("Last name"), "Lovelace");
    await type(form.getByLabel("E-mail"), "ada@example.org");
    await type(form.getByLabel("Phone number"), "0501234567");
    await type(form.getByLabel("Company"), company);
    await form.getByLabel("Subject").selectOption("Technical Support");
    await type(form.getByLabel("Message"), "Please call me about a torque pump.");

    const post = nextPost(page, "contact_us");
    await form.getByRole("button", { name: "Send message" }).click();
    const request = await post;
    const body = request.postDataJSON() as Record<string, unknown>;
    expect(body.attribution).toEqual({ landingPage: "/", referrer: "https://www.google.com", utm_source: "x", utm_campaign: "y", page: "/contact", language: "en" });
    expect((await request.response())!.status()).toBe(201);
    await expect(form.getByRole("status")).toHaveText(SENT);

    const email = await waitForEmail(company);
    const foot = email.slice(email.indexOf("Where it came from:"));
    expect(email).toContain("Where it came from:");
    for (const line of [
      "- Language: English",
      "- Sent from: /contact",
      "- Landing page: /",
      "- Referring site: https://www.google.com",
      "- Campaign source (utm_source): x",
      "- Campaign (utm_campaign): y",
    ]) {
      expect(foot).toContain(line);
    }
    expect(foot).not.toContain("utm_medium");
  });

  test("a multipart form (the order upload) sends the attribution as one JSON part, and is accepted", async ({ page, hydrated }) => {
    await recordMultipart(page);
    await page.goto("/top-loading-arms?utm_source=newsletter&utm_medium=email&utm_content=%E2%80%AEbanner%0A2", { referer: "https://www.linkedin.com/feed/" });
    await hydrated(page.getByTestId("product-tabs"));
    await page.getByRole("tab", { name: "Order Form", exact: true }).click();
    const form = await formIn(page.getByRole("tabpanel", { name: "Order Form", exact: true }), "product_order_form");
    await form.getByLabel("Answered questionnaire").setInputFiles({ name: "answers.pdf", mimeType: "application/pdf", buffer: makePdf("Answers") });

    const post = nextPost(page, "product_order_form");
    await form.getByRole("button", { name: "Submit" }).click();
    const response = (await (await post).response())!;
    expect(response.status()).toBe(201);
    await expect(form.getByRole("status")).toHaveText("File uploaded successfully!");

    const fields = await sentMultipart(page, "product_order_form");
    expect(typeof fields.attribution).toBe("string");
    // The bidirectional control is removed and the line break made a space: the contract's one line of visible text.
    expect(JSON.parse(fields.attribution as string)).toEqual({
      landingPage: "/top-loading-arms",
      referrer: "https://www.linkedin.com",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_content: "banner 2",
      page: "/top-loading-arms",
      language: "en",
    });

    const { id } = (await response.json()) as { id: string };
    const email = await waitForEmail(`Reference: ${id}`);
    const foot = email.slice(email.indexOf("Where it came from:"));
    expect(email).toContain("Where it came from:");
    expect(foot).toContain("- Sent from: /top-loading-arms");
    expect(foot).toContain("- Referring site: https://www.linkedin.com");
    expect(foot).toContain("- Campaign content (utm_content): banner 2");
  });

  test("a second tab is a new visit, with its own attribution", async ({ page, context, hydrated }) => {
    await page.goto("/?utm_source=first", { referer: GOOGLE });
    await hydrated();
    const other = await context.newPage();
    await other.goto("/about-us?utm_campaign=second", { referer: "https://www.bing.com/search?q=pumps" });
    await hydrated(other);
    expect(await kept(other)).toEqual({ landingPage: "/about-us", referrer: "https://www.bing.com", utm_campaign: "second" });
    expect(await kept(page)).toEqual({ landingPage: "/", referrer: "https://www.google.com", utm_source: "first" });
    await other.close();
  });

  test("a later page of the visit, loaded again or reloaded, never overwrites the landing page; an internal referrer is no source", async ({ page, hydrated }) => {
    await page.goto("/about-us?utm_campaign=spring", { referer: GOOGLE });
    await hydrated();
    const landing = { landingPage: "/about-us", referrer: "https://www.google.com", utm_campaign: "spring" };
    expect(await kept(page)).toEqual(landing);

    // A full page load of another page (with its own parameters, from our own site), then a reload.
    await page.goto("/contact?utm_source=later", { referer: new URL("/careers", page.url()).href });
    await hydrated();
    await page.reload();
    await hydrated();
    expect(await kept(page)).toEqual(landing);

    const form = await formIn(page.getByRole("contentinfo"), "news-letter");
    await form.getByLabel("E-mail address").fill("landing.reader@example.org");
    const post = nextPost(page, "news-letter");
    await form.getByRole("button", { name: "Subscribe" }).click();
    const request = await post;
    expect(request.postDataJSON()).toEqual({ email: "landing.reader@example.org", mailType: "news_letter", attribution: { ...landing, page: "/contact", language: "en" } });
    expect((await request.response())!.status()).toBe(201);
  });

  test("without sessionStorage (a privacy mode), the page works and the form is sent with its page only", async ({ page, hydrated }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.addInitScript(() => {
      Object.defineProperty(window, "sessionStorage", {
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    });
    await page.goto("/about-us?utm_source=x", { referer: GOOGLE });
    await hydrated();
    const form = await formIn(page.getByRole("contentinfo"), "news-letter");
    await form.getByLabel("E-mail address").fill("private.reader@example.org");
    const post = nextPost(page, "news-letter");
    await form.getByRole("button", { name: "Subscribe" }).click();
    const request = await post;
    expect(request.postDataJSON()).toEqual({ email: "private.reader@example.org", mailType: "news_letter", attribution: { page: "/about-us", language: "en" } });
    expect((await request.response())!.status()).toBe(201);
    expect(errors).toEqual([]);
  });
});
