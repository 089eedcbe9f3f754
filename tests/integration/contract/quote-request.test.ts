/**
 * POST /api/v1/contact/quote_request: the enquiry list's request for a
 * quotation of several products. A valid request is stored with one queued
 * notification to the inbox of MAIL_TO_QUOTE_REQUEST that lists every item
 * (the product's title, model, quantity, note and the link to its page); each
 * rule of openapi.yaml broken on its own is refused with 400 naming the field,
 * and nothing is stored. The contract does not list the products (1.5.0): an
 * item whose product is not in the catalogue the server serves (its
 * data/products) is refused with 422, its message naming the product.
 */
import request from "supertest";
import contractRules from "../../../src/contract/form-rules/requestQuotation.json";
import { loadCatalogueData, readJson } from "../../../testkit/site-data";
import { API, expectAccepted, expectError, expectStored, setUpContractApp } from "../../../testkit/contract-app";
import { QUOTE } from "../../../testkit/form-bodies";

const INBOX = "quotes@example.com";
const test = setUpContractApp({}, { MAIL_TO_QUOTE_REQUEST: INBOX });

type Body = Record<string, unknown>;
type Item = { product: string; model?: string; quantity: number; note?: string };

const PRODUCTS = loadCatalogueData().products.nodes;
const TITLE = Object.fromEntries(PRODUCTS.map((product) => [product.slug, product.name]));
const SITE_URL = readJson<{ siteUrl: string }>("company.json").siteUrl;
/** The rules of openapi.yaml for this call, as the forms read them (src/contract/form-rules/). */
const SCHEMA = contractRules.schema;
const FIELD = SCHEMA.properties;
const ITEM = FIELD.items.items.properties;
const ITEMS: Item[] = QUOTE.items;

function without(body: Body, field: string): Body {
  const copy = { ...body };
  delete copy[field];
  return copy;
}

function withItem(item: Record<string, unknown>): Body {
  return { ...QUOTE, items: [item] };
}

function post(body: unknown) {
  return request(test.app).post(`${API}/quote_request`).send(body as object);
}

describe("a valid quotation request", () => {
  it("is stored with one notification to MAIL_TO_QUOTE_REQUEST's inbox", async () => {
    const id = expectAccepted(await post(QUOTE));
    const stored = await expectStored(test, id, "quote_request");
    expect(stored.payload.items).toEqual(ITEMS);
    expect(stored.outbox.recipient).toBe(INBOX);
    expect(stored.outbox.addressed_to).toBe(INBOX);
    expect(stored.outbox.reply_to).toBe("ada@example.org");
    expect(stored.outbox.topic).toBe("New quotation request: Ada Lovelace (Analytical Engines)");
    expect(stored.outbox.attachments).toEqual([]);
  });

  it("lists every item in plain text: the product's title, model, quantity, note and the link to its page", async () => {
    const id = expectAccepted(await post(QUOTE));
    const { outbox } = await expectStored(test, id, "quote_request");
    const body = outbox.body;
    expect(body).toContain("Company: Analytical Engines");
    expect(body).toContain("Products:");
    expect(body).toContain(
      [
        "    1. Low Profile Torque Wrench",
        "       Model: ALT06",
        "       Quantity: 2",
        "       Note: With a spare ratchet link.",
        "             Delivery to Ruwais.",
        `       Page: ${SITE_URL}/low-profile-torque-wrench`,
        "    ",
        "    2. Torque Pump",
        "       Quantity: 1",
        `       Page: ${SITE_URL}/torque-pump`,
      ].join("\n"),
    );
    for (const item of ITEMS) {
      expect(body).toContain(TITLE[item.product]);
      expect(body).toContain(`${SITE_URL}/${item.product}\n`);
    }
    expect(body).toContain("    3. Impact Sockets\n       Model: AST25X\n       Quantity: 40\n");
    expect(body).not.toContain("[object Object]");
    expect(body).toContain(`Reference: ${id}`);
  });

  it("takes every product of the catalogue, the most items and the largest quantity", async () => {
    const most = FIELD.items.maxItems;
    const items = Array.from({ length: most }, (_, i) => ({ product: PRODUCTS[i % PRODUCTS.length].slug, quantity: i === 0 ? ITEM.quantity.maximum : 1 }));
    const id = expectAccepted(await post({ ...without(QUOTE, "message"), items }));
    const { outbox } = await expectStored(test, id, "quote_request");
    for (const product of PRODUCTS) expect(outbox.body).toContain(`${SITE_URL}/${product.slug}\n`);
    expect(outbox.body).toContain(`    ${most}. `);
    expect(outbox.body).toContain(`       Quantity: ${ITEM.quantity.maximum}\n`);
  });

  it("keeps visitor text literal and on its lines: markup stays text, no header line can be added", async () => {
    const id = expectAccepted(await post(withItem({ product: "nut-splitter", quantity: 3, note: "<b>x</b>\r\nBcc: evil@example.org" })));
    const { outbox } = await expectStored(test, id, "quote_request");
    expect(outbox.body).toContain("       Note: <b>x</b>\n             Bcc: evil@example.org\n");
    expect(outbox.body).not.toContain("\r");
    expect(outbox.topic).not.toContain("\n");
  });
});

type Rule = [rule: string, body: Body, path: string];

const RULES: Rule[] = [
  ...(SCHEMA.required.map((f) => [`missing ${f}`, without(QUOTE, f), `/body/${f}`]) as Rule[]),
  ["empty firstName", { ...QUOTE, firstName: "" }, "/body/firstName"],
  [`lastName over ${FIELD.lastName.maxLength}`, { ...QUOTE, lastName: "x".repeat(FIELD.lastName.maxLength + 1) }, "/body/lastName"],
  ["bad e-mail", { ...QUOTE, email: "ada@" }, "/body/email"],
  ["9-digit phone", { ...QUOTE, phoneNumber: "050123456" }, "/body/phoneNumber"],
  ["phone with +", { ...QUOTE, phoneNumber: "+971501234" }, "/body/phoneNumber"],
  [`companyName over ${FIELD.companyName.maxLength}`, { ...QUOTE, companyName: "x".repeat(FIELD.companyName.maxLength + 1) }, "/body/companyName"],
  [`message over ${FIELD.message.maxLength}`, { ...QUOTE, message: "x".repeat(FIELD.message.maxLength + 1) }, "/body/message"],
  ["wrong mailType", { ...QUOTE, mailType: "contact" }, "/body/mailType"],
  ["a subject (not part of this body)", { ...QUOTE, subject: "Sales Inquiry" }, "/body/subject"],
  ["0 items", { ...QUOTE, items: [] }, "/body/items"],
  [`${FIELD.items.maxItems + 1} items`, { ...QUOTE, items: Array.from({ length: FIELD.items.maxItems + 1 }, () => ({ product: "torque-pump", quantity: 1 })) }, "/body/items"],
  ["items not a list", { ...QUOTE, items: { product: "torque-pump", quantity: 1 } }, "/body/items"],
  ["a product by its title", withItem({ product: "Torque Pump", quantity: 1 }), "/body/items/0/product"],
  ["a product's slug in capitals", withItem({ product: PRODUCTS[0].slug.toUpperCase(), quantity: 1 }), "/body/items/0/product"],
  [`a product over ${ITEM.product.maxLength} characters`, withItem({ product: "a".repeat(ITEM.product.maxLength + 1), quantity: 1 }), "/body/items/0/product"],
  ["a product that is not text", withItem({ product: 7, quantity: 1 }), "/body/items/0/product"],
  ["an item without product", withItem({ quantity: 1 }), "/body/items/0/product"],
  ["an item without quantity", withItem({ product: "torque-pump" }), "/body/items/0/quantity"],
  ["quantity 0", withItem({ product: "torque-pump", quantity: 0 }), "/body/items/0/quantity"],
  [`quantity ${ITEM.quantity.maximum + 1}`, withItem({ product: "torque-pump", quantity: ITEM.quantity.maximum + 1 }), "/body/items/0/quantity"],
  ["quantity not whole", withItem({ product: "torque-pump", quantity: 1.5 }), "/body/items/0/quantity"],
  ["quantity as text", withItem({ product: "torque-pump", quantity: "2" }), "/body/items/0/quantity"],
  ["a model on two lines", withItem({ product: "torque-pump", model: "ATPP4\nBcc: x@example.org", quantity: 1 }), "/body/items/0/model"],
  ["a blank model", withItem({ product: "torque-pump", model: " ", quantity: 1 }), "/body/items/0/model"],
  [`a model over ${ITEM.model.maxLength}`, withItem({ product: "torque-pump", model: "A".repeat(ITEM.model.maxLength + 1), quantity: 1 }), "/body/items/0/model"],
  [`a note over ${ITEM.note.maxLength}`, withItem({ product: "torque-pump", quantity: 1, note: "x".repeat(ITEM.note.maxLength + 1) }), "/body/items/0/note"],
  ["a note with a bidi override", withItem({ product: "torque-pump", quantity: 1, note: "ok\u202Eko" }), "/body/items/0/note"],
  ["an unknown item field", withItem({ product: "torque-pump", quantity: 1, price: 100 }), "/body/items/0/price"],
];

describe("each rule broken on its own is refused with 400 naming the field, and nothing is stored", () => {
  it.each(RULES.map(([rule, body, path]) => ({ rule, body, path })))("$rule", async ({ body, path: field }) => {
    const before = await test.count("submissions");
    const outbox = await test.count("outbox");
    const error = expectError(await post(body), 400);
    expect(error.errors?.map((e) => e.path)).toEqual([field]);
    expect(error.message).toContain(field.slice("/body/".length).split("/")[0]);
    expect(await test.count("submissions")).toBe(before);
    expect(await test.count("outbox")).toBe(outbox);
  });

  it("an item of the second position is named by its index", async () => {
    const error = expectError(await post({ ...QUOTE, items: [ITEMS[0], { product: "torque-pump", quantity: 0 }] }), 400);
    expect(error.errors?.map((e) => e.path)).toEqual(["/body/items/1/quantity"]);
  });
});

/** A slug of the contract's form that no product of the catalogue has. */
function notInCatalogue(base: string): string {
  const slugs = new Set(PRODUCTS.map((product) => product.slug));
  let slug = `${base}-retired`;
  while (slugs.has(slug)) slug += "-x";
  return slug;
}

describe("a product the served catalogue does not have", () => {
  it("the contract does not list the products: any slug of its form passes the contract", () => {
    expect(ITEM.product).not.toHaveProperty("enum");
    expect(new RegExp(ITEM.product.pattern, "u").test(notInCatalogue(PRODUCTS[0].slug))).toBe(true);
  });

  it("is refused with 422 whose message names the product and its item; errors points at it; nothing is stored", async () => {
    const unknown = notInCatalogue(PRODUCTS[0].slug);
    const before = await test.count("submissions");
    const outbox = await test.count("outbox");
    const error = expectError(await post({ ...QUOTE, items: [ITEMS[0], { product: unknown, quantity: 2 }] }), 422);
    expect(error.message).toBe(`This site's catalogue has no product "${unknown}" (item 2). Please remove it from your list and send the request again.`);
    expect(error.errors).toEqual([{ path: "/body/items/1/product", message: "is not a product of this site's catalogue" }]);
    expect(await test.count("submissions")).toBe(before);
    expect(await test.count("outbox")).toBe(outbox);
  });

  it("names every unknown product of the list in one answer", async () => {
    const [first, second] = [notInCatalogue(PRODUCTS[0].slug), notInCatalogue(PRODUCTS[1].slug)];
    const error = expectError(await post({ ...QUOTE, items: [{ product: first, quantity: 1 }, ITEMS[0], { product: second, quantity: 1 }] }), 422);
    expect(error.message).toBe(`This site's catalogue has no products "${first}" (item 1) and "${second}" (item 3). Please remove them from your list and send the request again.`);
    expect(error.errors?.map((e) => e.path)).toEqual(["/body/items/0/product", "/body/items/2/product"]);
  });

  it("a body that also breaks a rule of the contract is answered 400 for that rule first", async () => {
    const error = expectError(await post({ ...QUOTE, email: "ada@", items: [{ product: notInCatalogue(PRODUCTS[0].slug), quantity: 1 }] }), 400);
    expect(error.errors?.map((e) => e.path)).toEqual(["/body/email"]);
  });

  it("every product of the catalogue is accepted, each on its own", async () => {
    for (const product of PRODUCTS) expectAccepted(await post(withItem({ product: product.slug, quantity: 1 })));
  });
});
