import { createHash } from "crypto";
import fs from "fs";
import path from "path";
import { test as base, type BrowserContext, type Locator, type Page, type Request } from "@playwright/test";
import outboxWords from "../../data/offline-outbox.json";
import formWords from "../../data/form-words.json";
import contactWords from "../../data/forms/contact_us.json";
import { axeViolations } from "../../testkit/axe";
import { makePdf } from "../../testkit/documents";
import { watchPageProblems } from "../../testkit/built-site";
import { expect, formReady, waitForHydration } from "../../testkit/e2e";
import { inspectStore, ROOT, startServer, startSmtpPeer, type ServerProcess, type SmtpPeer } from "../../testkit/faults";
import { goOffline, goOnline, waitForServiceWorker } from "../../testkit/offline";

/**
 * Forms sent without a network (src/offline/outbox/, src/offline/sw/outbox.ts):
 * kept on the device by the real service worker, sent once the network is
 * back, under the Idempotency-Key of their first try, with a fresh proof of
 * work, to a real server (this build's public/, the spam defence on) that
 * notifies a real SMTP peer. Each test's visitor has a name of its own, so
 * its mail and stored rows are told apart from the other tests'.
 */

const SAVED = outboxWords.saved;
/** A replay solves a proof of work and waits for its sendAfter, one item at a time, on a machine that may be busy. */
const DELIVERY_TIMEOUT_MS = 60_000;

interface Site {
  server: ServerProcess;
  peer: SmtpPeer;
}

const test = base.extend<object, { site: Site }>({
  site: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const peer = await startSmtpPeer();
      const server = await startServer({ env: { PUBLIC_DIR: path.join(ROOT, "public"), SMTP_URL: peer.url, SPAM_CHECKS: "on", OUTBOX_INTERVAL_MS: "500" } });
      await provide({ server, peer });
      await server.stop();
      await peer.close();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ site }, provide) => provide(site.server.url),
});

test.describe.configure({ timeout: 150_000 });
// The site's service worker runs here, as for visitors (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/** A name no other test uses: it is in the e-mail's subject and the stored payload. */
function uniqueName(): string {
  return `Tester${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;
}

/** The mails the peer accepted for this visitor. */
const mailsFor = (site: Site, name: string) => site.peer.received.filter((mail) => mail.subject.includes(name));

/** The stored submissions of this visitor, by mail type. */
function storedFor(site: Site, name: string): string[] {
  return [...inspectStore(site.server.dataDir, []).stored.values()].filter((row) => row.payload.includes(name)).map((row) => row.mail_type);
}

/** The files stored with the submissions whose file was sent under `fileName`: their bytes' SHA-256. */
function storedFiles(site: Site, fileName: string): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Database = require("better-sqlite3") as typeof import("better-sqlite3");
  const db = new Database(path.join(site.server.dataDir, "site.db"), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT stored_name FROM attachments WHERE original_name = ?").all(fileName) as { stored_name: string }[];
    return rows.map((row) => createHash("sha256").update(fs.readFileSync(path.join(site.server.dataDir, "uploads", row.stored_name))).digest("hex"));
  } finally {
    db.close();
  }
}

/** The script of this build that holds the API client (src/contract/client.ts): the one chunk of the page's bundle that asks for a challenge. */
function apiClientChunk(): string {
  const { assetsByChunkName } = JSON.parse(fs.readFileSync(path.join(ROOT, "public", "webpack.stats.json"), "utf8")) as { assetsByChunkName: Record<string, string[]> };
  const runtime = fs.readFileSync(path.join(ROOT, "public", assetsByChunkName.app.find((file) => file.startsWith("webpack-runtime-")) ?? ""), "utf8");
  const chunks = fs
    .readdirSync(path.join(ROOT, "public"))
    .filter((file) => /^\d+-[0-9a-f]+\.js$/.test(file) && runtime.includes(`${file.split("-")[0]}:"${file.slice(file.indexOf("-") + 1, -3)}"`))
    .filter((file) => fs.readFileSync(path.join(ROOT, "public", file), "utf8").includes("/api/v1/contact/challenge"));
  expect(chunks).toHaveLength(1);
  return `/${chunks[0]}`;
}

interface KeptRecord {
  id: string;
  form: string;
  path: string;
  contentType: string;
  bytes: number;
  text: string;
  state: string;
  attempts: number;
  last?: string | number;
}

/** The outbox's records (IndexedDB "site-outbox"), bodies as their length; never creates the database. */
function outbox(page: Page): Promise<KeptRecord[]> {
  return page.evaluate(
    () =>
      new Promise<KeptRecord[]>((resolve, reject) => {
        const open = indexedDB.open("site-outbox");
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction("items").objectStore("items").getAll();
          read.onsuccess = () => {
            db.close();
            resolve((read.result as (KeptRecord & { body: ArrayBuffer })[]).map(({ body, ...rest }) => ({ ...rest, bytes: body.byteLength })));
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

/** Opens `url` controlled by the service worker, hydrated. */
async function openControlled(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForServiceWorker(page);
  await waitForHydration(page);
}

/** The outbox's module is fetched only once something is kept: never on a visit with nothing waiting. */
async function expectNoOutboxCode(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  const scripts = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname));
  expect(scripts.filter((script) => script.startsWith("/outbox"))).toEqual([]);
  await expect(page.getByTestId("outbox")).toHaveCount(0);
}

async function fillContact(form: Locator, lastName: string): Promise<void> {
  await form.getByLabel("First name").fill("Ada");
  await form.getByLabel("Last name").fill(lastName);
  await form.getByLabel("E-mail").fill("ada@example.org");
  await form.getByLabel("Phone number").fill("0501234567");
  await form.getByLabel("Company").fill("Analytical Engines");
  await form.getByLabel("Subject").selectOption("Technical Support");
  await form.getByLabel("Message").fill("Please call me about a torque pump.");
}

async function addToEnquiry(page: Page, slug: string): Promise<void> {
  await page.goto(`/${slug}`);
  await waitForHydration(page);
  const add = page.locator("main").getByTestId("add-to-enquiry").first();
  await add.getByRole("button", { name: "Add to enquiry" }).click();
  await expect(add.getByRole("status")).toContainText("added to your enquiry");
}

/** Every POST of a form call, from the pages and from the service worker. */
function formPosts(context: BrowserContext, call: string): Request[] {
  const posts: Request[] = [];
  context.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === `/api/v1/contact/${call}`) posts.push(request);
  });
  return posts;
}

/** The indicator is visible, and the page does not scroll sideways, from 360 to 1920 px. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  for (const width of [360, 1024, 1280, 1440, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByRole("button", { name: "Send now" })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("offline, the contact form and a quotation request are kept on the device; back online each is sent, stored and mailed once", async ({ page, context, site }) => {
  const name = uniqueName();
  await addToEnquiry(page, "torque-pump");
  await addToEnquiry(page, "nut-splitter");
  await openControlled(page, "/contact");
  await expectNoOutboxCode(page);
  const enquiryPage = await context.newPage();
  await enquiryPage.goto("/enquiry");
  await waitForHydration(enquiryPage);
  await expect(enquiryPage.getByTestId("enquiry-item")).toHaveCount(2);
  await expect.poll(() => enquiryPage.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await goOffline(context);

  const contact = page.locator('form[data-form="contact_us"]');
  await fillContact(contact, name);
  await contact.getByRole("button", { name: "Send message" }).click();
  await expect(contact.getByRole("status")).toHaveText(SAVED);
  // Reset as on success.
  await expect(contact.getByLabel("Last name")).toHaveValue("");
  await expect(contact.getByLabel("Subject")).toHaveValue("General Inquiry");

  const quote = enquiryPage.locator('form[data-form="quote_request"]');
  await quote.getByLabel("First name").fill("Ada");
  await quote.getByLabel("Last name").fill(name);
  await quote.getByLabel("E-mail").fill("ada@example.org");
  await quote.getByLabel("Phone number").fill("0501234567");
  await quote.getByLabel("Company").fill("Analytical Engines");
  await enquiryPage.getByRole("button", { name: "Send enquiry" }).click();
  await expect(enquiryPage.getByRole("status").filter({ hasText: SAVED })).toHaveText(SAVED);
  // The list is emptied as on success.
  await expect(enquiryPage.getByTestId("enquiry-item")).toHaveCount(0);

  // Kept: one record each, the body as bytes, the key a UUID; the header says what waits (politely).
  const kept = await outbox(page);
  expect(kept.map((record) => record.form).sort()).toEqual(["contact_us", "quote_request"]);
  for (const record of kept) {
    expect(record).toMatchObject({ state: "waiting", contentType: "application/json", path: `/api/v1/contact/${record.form}` });
    expect(record.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(record.bytes).toBeGreaterThan(100);
    expect(record.text).toContain(`Last name: ${name}`);
  }
  const count = page.getByTestId("outbox-count");
  await expect(count).toHaveText("2 forms wait to be sent");
  await expect(count).toHaveAttribute("aria-live", "polite");
  await expect(page.getByRole("button", { name: "Send now" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(mailsFor(site, name)).toHaveLength(0);

  await goOnline(context);

  await expect.poll(() => mailsFor(site, name).length, { timeout: DELIVERY_TIMEOUT_MS }).toBe(2);
  await expect.poll(() => outbox(page), { timeout: DELIVERY_TIMEOUT_MS }).toEqual([]);
  await expect(count).toBeEmpty();
  await expect(page.getByRole("button", { name: "Send now" })).toHaveCount(0);
  expect(storedFor(site, name).sort()).toEqual(["contact", "quote_request"]);
  const mails = mailsFor(site, name);
  expect(mails).toHaveLength(2);
  expect(mails.some((mail) => mail.raw.includes("torque-pump") || mail.raw.includes("Torque Pump"))).toBe(true);
});

test("a connection cut after the server stored a send is replayed under the same key: stored once, mailed once", async ({ page, context, site }) => {
  const name = uniqueName();
  await openControlled(page, "/contact");
  const posts = formPosts(context, "contact_us");
  let cut = 0;
  // The first send reaches the server (stored, answered 201), then the connection drops before the page has the answer.
  await page.route("**/api/v1/contact/contact_us", async (route) => {
    if (cut > 0) return route.fallback();
    cut += 1;
    const answer = await route.fetch();
    expect(answer.status()).toBe(201);
    await route.abort("connectionreset");
  });

  const contact = page.locator('form[data-form="contact_us"]');
  await fillContact(contact, name);
  await contact.getByRole("button", { name: "Send message" }).click();
  await expect(contact.getByRole("status")).toHaveText(SAVED);

  await expect.poll(() => outbox(page), { timeout: DELIVERY_TIMEOUT_MS }).toEqual([]);
  await expect.poll(() => mailsFor(site, name).length, { timeout: DELIVERY_TIMEOUT_MS }).toBe(1);
  expect(storedFor(site, name)).toEqual(["contact"]);
  // The first try and the service worker's replay, both under one key.
  expect(posts.length).toBeGreaterThanOrEqual(2);
  const keys = new Set(posts.map((post) => post.headers()["idempotency-key"]));
  expect(keys.size).toBe(1);
  expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(posts.some((post) => post.serviceWorker() !== null)).toBe(true);
  expect(mailsFor(site, name)).toHaveLength(1);
});

test("a send the server refuses for its content moves to the visible list, with the visitor's text to copy, until dismissed", async ({ page, context, site }) => {
  const name = uniqueName();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openControlled(page, "/contact");
  await goOffline(context);
  const contact = page.locator('form[data-form="contact_us"]');
  await fillContact(contact, name);
  await contact.getByRole("button", { name: "Send message" }).click();
  await expect(contact.getByRole("status")).toHaveText(SAVED);
  // Once the worker's first try (no network) is over, the kept body is made one the server refuses (no required field).
  await expect.poll(async () => (await outbox(page))[0]?.attempts ?? 0, { timeout: DELIVERY_TIMEOUT_MS }).toBeGreaterThan(0);
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("site-outbox");
        open.onsuccess = () => {
          const transaction = open.result.transaction("items", "readwrite");
          const store = transaction.objectStore("items");
          const cursor = store.openCursor();
          cursor.onsuccess = () => {
            const record = cursor.result?.value as { body: ArrayBuffer } | undefined;
            if (record) cursor.result?.update({ ...record, body: new TextEncoder().encode('{"mailType":"contact"}').buffer });
          };
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );

  await goOnline(context);

  const refused = page.getByTestId("outbox-refused");
  await expect(refused).toBeVisible({ timeout: DELIVERY_TIMEOUT_MS });
  await expect(refused.locator("summary")).toHaveText("1 form was not accepted");
  await expect(page.getByTestId("outbox-count")).toBeEmpty();
  await refused.locator("summary").click();
  const item = refused.getByTestId("outbox-refused-item");
  await expect(item).toContainText("Contact enquiry");
  await expect(item.locator("pre")).toContainText(`Last name: ${name}`);
  await expect(item.locator("pre")).toContainText("Message: Please call me about a torque pump.");
  await item.getByRole("button", { name: "Copy" }).click();
  await expect(item.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`Last name: ${name}`);
  expect((await outbox(page))[0]).toMatchObject({ state: "refused", last: 400, bytes: 0 });
  expect(await axeViolations(page, { include: '[data-testid="outbox"]' })).toEqual([]);

  await item.getByRole("button", { name: "Dismiss" }).click();
  await expect(refused).toHaveCount(0);
  await expect.poll(() => outbox(page)).toEqual([]);
  expect(storedFor(site, name)).toEqual([]);
  expect(mailsFor(site, name)).toHaveLength(0);
});

test("an upload sent offline when the API client's own code cannot be fetched is kept with its file, and stored with the same bytes once back online", async ({ page, context, site }) => {
  const fileName = `${uniqueName()}.pdf`;
  const pdf = makePdf(`Answers of ${fileName}`);
  await openControlled(page, "/top-loading-arms");
  await page.getByRole("tab", { name: "Order Form", exact: true }).click();
  const form = page.locator('form[data-form="product_order_form"]');
  await expect(form).toHaveAttribute("data-hydrated", "true");
  // The API client's chunk is neither loaded by the page nor in any of the service worker's caches (taken out of them, if there).
  const client = apiClientChunk();
  const present = await page.evaluate(async (script) => {
    const found = performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname);
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) if (new URL(request.url).pathname === script) await cache.delete(request);
      for (const request of await cache.keys()) found.push(new URL(request.url).pathname);
    }
    return found;
  }, client);
  expect(present).not.toContain(client);
  const posts = formPosts(context, "product_order_form");

  await goOffline(context);
  await form.getByLabel("Answered questionnaire").setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: pdf });
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByRole("status")).toHaveText(SAVED);
  await expect(form.getByText(`Selected file: ${fileName}`)).toHaveCount(0);
  // The record holds the multipart body, the file included.
  const [record] = await outbox(page);
  expect(record).toMatchObject({ form: "product_order_form", state: "waiting", text: `Product: TOP LOADING ARMS\nAnswered questionnaire: ${fileName}` });
  expect(record.contentType).toMatch(/^multipart\/form-data; boundary=/);
  expect(record.bytes).toBeGreaterThan(pdf.length);

  await goOnline(context);

  await expect.poll(() => outbox(page), { timeout: DELIVERY_TIMEOUT_MS }).toEqual([]);
  expect(storedFiles(site, fileName)).toEqual([createHash("sha256").update(pdf).digest("hex")]);
  await expect.poll(() => site.peer.received.filter((mail) => mail.raw.includes(fileName)).length, { timeout: DELIVERY_TIMEOUT_MS }).toBe(1);
  expect(posts.length).toBeGreaterThan(0);
  expect(posts.every((post) => post.serviceWorker() !== null)).toBe(true);
});

test("on a first visit, before a service worker controls the page, a send without a network keeps the form filled and says so", async ({ page, context }) => {
  await page.goto("/contact");
  const contact = await formReady(page.locator('form[data-form="contact_us"]'));
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await goOffline(context);
  await fillContact(contact, "Lovelace");
  await contact.getByRole("button", { name: "Send message" }).click();
  await expect(contact.getByRole("alert")).toHaveText(formWords.failure);
  await expect(contact.getByLabel("Last name")).toHaveValue("Lovelace");
  await expect(contact.getByLabel("Message")).toHaveValue("Please call me about a torque pump.");
  await expect(page.getByText(SAVED)).toHaveCount(0);
  expect(await outbox(page)).toEqual([]);
});

test("on a first visit, with the network gone before the form's code came, the served form keeps what is typed; back online, its code comes and the form sends it", async ({ page, context, site }) => {
  const { errors } = watchPageProblems(page);
  await page.goto("/contact");
  await waitForHydration(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await goOffline(context);
  const contact = page.locator('form[data-form="contact_us"]');
  const lastName = uniqueName();
  await fillContact(contact, lastName);
  // Its code could not be fetched: the form is still the served one, filled, its button disabled (never sent natively).
  await expect(contact.getByLabel("Last name")).toHaveValue(lastName);
  await expect(contact.getByRole("button", { name: "Send message" })).toBeDisabled();
  await expect(contact).not.toHaveAttribute("data-hydrated", "true");

  await goOnline(context);
  await expect(contact).toHaveAttribute("data-hydrated", "true", { timeout: DELIVERY_TIMEOUT_MS });
  await expect(contact.getByLabel("Last name")).toHaveValue(lastName);
  await contact.getByRole("button", { name: "Send message" }).click();
  await expect(contact.getByRole("status")).toHaveText(contactWords.success);
  await expect.poll(() => mailsFor(site, lastName).length, { timeout: DELIVERY_TIMEOUT_MS }).toBe(1);
  // The browser reports the fetches that failed offline; nothing else (no exception, no hydration error).
  expect(errors.filter((error) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(error))).toEqual([]);
});
