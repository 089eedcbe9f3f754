/**
 * What one client may upload, on either store: the bytes of files it stored
 * in the window (UPLOAD_QUOTA_MB per UPLOAD_QUOTA_WINDOW_MS; 429 with
 * Retry-After past it, counted per client address as the rate limit sees it,
 * and shared by every instance on the store), and no upload at all while the
 * disk's free space is below UPLOAD_MIN_FREE_MB (503 with Retry-After), while
 * JSON forms go on.
 */
import fs from "fs";
import path from "path";
import request from "supertest";
import { makePdf } from "../../../testkit/documents";
import { API, expectAccepted, expectError, startContractApp, type TestApp } from "../../../testkit/contract-app";
import { ORDER } from "../../../testkit/form-bodies";

const ORDER_FIELDS = ORDER.fields;
/** A 4 KB PDF: two of them cross a 6,000-byte quota. */
const FILE = makePdf("Q".repeat(4_000));
const NEWSLETTER = { email: "visitor@example.org", mailType: "news_letter" };

const order = (app: TestApp["app"], client: string) =>
  request(app).post(`${API}/product_order_form`).set("X-Forwarded-For", client).field(ORDER_FIELDS).attach("file", FILE, "order.pdf");

function tempFiles(test: TestApp): string[] {
  const dir = path.join(test.dataDir, "tmp");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

const apps: TestApp[] = [];
afterEach(async () => {
  for (const test of apps.splice(0)) {
    expect(test.internalErrors).toEqual([]);
    await test.cleanup();
  }
});

async function start(...args: Parameters<typeof startContractApp>): Promise<TestApp> {
  const test = await startContractApp(...args);
  apps.push(test);
  return test;
}

describe("the upload quota", () => {
  it("refuses a client's uploads (429, Retry-After) once the files it stored in the window reach the quota; other clients, JSON forms and other instances see the same count", async () => {
    // One proxy in front: the client is the address it adds to X-Forwarded-For, as for the rate limit.
    const test = await start({ trustProxy: 1, uploadQuotaBytes: 6_000, uploadQuotaWindowMs: 3_600_000 });
    const before = await test.count("submissions");

    // The upload that crosses the quota is kept; the next is refused before its body is read.
    expectAccepted(await order(test.app, "203.0.113.5"));
    expectAccepted(await order(test.app, "203.0.113.5"));
    const refused = await order(test.app, "203.0.113.5");
    const error = expectError(refused, 429);
    expect(error.message).toMatch(/try again later/i);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3_000);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect(await test.count("submissions")).toBe(before + 2);
    expect(tempFiles(test)).toEqual([]);

    // Another client has its own count; the same client's JSON forms are not bounded by it.
    expectAccepted(await order(test.app, "203.0.113.6"));
    expectAccepted(await request(test.app).post(`${API}/news-letter`).set("X-Forwarded-For", "203.0.113.5").send(NEWSLETTER));

    // Another instance on the same store counts the same bytes.
    const other = await test.another();
    try {
      expectError(await order(other, "203.0.113.5"), 429);
      expectAccepted(await order(other, "203.0.113.7"));
    } finally {
      await other.close();
    }
  });

  it("counts a new window once the last one ended", async () => {
    const WINDOW_MS = 3_600_000;
    const test = await start({ trustProxy: 1, uploadQuotaBytes: 1_000, uploadQuotaWindowMs: WINDOW_MS });
    expectAccepted(await order(test.app, "203.0.113.8"));
    expectError(await order(test.app, "203.0.113.8"), 429);

    // A minute before the window ends, still refused; once it has ended, a new window counts from zero.
    await test.ageUploadQuotas(WINDOW_MS - 60_000);
    const refused = await order(test.app, "203.0.113.8");
    expectError(refused, 429);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    await test.ageUploadQuotas(60_000);
    expectAccepted(await order(test.app, "203.0.113.8"));
    expectError(await order(test.app, "203.0.113.8"), 429);
  });
});

describe("the free-space floor", () => {
  it("refuses uploads (503, Retry-After) while the disk's free space is below UPLOAD_MIN_FREE_MB; JSON forms still work", async () => {
    // A floor above any disk's free space.
    const test = await start({ uploadMinFreeBytes: Number.MAX_SAFE_INTEGER });
    const refused = await request(test.app).post(`${API}/product_order_form`).field(ORDER_FIELDS).attach("file", FILE, "order.pdf");
    const error = expectError(refused, 503);
    expect(error.message).toMatch(/try again later/i);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await test.count("submissions")).toBe(0);
    expect(tempFiles(test)).toEqual([]);
    expectAccepted(await request(test.app).post(`${API}/news-letter`).send(NEWSLETTER));
  });

  it("lets uploads through while the free space is above it", async () => {
    const test = await start({ uploadMinFreeBytes: 1024 * 1024 });
    expectAccepted(await request(test.app).post(`${API}/product_order_form`).field(ORDER_FIELDS).attach("file", FILE, "order.pdf"));
  });
});
