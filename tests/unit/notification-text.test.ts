/**
 * The notification's subject and text never carry what could mislead the
 * inbox, even for a value the contract would let through some day: the
 * subject is one line of visible text with no RFC 2047 encoded-word (mail
 * clients show `=?UTF-8?B?...?=` decoded, so a visitor could write any
 * subject), and the body keeps its lines but no control characters or bidi
 * reordering. The subject is checked as a mail client reads it: the message is
 * composed by nodemailer (as the outbox sends it) and the Subject header
 * decoded the way RFC 2047 says.
 */
import nodemailer from "nodemailer";
import { attributionLines, buildNotification, oneLine, plainText } from "../../server/mail/notification";
import { DEFAULT_INBOX_CARD } from "../../server/config";

/** The Subject header of a composed message, unfolded and decoded as a mail client shows it (RFC 2047 B and Q words). */
function shownSubject(raw: string): string {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  const unfolded = header.replace(/\r\n[ \t]/g, " ");
  // Whitespace between two adjacent encoded-words is not shown (RFC 2047 section 6.2).
  const joined = unfolded.replace(/(\?=)\s+(?==\?)/g, "$1");
  return joined.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_word, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
  );
}

async function compose(subject: string): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const info = await transport.sendMail({ from: "no-reply@example.com", to: "enquiries@example.com", subject, text: "x" });
  return (info.message as Buffer).toString("utf8");
}

const URGENT = "=?UTF-8?B?VXJnZW50OiB3aXJlIHBheW1lbnQgdG9kYXk=?="; // "Urgent: wire payment today"
const config = { mailFrom: "Website <no-reply@example.com>", mailTo: DEFAULT_INBOX_CARD };

describe("the decoder of this test reads subjects as mail clients do", () => {
  it("an encoded-word left as it is shows decoded (what a visitor could abuse)", async () => {
    expect(shownSubject(await compose(`New contact enquiry: ${URGENT} Lovelace`))).toBe("New contact enquiry: Urgent: wire payment today Lovelace");
    expect(shownSubject(await compose("Zoë Ñúñez — محمد"))).toBe("Zoë Ñúñez — محمد");
  });
});

describe("oneLine: the subject line", () => {
  it("never carries an RFC 2047 encoded-word: =? is broken with a space, even when hidden behind a removed character", async () => {
    for (const name of [URGENT, `=?utf-8?q?Urgent?=`, `=\u0000?UTF-8?B?VXJnZW50?=`, `=\u202E?UTF-8?B?VXJnZW50?=`, `=\n?UTF-8?B?VXJnZW50?=`]) {
      const subject = oneLine(`New contact enquiry: ${name} Lovelace`);
      expect([name, subject]).not.toEqual([name, expect.stringContaining("=?")]);
      const shown = shownSubject(await compose(subject));
      expect([name, shown]).toEqual([name, subject]);
      expect(shown).not.toContain("Urgent: wire");
    }
    // Every "=?" is broken, the one a base64 word ends with ("...k=?=") too.
    expect(oneLine(URGENT)).toBe("= ?UTF-8?B?VXJnZW50OiB3aXJlIHBheW1lbnQgdG9kYXk= ?=");
  });

  it("keeps no control character (C0, DEL, C1), line break, bidi control or invisible character", () => {
    expect(oneLine("Ada\r\nBcc: victim@example.org")).toBe("Ada Bcc: victim@example.org");
    expect(oneLine("Ada\u0000\u0007\u001b[31m\u007f\u009bLovelace")).toBe("Ada[31mLovelace");
    expect(oneLine("Ada\u0085Lovelace")).toBe("Ada Lovelace");
    expect(oneLine("Ada\u2028Lovelace\u2029!")).toBe("Ada Lovelace !");
    expect(oneLine("cv\u202Excod.pdf")).toBe("cvxcod.pdf");
    expect(oneLine("\u2066Ada\u2069 \u202ALovelace\u202C")).toBe("Ada Lovelace");
    expect(oneLine("\u200FAda\u200E \u061CLove\u00ADlace\u200B\u2060\uFEFF")).toBe("Ada Lovelace");
    expect(oneLine(" \u3000\u00A0 ")).toBe("");
    // eslint-disable-next-line no-control-regex
    expect(oneLine(Array.from({ length: 0x2070 }, (_, i) => String.fromCharCode(i)).join(""))).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069\u200b\u200e\u200f]/);
  });

  it("keeps names of every script as typed, the joiners Persian and Indic names need included", () => {
    for (const name of ["Jean-Luc O'Brien", "محمد عبد الله", "Zoë Ñúñez-García", "李小龙", "محمدی\u200Cپور", "क्\u200Dष", "<b>Ada</b>", "a = b ? c"]) {
      expect(oneLine(name)).toBe(name);
    }
  });

  it("is bounded in characters without splitting one", () => {
    const subject = oneLine("😀".repeat(200), 150);
    expect(Array.from(subject)).toHaveLength(150);
    expect(subject.endsWith("😀…")).toBe(true);
    expect(oneLine("x".repeat(150), 150)).toBe("x".repeat(150));
  });
});

describe("plainText: the lines of the body", () => {
  it("keeps lines and tabs, normalises every line break, drops control characters and bidi reordering", () => {
    expect(plainText("one\r\ntwo\rthree\u0085four\u2028five\u2029six\tend")).toBe("one\ntwo\nthree\nfour\nfive\nsix\tend");
    expect(plainText("bell\u0007 esc\u001b[2J del\u007f csi\u009b nul\u0000")).toBe("bell esc[2J del csi nul");
    expect(plainText("cv\u202Excod.pdf \u2067x\u2069")).toBe("cvxcod.pdf x");
    expect(plainText("محمد\u200F (Dubai)")).toBe("محمد\u200F (Dubai)"); // a right-to-left mark only fixes where punctuation goes
  });

  it.each(["000D", "0085", "2028", "2029", "0000", "0007", "007F", "009B", "202E", "2067"])(
    "changes a value whose only character to clean is U+%s",
    (codePoint) => {
      const value = `a${String.fromCodePoint(parseInt(codePoint, 16))}b`;
      expect(plainText(value)).not.toBe(value);
    },
  );
});

describe("buildNotification, with values the contract refuses today", () => {
  it("the subject shows what was typed, the body holds no control or bidi character", async () => {
    const notification = buildNotification(
      {
        form: "contact_us",
        body: {
          firstName: `${URGENT}\u202E`,
          lastName: "Love\u0007lace\r\nBcc: x@example.org",
          subject: "General Inquiry",
          email: "ada@example.org",
          phoneNumber: "0501234567",
          companyName: "Engines\u0085Ltd",
          message: "Hello\u2066\u202D there\u0000\r\nbye",
          mailType: "contact",
        },
        files: [],
        submissionId: "00000000-0000-4000-8000-000000000000",
        receivedAt: new Date("2026-01-01T00:00:00Z"),
      },
      config,
    );
    expect(notification.subject).toBe("New contact enquiry: = ?UTF-8?B?VXJnZW50OiB3aXJlIHBheW1lbnQgdG9kYXk= ?= Lovelace Bcc: x@example.org");
    expect(shownSubject(await compose(notification.subject))).toBe(notification.subject);
    // eslint-disable-next-line no-control-regex
    expect(notification.text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(notification.text).toContain("Message:\n    Hello there\n    bye\n");
    expect(notification.text).toContain("Company:\n    Engines\n    Ltd\n");
  });
});

describe("the language of the lead (contract 1.6.0)", () => {
  it("is the first line of the foot, named in English for sales; none when the lead has none", () => {
    expect(attributionLines({ page: "/ar/contact", language: "ar" })).toEqual(["- Language: Arabic", "- Sent from: /ar/contact"]);
    expect(attributionLines({ page: "/contact", language: "en" })).toEqual(["- Language: English", "- Sent from: /contact"]);
    expect(attributionLines({ page: "/contact" })).toEqual(["- Sent from: /contact"]);
    expect(attributionLines({ language: "xx" })).toEqual([]);
  });
});
