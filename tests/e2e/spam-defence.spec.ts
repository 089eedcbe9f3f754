/**
 * The browser's half of the forms' spam defence (src/forms/spam/), in
 * Chromium against the real server: no challenge before the visitor starts
 * on a form; then one fetched and solved in a Web Worker of the site's own
 * bundle (under the page's Content-Security-Policy), and sent, solved, in the
 * `Altcha` header of the form's POST, no earlier than its sendAfter; one
 * challenge per send; a send without the header rather than a visitor held
 * back when there is no challenge or no worker. And the spam trap every form
 * has: off the screen, out of the tab order, out of the accessibility tree,
 * sent only when a bot fills it.
 *
 * A solution is checked here as the server would find it: sha256(salt bytes,
 * nonce bytes, counter as 4 bytes big-endian), `cost` times, cut to
 * `keyLength` bytes, must be the derived key and start with keyPrefix.
 */
import type { Locator, Page, Request } from "@playwright/test";
import { createChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { createHash } from "crypto";
import fs from "fs";
import os from "os";
import path from "path";
import { makePdf } from "../../testkit/documents";
import { expect, formReady, test } from "../../testkit/e2e";

const API = "/api/v1/contact/";
const CHALLENGE = `${API}challenge`;
const TRAP_LABEL = "Leave this field empty";
const SENT = "Your message has been sent successfully!";

/** Where the server Playwright starts writes its notifications without SMTP (playwright.config.ts): DATA_DIR/outbox/<id>.eml. */
const PORT = Number(process.env.E2E_PORT ?? 8765);
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `site-e2e-${PORT}`), "outbox");

interface Challenge {
  parameters: {
    algorithm: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    nonce: string;
    salt: string;
    expiresAt: number;
    data: { issuedAt: number; sendAfter: number };
  };
  signature: string;
}
interface Proof {
  challenge: Challenge;
  solution: { counter: number; derivedKey: string };
}

function decodeProof(header: string): Proof {
  expect(header).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
  return JSON.parse(Buffer.from(header, "base64").toString("utf8")) as Proof;
}

/** The key altcha-lib derives for a counter (ALTCHA v2, SHA-256): sha256 over salt, nonce and the counter's 4 big-endian bytes, `cost` times, cut to keyLength. */
function derivedKey(challenge: Challenge, counter: number): string {
  const { salt, nonce, cost, keyLength } = challenge.parameters;
  const counterBytes = Buffer.alloc(4);
  counterBytes.writeUInt32BE(counter);
  let key: Buffer = Buffer.concat([Buffer.from(salt, "hex"), Buffer.from(nonce, "hex"), counterBytes]);
  for (let i = 0; i < Math.max(1, cost); i++) key = createHash("sha256").update(key).digest();
  return key.subarray(0, keyLength).toString("hex");
}

function expectSolved({ challenge, solution }: Proof): void {
  expect(challenge.parameters.algorithm).toBe("SHA-256");
  const key = derivedKey(challenge, solution.counter);
  expect(key).toBe(solution.derivedKey);
  expect(key.startsWith(challenge.parameters.keyPrefix)).toBe(true);
}

/** What the page asks and is answered, with the test's clock at each. */
interface Traffic {
  challenges: { at: number; request: Request }[];
  answered: { at: number; body: Challenge }[];
  posts: { at: number; request: Request }[];
  workers: string[];
  /** Workers ended (each is once it has answered). */
  ended: number;
  blocked: string[];
}

function watch(page: Page): Traffic {
  const traffic: Traffic = { challenges: [], answered: [], posts: [], workers: [], ended: 0, blocked: [] };
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === CHALLENGE) traffic.challenges.push({ at: Date.now(), request });
    else if (request.method() === "POST" && pathname.startsWith(API)) traffic.posts.push({ at: Date.now(), request });
  });
  page.on("response", (response) => {
    if (new URL(response.url()).pathname !== CHALLENGE || response.status() !== 200) return;
    const at = Date.now();
    // A challenge fetched for the next send can still be answered as the test ends: its body is then never
    // read (the page is closed), which is no failure. A body the test needs is awaited through its poll or count.
    response.json().then(
      (body: unknown) => traffic.answered.push({ at, body: body as Challenge }),
      () => undefined,
    );
  });
  page.on("worker", (worker) => {
    traffic.workers.push(worker.url());
    worker.on("close", () => (traffic.ended += 1));
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) traffic.blocked.push(message.text());
  });
  return traffic;
}

async function formIn(page: Page | Locator, slot: string): Promise<Locator> {
  const form = page.locator(`form[data-form="${slot}"]`);
  return formReady(form);
}

/** Types as a person does, a key at a time. */
async function type(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.pressSequentially(text, { delay: 40 });
}

/** A challenge made as the server makes them (server/spam/proof.ts), but unsigned by its secret: the server keeps what it proves for review, which does not matter to a test of the browser. */
async function nodeChallenge(sendAfterMs: number, lifetimeMs = 3_600_000): Promise<Challenge> {
  const issuedAt = Date.now();
  return (await createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter: 500,
    deriveKey,
    expiresAt: Math.floor((issuedAt + lifetimeMs) / 1000),
    data: { issuedAt, sendAfter: issuedAt + sendAfterMs },
    hmacSignatureSecret: "e2e-secret-that-the-server-does-not-know",
    hmacKeySignatureSecret: "e2e-key-secret-that-the-server-does-not-know",
  })) as unknown as Challenge;
}

/** The .eml the outbox wrote for a notification holding `marker`, if any yet. */
function emailWith(marker: string): string | undefined {
  if (!fs.existsSync(OUTBOX)) return undefined;
  for (const name of fs.readdirSync(OUTBOX)) {
    if (!name.endsWith(".eml")) continue;
    const text = fs.readFileSync(path.join(OUTBOX, name), "utf8");
    if (text.includes(marker)) return text;
  }
  return undefined;
}

test.describe("proof of work", () => {
  test("nothing on page load; the contact form filled at human pace sends a solved challenge, solved in the site's own worker, and is delivered", async ({ page }) => {
    const traffic = watch(page);
    await page.goto("/contact");
    const form = await formIn(page, "contact_us");
    await page.waitForLoadState("networkidle");
    expect(traffic.challenges).toHaveLength(0);
    expect(traffic.workers).toHaveLength(0);

    const company = `Proof Works ${Date.now().toString(36)}`;
    await type(form.getByLabel("First name"), "Ada");
    // The first focus asked for one challenge, and a worker solves it.
    await expect.poll(() => traffic.answered.length).toBe(1);
    await expect.poll(() => traffic.workers.length).toBe(1);
    expect(new URL(traffic.workers[0]).origin).toBe(new URL(page.url()).origin);
    expect(traffic.workers[0]).toMatch(/\.js$/);
    await type(form.getByLabel("Last name"), "Lovelace");
    await type(form.getByLabel("E-mail"), "ada@example.org");
    await type(form.getByLabel("Phone number"), "0501234567");
    await type(form.getByLabel("Company"), company);
    await form.getByLabel("Subject").selectOption("Technical Support");
    await type(form.getByLabel("Message"), "Please call me about a torque pump.");
    expect(traffic.challenges).toHaveLength(1);

    const post = page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith(`${API}contact_us`));
    await form.getByRole("button", { name: "Send message" }).click();
    const request = await post;
    const proof = decodeProof((await request.headerValue("altcha")) as string);
    // The challenge exactly as the server gave it, solved.
    expect(proof.challenge).toEqual(traffic.answered[0].body);
    expectSolved(proof);
    expect(request.postDataJSON()).not.toHaveProperty("altContact");
    expect((await request.response())!.status()).toBe(201);
    await expect(form.getByRole("status")).toHaveText(SENT);
    expect(traffic.blocked).toEqual([]);

    // A submission with a valid proof reaches the inbox (one without would be held back for review).
    await expect.poll(() => emailWith(company) !== undefined, { timeout: 20_000, message: "the notification was not written" }).toBe(true);
  });

  test("a send waits for its challenge's sendAfter on the visitor's clock, and each send takes a new challenge", async ({ page }) => {
    const SEND_AFTER_MS = 3_000;
    const traffic = watch(page);
    await page.route(`**${CHALLENGE}`, async (route) => route.fulfill({ json: await nodeChallenge(SEND_AFTER_MS) }));
    await page.goto("/about-us");
    const form = await formIn(page.getByRole("contentinfo"), "news-letter");
    const email = form.getByLabel("E-mail address");
    const button = form.locator('button[type="submit"]'); // its name changes while sending

    await email.fill("first.reader@example.org");
    await button.click();
    // The visitor sees the form sending while it waits.
    await expect(button).toHaveText("Submitting…");
    await expect(button).toBeDisabled();
    await expect.poll(() => traffic.posts.length).toBe(1);
    const first = decodeProof((await traffic.posts[0].request.headerValue("altcha")) as string);
    expect(first.challenge).toEqual(traffic.answered[0].body);
    expectSolved(first);
    const waited = traffic.posts[0].at - traffic.answered[0].at;
    expect(waited).toBeGreaterThanOrEqual(SEND_AFTER_MS - 100);
    expect(waited).toBeLessThan(SEND_AFTER_MS + 2_000);
    await expect(form.getByRole("status")).toHaveText(SENT);

    // The next challenge is fetched as soon as the send is answered.
    await expect.poll(() => traffic.challenges.length).toBe(2);
    await email.fill("second.reader@example.org");
    await button.click();
    await expect.poll(() => traffic.posts.length).toBe(2);
    const second = decodeProof((await traffic.posts[1].request.headerValue("altcha")) as string);
    expectSolved(second);
    expect(second.challenge.parameters.nonce).not.toBe(first.challenge.parameters.nonce);
    expect(second.challenge).toEqual(traffic.answered[1].body);
  });

  test("a multipart form (the order upload, with its file) carries the proof too", async ({ page, hydrated }) => {
    const traffic = watch(page);
    await page.goto("/top-loading-arms");
    await hydrated(page.getByTestId("product-tabs"));
    await page.getByRole("tab", { name: "Order Form", exact: true }).click();
    const form = await formIn(page.getByRole("tabpanel", { name: "Order Form", exact: true }), "product_order_form");
    await form.getByLabel("Answered questionnaire").setInputFiles({ name: "answers.pdf", mimeType: "application/pdf", buffer: makePdf("Answers") });
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(form.getByRole("status")).toHaveText("File uploaded successfully!");
    expect(traffic.posts).toHaveLength(1);
    expect(await traffic.posts[0].request.headerValue("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    const proof = decodeProof((await traffic.posts[0].request.headerValue("altcha")) as string);
    expect(proof.challenge).toEqual(traffic.answered[0].body);
    expectSolved(proof);
  });

  test("a challenge about to expire is replaced at send time", async ({ page }) => {
    const traffic = watch(page);
    // The first challenge lives two minutes: a minute later, it expires within the minute and the send takes a new one.
    let served = 0;
    await page.route(`**${CHALLENGE}`, async (route) => {
      served += 1;
      await route.fulfill({ json: await nodeChallenge(500, served === 1 ? 120_000 : 3_600_000) });
    });
    await page.clock.install();
    await page.goto("/about-us");
    const form = await formIn(page.getByRole("contentinfo"), "news-letter");
    await form.getByLabel("E-mail address").fill("reader@example.org");
    // Solved (the worker ends once it has answered), then a minute passes.
    await expect.poll(() => traffic.ended).toBe(1);
    await page.clock.fastForward(61_000);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => traffic.posts.length).toBe(1);
    // (A third is fetched once the send is answered, for the next one.)
    expect(traffic.answered.length).toBeGreaterThanOrEqual(2);
    const proof = decodeProof((await traffic.posts[0].request.headerValue("altcha")) as string);
    expect(proof.challenge).toEqual(traffic.answered[1].body);
    expectSolved(proof);
  });

  test("without a challenge (an older server) or without the worker, the form sends at once, without the header", async ({ page }) => {
    const traffic = watch(page);
    await page.route(`**${CHALLENGE}`, (route) => route.fulfill({ status: 404, json: { message: "Not found" } }));
    await page.goto("/about-us");
    const form = await formIn(page.getByRole("contentinfo"), "news-letter");
    await form.getByLabel("E-mail address").fill("old.server@example.org");
    const clicked = Date.now();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("status")).toHaveText(SENT);
    expect(traffic.posts).toHaveLength(1);
    expect(await traffic.posts[0].request.headerValue("altcha")).toBeNull();
    expect(traffic.posts[0].at - clicked).toBeLessThan(2_000);

    // A challenge, but the worker's script cannot be had.
    await page.unroute(`**${CHALLENGE}`);
    await page.route("**/spam-proof-worker-*.js", (route) => route.abort());
    await form.getByLabel("E-mail address").fill("no.worker@example.org");
    const again = Date.now();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => traffic.posts.length).toBe(2);
    expect(await traffic.posts[1].request.headerValue("altcha")).toBeNull();
    expect(traffic.posts[1].at - again).toBeLessThan(3_000);
    await expect(form.getByRole("status")).toHaveText(SENT);
  });
});

test.describe("spam trap", () => {
  test("is off the screen, out of the tab order and of the accessibility tree; a person's send leaves it out, a bot's value is sent", async ({ page }) => {
    await page.goto("/contact");
    const form = await formIn(page, "contact_us");
    const trap = form.locator('input[name="altContact"]');
    await expect(trap).toHaveCount(1);
    await expect(trap).toHaveAttribute("tabindex", "-1");
    await expect(trap).toHaveAttribute("autocomplete", "off");
    await expect(trap).toHaveAttribute("type", "text");
    await expect(form.locator('[aria-hidden="true"] input[name="altContact"]')).toHaveCount(1);

    // Not seen: off the screen, whatever the scroll.
    await expect(trap).not.toBeInViewport();
    const box = (await trap.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(0);
    expect(await trap.evaluate((el) => getComputedStyle(el.parentElement!).display)).not.toBe("none");
    // Not read out: no textbox of that name, nothing of it in the form's accessibility tree.
    await expect(form.getByRole("textbox", { name: TRAP_LABEL })).toHaveCount(0);
    expect(await form.ariaSnapshot()).not.toContain(TRAP_LABEL);
    // Not reached with Tab: from the last field, Tab goes to the button.
    await form.getByLabel("Message").focus();
    await page.keyboard.press("Tab");
    await expect(form.getByRole("button", { name: "Send message" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(form.getByLabel("Message")).toBeFocused();

    // A bot fills every input it finds.
    await form.getByLabel("First name").fill("Spam");
    await form.getByLabel("Last name").fill("Bot");
    await form.getByLabel("E-mail").fill("bot@example.org");
    await form.getByLabel("Phone number").fill("0501234567");
    await form.getByLabel("Company").fill("Bots Inc");
    await trap.evaluate((el: HTMLInputElement) => (el.value = "https://spam.example/"));
    const post = page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith(`${API}contact_us`));
    await form.getByRole("button", { name: "Send message" }).click();
    expect((await post).postDataJSON()).toMatchObject({ firstName: "Spam", altContact: "https://spam.example/" });
    // Answered as any other (the server holds it back), and the form resets, trap included.
    await expect(form.getByRole("status")).toHaveText(SENT);
    await expect(trap).toHaveValue("");
  });

  test("every form has one, in its static HTML", async ({ request }) => {
    const pages: [string, string[]][] = [
      ["/contact", ["contact_us", "news-letter"]],
      ["/manufacturing", ["demo_form", "news-letter"]],
      ["/careers", ["careers", "news-letter", "news-letter"]],
      ["/trainings", ["request_for_training", "sme_form", "transfer_partner", "news-letter"]],
      ["/top-loading-arms", ["product_order_form", "news-letter"]],
    ];
    for (const [route, slots] of pages) {
      const html = await (await request.get(route)).text();
      const forms = [...html.matchAll(/<form\b[^>]*data-form="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)].map(([, slot, inner]) => ({ slot, inner }));
      expect([route, forms.map((f) => f.slot).sort()]).toEqual([route, [...slots].sort()]);
      for (const { slot, inner } of forms) {
        expect([route, slot, inner.match(/name="altContact"/g)?.length]).toEqual([route, slot, 1]);
        expect([route, slot, /<div[^>]*aria-hidden="true"[^>]*><label[^>]*>Leave this field empty<\/label><input[^>]*tabindex="-1"/.test(inner)]).toEqual([route, slot, true]);
      }
    }
  });

  test("the quotation request has one too", async ({ page, openHydrated }) => {
    await openHydrated("/impact-sockets");
    const add = page.locator("main").getByTestId("add-to-enquiry").first();
    await add.getByRole("button", { name: "Add to enquiry" }).click();
    await expect(add.getByRole("status")).toContainText("added to your enquiry");
    await page.goto("/enquiry");
    const form = await formIn(page, "quote_request");
    await expect(form.locator('[aria-hidden="true"] input[name="altContact"][tabindex="-1"]')).toHaveCount(1);
    await expect(form.locator('input[name="altContact"]')).not.toBeInViewport();
    expect(await form.ariaSnapshot()).not.toContain(TRAP_LABEL);
  });
});
