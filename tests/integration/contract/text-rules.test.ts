/**
 * Text that could mislead the inbox is refused by the contract (openapi.yaml,
 * SingleLineText and friends), through the real app, for JSON and multipart
 * bodies alike: every name-like or one-line field refuses blank text, control
 * characters, line breaks, bidi controls, invisible characters and RFC 2047
 * encoded-words with a 400 naming the field, and stores nothing; linkedIn
 * takes only http(s) addresses; e-mail, phone and message fields refuse what
 * would mislead too. Names of every script are still accepted, and reach the
 * notification's subject as typed.
 */
import request from "supertest";
import { makePdf } from "../../../testkit/documents";
import { API, expectAccepted, expectError, expectStored, setUpContractApp } from "../../../testkit/contract-app";
import { CAREERS, CONTACT, DEMO, ORDER, PARTNER, SME, TRAINING } from "../../../testkit/form-bodies";

const test = setUpContractApp();

type Body = Record<string, unknown>;
const PDF = makePdf();

interface Call {
  call: string;
  body: "json" | "multipart";
  valid: Body;
  files: string[];
  /** The one-line fields of this call (SingleLineText). */
  lines: string[];
  mailType: string;
}

const CALLS: Call[] = [
  { call: "contact_us", body: "json", valid: CONTACT, files: [], lines: ["firstName", "lastName", "companyName"], mailType: "contact" },
  { call: "demo_form", body: "json", valid: DEMO, files: [], lines: ["firstName", "lastName", "jobRole", "companyName", "countryName"], mailType: "demo_form" },
  {
    call: "request_for_training",
    body: "json",
    valid: TRAINING,
    files: [],
    lines: ["fullName", "companyName", "jobRole", "countryName", "interestedIn"],
    mailType: "request_for_training",
  },
  ...[
    { form: CAREERS, lines: ["firstName", "lastName", "nationality", "countryName", "jobRole"] },
    { form: SME, lines: ["fullName", "countryName", "expertise"] },
    { form: PARTNER, lines: ["companyName", "fullName", "jobRole", "countryName"] },
    { form: ORDER, lines: ["productName"] },
  ].map(({ form, lines }): Call => ({ call: form.call, body: "multipart", valid: form.fields, files: Object.keys(form.files), lines, mailType: form.fields.mailType })),
];

function post(call: Call, body: Body) {
  const req = request(test.app).post(`${API}/${call.call}`);
  if (call.body === "json") return req.send(body);
  let multipart = req;
  for (const [name, value] of Object.entries(body)) multipart = multipart.field(name, String(value));
  for (const name of call.files) multipart = multipart.attach(name, PDF, `${name}.pdf`);
  return multipart;
}

/** Values no one-line field may hold: [what it is, value]. */
const MISLEADING: [string, string][] = [
  ["a space only", " "],
  ["spaces of other scripts only", "\u00a0\u3000\u2003"],
  ["a tab only", "\t"],
  ["a zero-width space only", "\u200b"],
  ["nothing visible", "\u200b\ufeff\u2060"],
  ["a Hangul filler only (looks blank)", "\u3164"],
  ["blank Braille cells and half-width fillers only", "\u2800 \uffa0"],
  ["a NUL", "Ada\u0000"],
  ["a bell", "Ada\u0007"],
  ["an escape sequence", "Ada\u001b[31mLovelace"],
  ["DEL", "Ada\u007f"],
  ["a C1 control (NEL)", "Ada\u0085Lovelace"],
  ["a C1 control (CSI)", "Ada\u009b2J"],
  ["a line feed", "Ada\nLovelace"],
  ["a header injection", "Ada\r\nBcc: victim@example.org"],
  ["a line separator", "Ada\u2028Lovelace"],
  ["a right-to-left override", "cv\u202excod"],
  ["a left-to-right embedding", "\u202aAda\u202c"],
  ["a bidi isolate", "Ada\u2067Lovelace\u2069"],
  ["a right-to-left mark", "\u200fAda"],
  ["an Arabic letter mark", "Ada\u061c"],
  ["a soft hyphen", "Love\u00adlace"],
  ["a byte order mark", "\ufeffAda"],
  ["a base64 encoded-word", "=?UTF-8?B?VXJnZW50OiB3aXJlIHBheW1lbnQgdG9kYXk=?="],
  ["a quoted-printable encoded-word", "Ada =?utf-8?q?Urgent=3A_call_now?="],
  ["a lower-case encoded-word opener", "=?iso-8859-1?b?QWRh?="],
];

/** Names and one-line values that must keep working. */
const INTERNATIONAL = ["Jean-Luc O'Brien", "محمد عبد الله", "Zoë Ñúñez-García", "李小龙", "Ngũgĩ wa Thiong'o", "محمدی\u200cپور", "Łukasz Żółć", "a = b ? c"];

describe.each(CALLS)("POST $call ($body): one-line fields", (call) => {
  it.each(call.lines)("%s refuses every misleading value with 400 naming it, and stores nothing", async (field) => {
    for (const [what, value] of MISLEADING) {
      const before = await test.count("submissions");
      const res = await post(call, { ...call.valid, [field]: value });
      if (res.status !== 400) throw new Error(`${call.call}.${field} with ${what}: answered ${res.status} ${JSON.stringify(res.body)}`);
      const error = expectError(res, 400);
      expect([what, [...new Set(error.errors?.map((e) => e.path))]]).toEqual([what, [`/body/${field}`]]);
      expect([what, error.message]).toEqual([what, expect.stringContaining(field)]);
      expect(await test.count("submissions")).toBe(before);
    }
  });

  it("accepts names of every script, and the subject shows them as typed", async () => {
    for (const name of INTERNATIONAL) {
      const body = { ...call.valid, ...Object.fromEntries(call.lines.map((field) => [field, name])) };
      const id = expectAccepted(await post(call, body));
      const files = Object.fromEntries(call.files.map((field) => [field, PDF]));
      const { payload, outbox } = await expectStored(test, id, call.mailType, files);
      for (const field of call.lines) expect(payload[field]).toBe(name);
      expect(outbox.topic).toContain(name);
    }
  });
});

describe("other fields that would mislead", () => {
  const contact = CALLS[0];
  const sme = CALLS[4];
  const partner = CALLS[5];
  const careers = CALLS[3];

  it.each([
    ["javascript:alert(1)"],
    ["JavaScript:alert(document.cookie)"],
    ["javascript://www.linkedin.com/%0aalert(1)"],
    ["file:///etc/passwd"],
    ["file://server/share/cv.pdf"],
    ["data:text/html,<b>hi</b>"],
    ["mailto:someone@example.org"],
    ["ftp://files.example.org/cv.pdf"],
    ["https://www.linkedin.com@evil.example/"],
    ["https://"],
    ["www.linkedin.com/in/margaret"],
  ])("linkedIn refuses %s", async (value) => {
    const error = expectError(await post(sme, { ...sme.valid, linkedIn: value }), 400);
    expect([...new Set(error.errors?.map((e) => e.path))]).toEqual(["/body/linkedIn"]);
    expect(error.message).toContain("linkedIn");
  });

  it("linkedIn takes http and https profile addresses", async () => {
    for (const value of ["https://www.linkedin.com/in/margaret", "http://linkedin.com/in/margaret?trk=x#top", "HTTPS://AE.LINKEDIN.COM/IN/M"]) {
      const id = expectAccepted(await post(sme, { ...sme.valid, linkedIn: value }));
      expect((await expectStored(test, id, "sme_form", { resume: PDF })).payload.linkedIn).toBe(value);
    }
  });

  it.each([
    ["news-letter", { email: "=?utf-8?q?boss?=@example.org", mailType: "news_letter" }],
    ["contact_us", { ...contact.valid, email: "a=?b?=c@example.org" }],
  ])("%s: an e-mail address holding an encoded-word opener is refused", async (path, body) => {
    const res = await request(test.app).post(`${API}/${path}`).send(body);
    const error = expectError(res, 400);
    expect(error.errors?.map((e) => e.path)).toEqual(["/body/email"]);
  });

  it("e-mail addresses with control characters or spaces are refused", async () => {
    for (const email of ["ada@example.org\r\nBcc: x@example.org", "ada\u0000@example.org", " ada@example.org", "ada@exa\u202emple.org"]) {
      const error = expectError(await request(test.app).post(`${API}/contact_us`).send({ ...contact.valid, email }), 400);
      expect([email, error.errors?.map((e) => e.path)]).toEqual([email, ["/body/email"]]);
    }
  });

  it("phone numbers need digits: punctuation or spaces only are refused", async () => {
    for (const phoneNumber of ["        ", "(((--)))", "+ + + + + ", "+1 2 3 4 5 6"]) {
      const error = expectError(await post(careers, { ...careers.valid, phoneNumber }), 400);
      expect([phoneNumber, error.errors?.map((e) => e.path)]).toEqual([phoneNumber, ["/body/phoneNumber"]]);
    }
    expectAccepted(await post(careers, { ...careers.valid, phoneNumber: "+1 234 5678" }));
  });

  it("messages keep their lines but refuse other control characters and bidi overrides; a required message is not blank", async () => {
    const id = expectAccepted(await post(contact, { ...contact.valid, message: "Line one\r\nLine two\twith a tab\nمرحبا\u200f!" }));
    expect((await expectStored(test, id, "contact")).outbox.body).toContain("    Line one\n    Line two\twith a tab\n");
    for (const message of ["bell\u0007", "nul\u0000", "csi\u009b2J", "x\u202eevil", "x\u2066y\u2069"]) {
      const error = expectError(await post(contact, { ...contact.valid, message }), 400);
      expect([message, error.errors?.map((e) => e.path)]).toEqual([message, ["/body/message"]]);
    }
    for (const message of ["   ", "\n\n", "\u3000"]) {
      const error = expectError(await post(partner, { ...partner.valid, message }), 400);
      expect([message, error.errors?.map((e) => e.path)]).toEqual([message, ["/body/message"]]);
    }
    const comments = expectError(await post(partner, { ...partner.valid, comments: "see \u202eattached" }), 400);
    expect(comments.errors?.map((e) => e.path)).toEqual(["/body/comments"]);
  });
});
