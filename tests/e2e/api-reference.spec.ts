import type { Page } from "@playwright/test";
import fs from "fs";
import yaml from "js-yaml";
import path from "path";
import texts from "../../data/api-reference.json";
import { fill } from "../../src/shared/utils/template";
import { axeViolations } from "../../testkit/axe";
import { expect, test } from "../../testkit/e2e";

/**
 * The API reference page (/api-reference), built from openapi.yaml: every
 * operation of the contract (read here from the file) with its path and an
 * entry in the table of contents, required fields marked, a copy button that
 * copies the call from the keyboard, the events of x-webhooks (lead.created:
 * headers, payload fields, examples, a receiver) in the Webhooks section
 * after its calls, no axe violation with its details open, and no sideways
 * scroll of the page on a phone with all its details open.
 */

type Obj = Record<string, unknown>;
interface EventOperation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters: { name: string; in: string; required: boolean; description: string; schema: { pattern: string; "x-pattern-message": string } }[];
  requestBody: { content: Record<string, { examples: Record<string, { summary: string; value: Obj }> }> };
}
const contract = yaml.load(fs.readFileSync(path.resolve(__dirname, "../../openapi.yaml"), "utf8")) as {
  info: { version: string };
  paths: Record<string, Record<string, { operationId: string; summary: string }>>;
  "x-webhooks": Record<string, { post: EventOperation }>;
  components: {
    schemas: Record<string, Obj>;
    parameters: Record<string, { name: string }>;
    responses: Record<string, { headers: Record<string, unknown> }>;
  };
};
/** A copy button's name: the copy label around its code block's label. */
const copyButtonName = (label: keyof typeof texts.labels, id: string) => fill(texts.copy.label, { what: fill(texts.labels[label], { id }) });
/** The event the server sends for each lead, as the contract declares it. */
const LEAD_CREATED = contract["x-webhooks"]["lead.created"].post;
/** A description as the page shows it: `code` as code, lines joined. */
const shownText = (text: string) => text.replace(/`/g, "").replace(/\s+/g, " ").trim();
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];
const OPERATIONS = Object.entries(contract.paths).flatMap(([p, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => ({ path: p, method: method.toUpperCase(), id: op.operationId, summary: op.summary })),
);

/** Opens an operation's details (closed at first) from the keyboard. */
async function openDetails(page: Page, operationId: string): Promise<void> {
  const details = page.locator(`article[id="${operationId}"] details[data-operation-details]`);
  await details.locator("> summary").focus();
  await page.keyboard.press("Enter");
  await expect(details).toHaveAttribute("open", "");
}

test("lists every operation of the contract with its method, path and summary, each in the table of contents", async ({ page, openHydrated }) => {
  await openHydrated("/api-reference");
  expect(OPERATIONS.length).toBeGreaterThanOrEqual(9);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API reference");
  await expect(page.getByTestId("api-version")).toHaveText(contract.info.version);
  const toc = page.getByRole("navigation", { name: "Contents" });
  for (const op of OPERATIONS) {
    const article = page.locator(`article[id="${op.id}"]`);
    await expect(article.getByRole("heading", { level: 3 })).toHaveText(`${op.method} ${op.path}`);
    await expect(article).toContainText(op.summary);
    await expect(toc.locator(`a[href="#${op.id}"]`)).toHaveCount(1);
  }
  await expect(page.locator("article[data-operation]")).toHaveCount(OPERATIONS.length);
  // The shared header and footer, as on every page.
  await expect(page.getByTestId("site-header")).toBeVisible();
  await expect(page.locator("footer")).toBeVisible();
  // The contract itself, to download.
  await expect(page.getByRole("link", { name: /The contract as JSON/ })).toHaveAttribute("href", "/api/v1/openapi.json");
  await expect(page.getByRole("link", { name: /The contract as YAML/ })).toHaveAttribute("href", "/api/v1/openapi.yaml");

  // A link of the contents leads to its operation.
  await toc.locator('a[href="#applyForJob"]').click();
  await expect(page).toHaveURL(/#applyForJob$/);
  await expect(page.locator("article#applyForJob")).toBeInViewport();
});

test("the contact enquiry's field table marks the contract's required fields, with the rules in words", async ({ page, openHydrated }) => {
  await openHydrated("/api-reference");
  const schema = contract.components.schemas.ContactEnquiry as { required: string[]; properties: Obj };
  const article = page.locator("article#sendContactEnquiry");
  await openDetails(page, "sendContactEnquiry");
  await openDetails(page, "applyForJob");
  for (const name of Object.keys(schema.properties)) {
    const row = article.locator(`tr[data-field="${name}"]`);
    await expect(row.locator("td").nth(1)).toHaveText(schema.required.includes(name) ? texts.required : texts.optional);
  }
  const phone = contract.components.schemas.PhoneTenDigits as { "x-pattern-message": string };
  await expect(article.locator('tr[data-field="phoneNumber"]')).toContainText(phone["x-pattern-message"]);
  // The optional Idempotency-Key header of a POST, and the rate-limit headers of the common 429 answer.
  await expect(article.getByRole("region", { name: fill(texts.labels.parameters, { id: "sendContactEnquiry" }) })).toContainText(
    contract.components.parameters.IdempotencyKey.name,
  );
  const tooMany = page.locator("article#response-toomanyrequests");
  await tooMany.locator("details[data-answer-details] > summary").click();
  for (const header of Object.keys(contract.components.responses.TooManyRequests.headers)) {
    await expect(tooMany.getByRole("rowheader", { name: header, exact: true })).toBeVisible();
  }
  await expect(article.locator('[data-status="429"] a')).toHaveAttribute("href", "#response-toomanyrequests");
  // A multipart call shows its files' rules.
  await expect(page.locator("article#applyForJob")).toContainText("PDF, DOC, DOCX");
  await expect(page.locator("article#applyForJob")).toContainText("multipart/form-data");
});

test("the Webhooks section shows lead.created after its calls: headers, payload fields, examples and a receiver to copy", async ({ page, context, baseURL, openHydrated }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await openHydrated("/api-reference");
  const id = LEAD_CREATED.operationId;
  const section = page.locator("section", { has: page.getByRole("heading", { level: 2, name: LEAD_CREATED.tags[0], exact: true }) });
  await expect(section.getByRole("heading", { level: 2 })).toHaveText("Webhooks");
  const article = section.locator(`article[id="${id}"]`);
  await expect(article).toHaveAttribute("data-webhook", "lead.created");
  await expect(article.getByRole("heading", { level: 3 })).toHaveText("POST lead.created");
  await expect(article).toContainText(LEAD_CREATED.summary);
  await expect(article).toContainText(fill(texts.webhooks.sentTo, { method: "POST" }));
  // After the calls of its tag (the signed links of its files), and in the contents.
  const ids = await section.locator("article").evaluateAll((articles) => articles.map((a) => a.id));
  expect(ids.indexOf(id)).toBeGreaterThan(ids.indexOf("downloadAttachment"));
  expect(ids.indexOf("downloadAttachment")).toBeGreaterThanOrEqual(0);
  await expect(page.getByRole("navigation", { name: "Contents" }).locator(`a[href="#${id}"]`)).toHaveText("POST lead.created");

  // Its details, closed at first, opened from the keyboard.
  const details = article.locator("details[data-webhook-details]");
  await expect(details).not.toHaveAttribute("open", "");
  await details.locator("> summary").focus();
  await page.keyboard.press("Enter");
  await expect(details).toHaveAttribute("open", "");

  // The three headers: name, required, pattern and its rule in words, description.
  const headers = article.getByRole("region", { name: fill(texts.labels.headers, { context: id }) });
  expect(LEAD_CREATED.parameters.map((p) => p.name)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
  await expect(headers.locator("tbody tr")).toHaveCount(LEAD_CREATED.parameters.length);
  for (const header of LEAD_CREATED.parameters) {
    const row = headers.locator(`tr[data-parameter="${header.name}"]`);
    await expect(row.getByRole("rowheader")).toHaveText(header.name);
    await expect(row.locator("td").first()).toHaveText(header.required ? texts.required : texts.optional);
    await expect(row).toContainText(header.schema.pattern);
    await expect(row).toContainText(header.schema["x-pattern-message"]);
    await expect(row).toContainText(shownText(header.description));
  }

  // The payload's fields, nested ones too, as a call's request fields are shown.
  const fields = article.getByRole("region", { name: fill(texts.labels.payloadFields, { id }) });
  for (const name of ["type", "timestamp", "data.id", "data.fields", "data.attribution.utm_source", "data.attachments[].url"]) {
    await expect(fields.locator(`tr[data-field="${name}"]`)).toHaveCount(1);
  }
  await expect(fields.locator('tr[data-field="data.id"] td').nth(1)).toHaveText(texts.required);

  // Its examples, each by its summary, as JSON.
  const examples = Object.values(LEAD_CREATED.requestBody.content["application/json"].examples);
  expect(examples.length).toBeGreaterThanOrEqual(2);
  for (const example of examples) {
    const code = article.getByRole("region", { name: fill(texts.labels.example, { context: fill(texts.labels.payload, { id }), title: example.summary, media: "application/json" }) });
    await expect(code).toContainText('"type": "lead.created"');
    await expect(code).toContainText(`"id": "${String((example.value.data as Obj).id)}"`);
  }

  // The answers it expects, and a receiver that verifies the signature, copied from the keyboard.
  await expect(article.locator('[data-status="410"]')).toContainText("Gone");
  await expect(article).toContainText(texts.webhooks.receiverNote);
  const receiver = article.getByRole("region", { name: fill(texts.labels.receiver, { id }) });
  await expect(receiver).toContainText('import { Webhook } from "standardwebhooks";');
  await expect(receiver).toContainText("webhook.verify(req.body, req.headers");
  const copy = article.getByRole("button", { name: copyButtonName("receiver", id) });
  await copy.focus();
  await page.keyboard.press("Enter");
  await expect(article.locator("[data-copy-status]").last()).toHaveText(texts.copy.done);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await receiver.innerText());
});

test("a copy button copies its curl call, from the keyboard, and says so", async ({ page, context, baseURL, openHydrated }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await openHydrated("/api-reference");
  const article = page.locator("article#sendContactEnquiry");
  const button = article.getByRole("button", { name: copyButtonName("curl", "sendContactEnquiry") });
  const code = article.getByRole("region", { name: fill(texts.labels.curl, { id: "sendContactEnquiry" }) });
  await openDetails(page, "sendContactEnquiry");
  await button.focus();
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(article.locator("[data-copy-status]").first()).toHaveText(texts.copy.done);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await code.innerText());
  // A new Idempotency-Key made before the call, never one written in it (everyone who copied it would share it).
  expect(copied).toMatch(/^# .+\nIDEMPOTENCY_KEY=\$\(uuidgen [^\n]+\)\ncurl -X POST 'https?:\/\/[^']+\/api\/v1\/contact\/contact_us'/);
  expect(copied).toContain(`-H "Idempotency-Key: $IDEMPOTENCY_KEY"`);
  expect(copied).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
  expect(copied).toContain("-H 'Content-Type: application/json'");

  // The openapi-fetch call too, by Space.
  const fetchButton = article.getByRole("button", { name: copyButtonName("fetch", "sendContactEnquiry") });
  await fetchButton.focus();
  await page.keyboard.press("Space");
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('client.POST("/api/v1/contact/contact_us"');
  const copiedFetch = await page.evaluate(() => navigator.clipboard.readText());
  expect(copiedFetch).toContain("const idempotencyKey = crypto.randomUUID();");
  expect(copiedFetch).toContain(`"Idempotency-Key": idempotencyKey`);
  expect(copiedFetch).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
});

// The page as it loads, on a desktop (axe, console errors, requests, its weight): routes.spec.ts.
test("no axe violation with the answers' field tables and a webhook's details open, on a desktop and on a phone", async ({ page, openHydrated }) => {
  // Two axe runs over the longest page of the site.
  test.setTimeout(180_000);
  await openHydrated("/api-reference");
  const check = async (context: string) => {
    expect(await axeViolations(page), `${context}: axe violations`).toEqual([]);
  };
  await openDetails(page, "sendContactEnquiry");
  await openDetails(page, "applyForJob");
  await page.locator(`article[id="${LEAD_CREATED.operationId}"] details[data-webhook-details] > summary`).click();
  await page.locator(`article[id="${LEAD_CREATED.operationId}"] details[data-webhook-details]`).evaluate((details) => details.scrollIntoView());
  await page.locator("article#response-badrequest details[data-answer-details] > summary").click();
  await page.locator("article#response-badrequest details details > summary").first().click();
  await expect(page.locator("article#response-badrequest details details")).toHaveAttribute("open", "");
  await check("answer fields open");
  await page.setViewportSize({ width: 360, height: 740 });
  await check("360 px");
});

test("on a 360 px phone the page never scrolls sideways; code blocks and tables scroll inside themselves", async ({ page, openHydrated }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openHydrated("/api-reference");
  await page.evaluate(() => document.querySelectorAll("details").forEach((details) => (details.open = true)));
  // Each part of the page in view in turn (off-screen calls are laid out as they come near).
  for (const part of await page.locator("main article, main nav, main section").all()) {
    await part.scrollIntoViewIfNeeded();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll, (await part.getAttribute("id")) ?? "part").toBeLessThanOrEqual(widths.client);
  }
  const pre = page.locator("article#sendContactEnquiry pre").last();
  await pre.scrollIntoViewIfNeeded();
  const box = await pre.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth, overflow: getComputedStyle(element).overflowX }));
  expect(box.overflow).toBe("auto");
  expect(box.client).toBeLessThanOrEqual(360);
  // A long line scrolls inside the block, which the keyboard can reach.
  expect(box.scroll).toBeGreaterThan(box.client);
  await expect(pre).toHaveAttribute("tabindex", "0");
});
