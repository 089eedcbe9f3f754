/**
 * Leads from the Arabic pages, on both stores: a contact form and a request
 * for a quotation filled in Arabic, their phone numbers typed in Arabic-Indic
 * digits, marked Arabic by their attribution (contract 1.6.0), reach a real
 * SMTP peer (smtp-server) and a real webhook receiver (verified with
 * standardwebhooks) exactly once each: the notification says "Language:
 * Arabic" and holds the phone number in Latin digits, the lead.created event
 * carries `attribution.language: "ar"`.
 */
import request from "supertest";
import { createOutboxDispatcher, type OutboxDispatcher } from "../../../server/mail/outbox";
import { API, expectAccepted, setUpContractApp } from "../../../testkit/contract-app";
import { startSmtpPeer, type SmtpPeer } from "../../../testkit/faults";
import { CONTACT, QUOTE } from "../../../testkit/form-bodies";
import { startWebhookReceiver, type WebhookReceiver } from "../../../testkit/webhook-receiver";

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const ARABIC = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** The text of a raw message: quoted-printable undone, and every base64 block decoded beside it. */
function mailText(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, "");
  const qp = unfolded.replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"));
  const blocks = (raw.match(/(?:[A-Za-z0-9+/=]{40,}\r?\n)+/g) ?? []).map((block) => Buffer.from(block.replace(/\s+/g, ""), "base64").toString("utf8"));
  return [qp, ...blocks].join("\n");
}

interface LeadEvent {
  data: { id: string; form: string; fields: Record<string, unknown>; attribution?: Record<string, string> };
}

let smtp: SmtpPeer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await smtp.close();
  await receiver.close();
});

describe("a lead from an Arabic page", () => {
  const test = setUpContractApp({}, { SPAM_CHECKS: "off" });
  let dispatcher: OutboxDispatcher;
  beforeAll(() => {
    Object.assign(test.config, { smtpUrl: smtp.url, webhookEndpoints: [{ url: receiver.url, secret: receiver.secret, events: ["lead.created"] }] });
  });
  beforeEach(() => {
    smtp.received.length = 0;
    receiver.received.length = 0;
    dispatcher = createOutboxDispatcher({ store: test.app.store, config: test.config, log: quiet });
  });
  afterEach(() => dispatcher.stop());

  async function deliverAll(): Promise<void> {
    await dispatcher.runOnce();
    await dispatcher.runOnce(); // nothing more: each was sent once
  }

  it.each([
    [
      "contact_us",
      {
        ...CONTACT,
        firstName: "سارة",
        lastName: "المنصوري",
        companyName: "شركة الخليج للبتروكيماويات",
        phoneNumber: ARABIC("0501234567"),
        message: "نحتاج عرض سعر لذراعي تحميل سفلي مقاس 4 بوصة.",
        attribution: { landingPage: "/ar", page: "/ar/contact", language: "ar" },
      },
    ],
    [
      "quote_request",
      {
        ...QUOTE,
        firstName: "خالد",
        lastName: "الهاشمي",
        companyName: "مصفاة الرويس",
        phoneNumber: "۰۵۰۱۲۳۴۵۶۷",
        message: "يرجى إرسال عرض السعر بالدرهم.",
        attribution: { page: "/ar/enquiry", language: "ar" },
      },
    ],
  ])("%s reaches the inbox and the receiver once, marked Arabic, its phone number in Latin digits", async (form, body) => {
    const id = expectAccepted(await request(test.app).post(`${API}/${form}`).send(body));
    await deliverAll();

    expect(smtp.received).toHaveLength(1);
    const text = mailText(smtp.received[0].raw);
    expect(text).toContain("- Language: Arabic");
    expect(text).toContain("0501234567");
    expect(text).toContain(String(body.lastName));

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery.verifyError).toBeUndefined();
    const event = delivery.verified as LeadEvent;
    expect(event.data.id).toBe(id);
    expect(event.data.form).toBe(form);
    expect(event.data.attribution?.language).toBe("ar");
    expect(event.data.fields.phoneNumber).toBe("0501234567");
    expect(event.data.fields.lastName).toBe(body.lastName);
  });

  it("a lead from an English page says so; one without a language (an older client) has no language line", async () => {
    expectAccepted(await request(test.app).post(`${API}/contact_us`).send({ ...CONTACT, attribution: { page: "/contact", language: "en" } }));
    await deliverAll();
    expect(mailText(smtp.received[0].raw)).toContain("- Language: English");
    expect((receiver.received[0].verified as LeadEvent).data.attribution?.language).toBe("en");

    smtp.received.length = 0;
    expectAccepted(await request(test.app).post(`${API}/contact_us`).send({ ...CONTACT, attribution: { page: "/contact" } }));
    await deliverAll();
    expect(mailText(smtp.received[0].raw)).not.toContain("Language:");
  });

  it("refuses a language the site has not (400, the field named)", async () => {
    const res = await request(test.app).post(`${API}/contact_us`).send({ ...CONTACT, attribution: { language: "fr" } });
    expect(res.status).toBe(400);
    expect((res.body as { errors: { path: string; rule?: string }[] }).errors).toContainEqual(expect.objectContaining({ path: "/body/attribution/language", rule: "enum" }));
  });
});
