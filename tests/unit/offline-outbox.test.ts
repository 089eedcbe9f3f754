/**
 * The rules of the forms' outbox (src/offline/outbox/policy.ts, record.ts):
 * what an answer to a replay means, Retry-After and the back-off, when an
 * item is due, and the record kept for a send that got no answer (its exact
 * body, files included, as bytes).
 */
import { afterTry, backoffMs, classify, formOf, isDue, nextDue, readableCopy, retryAfterMs, type OutboxItem } from "../../src/offline/outbox/policy";
import fs from "fs";
import path from "path";
import { CHANGED_MESSAGE, REPLAY_MESSAGE } from "../../src/offline/outbox/messages";
import { encodeBody, keptItem } from "../../src/offline/outbox/record";

const NOW = Date.UTC(2026, 10, 27, 8, 0, 0);
const KEY = "0b6c1e3a-1f7e-4d6e-9a1b-2c3d4e5f6a7b";

function item(overrides: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id: KEY,
    form: "contact_us",
    path: "/api/v1/contact/contact_us",
    contentType: "application/json",
    body: new TextEncoder().encode("{}").buffer,
    text: "First name: Ada",
    created: NOW,
    attempts: 0,
    notBefore: NOW,
    state: "waiting",
    last: "network",
    ...overrides,
  };
}

describe("classify", () => {
  test("201 is sent; 400, 413, 415 and 422 are refused for their content", () => {
    expect(classify(201)).toBe("sent");
    for (const status of [400, 413, 415, 422]) expect(classify(status)).toBe("refused");
  });

  test("busy, conflicting, throttled, failing and foreign answers are tried again", () => {
    for (const status of [200, 204, 302, 404, 408, 409, 429, 500, 502, 503, 504]) expect(classify(status)).toBe("retry");
  });
});

describe("retryAfterMs", () => {
  test("reads delay-seconds and HTTP dates", () => {
    expect(retryAfterMs("120", NOW)).toBe(120_000);
    expect(retryAfterMs(" 0 ", NOW)).toBe(0);
    expect(retryAfterMs(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
  });

  test("a date past is now; a wait is at most a day; nothing readable is undefined", () => {
    expect(retryAfterMs(new Date(NOW - 90_000).toUTCString(), NOW)).toBe(0);
    expect(retryAfterMs("999999999", NOW)).toBe(24 * 60 * 60 * 1000);
    for (const header of [null, undefined, "", "soon", "-5", "1.5"]) expect(retryAfterMs(header, NOW)).toBeUndefined();
  });
});

describe("backoffMs", () => {
  test("doubles from 30 s up to an hour after answers, from 5 s up to 5 min without a network", () => {
    expect([1, 2, 3, 8, 50].map((n) => backoffMs(n, false))).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
    expect([1, 2, 3, 7, 50].map((n) => backoffMs(n, true))).toEqual([5_000, 10_000, 20_000, 300_000, 300_000]);
  });
});

describe("afterTry", () => {
  test("201 removes the item", () => {
    expect(afterTry(item(), NOW, 201, null)).toBeUndefined();
  });

  test("429 and 503 keep it until their Retry-After", () => {
    expect(afterTry(item(), NOW, 429, "60")).toMatchObject({ state: "waiting", attempts: 1, last: 429, notBefore: NOW + 60_000 });
    const date = new Date(NOW + 600_000).toUTCString();
    expect(afterTry(item({ attempts: 2 }), NOW, 503, date)).toMatchObject({ state: "waiting", attempts: 3, last: 503, notBefore: NOW + 600_000 });
  });

  test("without Retry-After, 409 and 5xx back off; no answer backs off briefly and is marked as no network", () => {
    expect(afterTry(item({ attempts: 1 }), NOW, 409, null)).toMatchObject({ last: 409, notBefore: NOW + 60_000 });
    expect(afterTry(item({ attempts: 1 }), NOW, 500, undefined)).toMatchObject({ last: 500, notBefore: NOW + 60_000 });
    expect(afterTry(item(), NOW, undefined)).toMatchObject({ last: "network", attempts: 1, notBefore: NOW + 5_000 });
  });

  test("a content error moves it to the refused list with the server's message, its text kept and its bytes dropped", () => {
    const refused = afterTry(item(), NOW, 422, null, "This Idempotency-Key was already used with a different request.");
    expect(refused).toMatchObject({ state: "refused", last: 422, text: "First name: Ada", message: "This Idempotency-Key was already used with a different request." });
    expect(refused?.body.byteLength).toBe(0);
  });
});

describe("isDue and nextDue", () => {
  test("a waiting item is due once its wait is over", () => {
    expect(isDue(item({ notBefore: NOW }), NOW)).toBe(true);
    expect(isDue(item({ notBefore: NOW + 1 }), NOW)).toBe(false);
    expect(isDue(item({ state: "refused" }), NOW)).toBe(false);
  });

  test("when the network comes back, what found no network is due at once; a server's Retry-After still holds", () => {
    expect(isDue(item({ notBefore: NOW + 60_000, last: "network" }), NOW, true)).toBe(true);
    expect(isDue(item({ notBefore: NOW + 60_000, last: 503 }), NOW, true)).toBe(false);
  });

  test("nextDue is the earliest wait of the waiting items", () => {
    expect(nextDue([item({ notBefore: NOW + 5 }), item({ notBefore: NOW + 2 }), item({ state: "refused", notBefore: NOW })])).toBe(NOW + 2);
    expect(nextDue([item({ state: "refused" })])).toBeUndefined();
  });
});

describe("the record of a send", () => {
  test("a JSON send: its exact body, its key, its form, and what the visitor typed, readable", async () => {
    const body = {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.org",
      subject: "",
      mailType: "contact",
      attribution: { landingPage: "/contact" },
      items: [
        { product: "torque-pump", quantity: 2 },
        { product: "nut-splitter", quantity: 1, note: "M36" },
      ],
      website_url: "",
    };
    const kept = await keptItem(
      { key: KEY, path: "/api/v1/contact/quote_request", contentType: "application/json", body, labels: [{ name: "firstName", label: "First name" }], skip: ["website_url"] },
      NOW,
    );
    expect(kept).toEqual({
      id: KEY,
      form: "quote_request",
      path: "/api/v1/contact/quote_request",
      contentType: "application/json",
      body: expect.any(ArrayBuffer),
      text: "First name: Ada\nlastName: Lovelace\nemail: ada@example.org\nitems: \n  - product: torque-pump, quantity: 2\n  - product: nut-splitter, quantity: 1, note: M36",
      created: NOW,
      attempts: 0,
      notBefore: NOW,
      state: "waiting",
      last: "network",
    });
    expect(JSON.parse(new TextDecoder().decode(kept.body))).toEqual(body);
  });

  test("a multipart send keeps its files' bytes, and its Content-Type names the boundary of those bytes", async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0xff, 0x00, 0x7f]);
    const file = new File([pdf], "order.pdf", { type: "application/pdf" });
    const { bytes, contentType } = await encodeBody("multipart/form-data", { productName: "Torque Pump", file, empty: "" });
    expect(bytes).toBeInstanceOf(ArrayBuffer);
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    // Read back as the server would: the same fields and the same file bytes.
    const form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
    expect(form.get("productName")).toBe("Torque Pump");
    expect(form.has("empty")).toBe(false);
    const back = form.get("file") as File;
    expect(back.name).toBe("order.pdf");
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(pdf);
    expect(readableCopy({ productName: "Torque Pump", file }, { productName: "Product", file: "Questionnaire" })).toBe("Product: Torque Pump\nQuestionnaire: order.pdf");
  });

  test("formOf names the form by the last part of its path", () => {
    expect(formOf("/api/v1/contact/news-letter")).toBe("news-letter");
  });
});

test("the page's start (on every page, so its messages' names written out) uses the names the worker reads", () => {
  const start = fs.readFileSync(path.join(__dirname, "../../src/offline/outbox/start.ts"), "utf8");
  expect(start).toContain(`"${REPLAY_MESSAGE}"`);
  expect(start).toContain(`"${CHANGED_MESSAGE}"`);
});
