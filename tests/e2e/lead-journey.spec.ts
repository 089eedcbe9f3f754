/**
 * A lead's whole journey, with every part real: a visitor lands on the home
 * page from a campaign link (utm_source, utm_campaign) found on another site,
 * moves to /contact by the site's own link, and sends the contact form at a
 * person's pace in Chromium. The built server (its own process: SPAM_CHECKS
 * on, a real SMTP peer, a real webhook receiver that verifies with the
 * standardwebhooks package) answers with the form's success; exactly one
 * e-mail reaches the SMTP peer and exactly one signed lead.created reaches
 * the receiver, both carrying where the lead came from.
 */
import type { Locator } from "@playwright/test";
import path from "path";
import { expect, HYDRATION_TIMEOUT_MS, test } from "../../testkit/e2e";
import { startWebhookReceiver, type WebhookReceiver } from "../../testkit/webhook-receiver";

// The real-process side of the fault library: the compiled server and a real SMTP peer.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const lib = require("../../testkit/faults-lib.cjs") as {
  startServer(options: { env: Record<string, string> }): Promise<{ url: string; stop(): Promise<void>; output(): string }>;
  startSmtpPeer(): Promise<{ url: string; received: { subject: string; raw: string; envelopeTo: string[] }[]; waitFor(count: number, timeoutMs?: number): Promise<void> }>;
  cleanup(): Promise<void>;
};

const SENT = "Your message has been sent successfully!";

test.describe.configure({ mode: "serial" });

let server: { url: string; stop(): Promise<void>; output(): string };
let peer: Awaited<ReturnType<typeof lib.startSmtpPeer>>;
let receiver: WebhookReceiver;

test.beforeAll(async () => {
  peer = await lib.startSmtpPeer();
  receiver = await startWebhookReceiver();
  server = await lib.startServer({
    env: {
      PUBLIC_DIR: path.resolve(__dirname, "../../public"),
      SPAM_CHECKS: "on",
      SMTP_URL: peer.url,
      MAIL_TO_CONTACT: "sales@example.com",
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: receiver.secret,
      OUTBOX_INTERVAL_MS: "200",
    },
  });
});

test.afterAll(async () => {
  await lib.cleanup();
  await receiver?.close();
});

/** Types as a person does, a key at a time. */
async function type(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.pressSequentially(text, { delay: 60 });
}

test("a campaign visitor's enquiry reaches the inbox once and the CRM once, signed, both saying where it came from", async ({ page, hydrated }) => {
  await page.goto(`${server.url}/?utm_source=x&utm_campaign=y`, { referer: "https://www.google.com/search?q=loading+arms" });
  await hydrated();
  await page.getByRole("banner").getByRole("link", { name: "Contact us" }).first().click();
  await page.waitForURL((url) => url.pathname.replace(/\/$/, "") === "/contact");
  const form = page.locator('form[data-form="contact_us"]');
  await expect(form).toHaveAttribute("data-hydrated", "true", { timeout: HYDRATION_TIMEOUT_MS });

  const company = `Journey Terminals ${Date.now().toString(36)}`;
  await type(form.getByLabel("First name"), "Amira");
  await type(form.getByLabel("Last name"), "Haddad");
  await type(form.getByLabel("E-mail"), "amira.haddad@example.com");
  await type(form.getByLabel("Phone number"), "0501234567");
  await type(form.getByLabel("Company"), company);
  await form.getByLabel("Subject").selectOption("Sales Inquiry");
  await type(form.getByLabel("Message"), "Two bottom loading arms, please.");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByRole("status")).toHaveText(SENT);

  // Wait until the outbox has nothing left to send (every row recorded as sent): then no copy can follow.
  const settled = async () => {
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { outbox: { pending: number }; webhooks?: { pending: number } };
    return peer.received.length > 0 && receiver.received.length > 0 && health.outbox.pending === 0 && health.webhooks?.pending === 0;
  };
  await expect.poll(settled, { timeout: 30_000, message: "the e-mail and the webhook were not both delivered" }).toBe(true);
  const mails = peer.received.filter((mail) => mail.raw.includes(company));
  expect(mails).toHaveLength(1);
  expect(mails[0].envelopeTo).toEqual(["sales@example.com"]);
  const text = mails[0].raw.replace(/=\r?\n/g, "");
  expect(text).toContain("Where it came from:");
  expect(text).toContain("- Sent from: /contact");
  expect(text).toContain("- Landing page: /");
  expect(text).toContain("- Referring site: https://www.google.com");
  expect(text).toContain("- Campaign source (utm_source): x");
  expect(text).toContain("- Campaign (utm_campaign): y");

  expect(receiver.received).toHaveLength(1);
  const [delivery] = receiver.received;
  expect(delivery.verifyError).toBeUndefined();
  const event = delivery.verified as { type: string; data: { form: string; fields: Record<string, unknown>; attribution: Record<string, string> } };
  expect(event.type).toBe("lead.created");
  expect(event.data.form).toBe("contact_us");
  expect(event.data.fields.companyName).toBe(company);
  expect(event.data.attribution).toEqual({ landingPage: "/", referrer: "https://www.google.com", utm_source: "x", utm_campaign: "y", page: "/contact", language: "en" });
});
