/**
 * The JSON calls (news-letter, contact_us, demo_form, request_for_training):
 * a valid request is stored with one queued notification; each rule of
 * openapi.yaml broken one at a time is refused with 400 in the error shape.
 */
import request from "supertest";
import { API, expectAccepted, expectError, expectStored, setUpContractApp } from "../../../testkit/contract-app";
import { CONTACT, DEMO, NEWSLETTER, TRAINING } from "../../../testkit/form-bodies";

const test = setUpContractApp();

type Body = Record<string, unknown>;

function without(body: Body, field: string): Body {
  const copy = { ...body };
  delete copy[field];
  return copy;
}

function post(path: string, body: unknown) {
  return request(test.app).post(`${API}/${path}`).send(body as object);
}

describe("valid requests are stored and answered 201", () => {
  it.each([
    ["news-letter", NEWSLETTER, "news_letter", "New newsletter sign-up: reader@example.org", "media@example.com"],
    ["news-letter", { ...NEWSLETTER, mailType: "newsletter" }, "newsletter", "New newsletter sign-up: reader@example.org", "media@example.com"],
    ["contact_us", CONTACT, "contact", "New contact enquiry: Ada Lovelace", "enquiries@example.com"],
    ["contact_us", without(CONTACT, "message"), "contact", "New contact enquiry: Ada Lovelace", "enquiries@example.com"],
    ["demo_form", DEMO, "demo_form", "New demo request: Charles Babbage", "sales@example.com"],
    ["request_for_training", TRAINING, "request_for_training", "New training request: Grace Hopper", "trainings@example.com"],
  ])("POST %s (%#)", async (path, body, mailType, subject, inbox) => {
    const res = await post(path, body);
    const id = expectAccepted(res);
    const stored = await expectStored(test, id, mailType);
    expect(stored.payload).toEqual(body);
    expect(stored.outbox.topic).toBe(subject);
    expect(stored.outbox.addressed_to).toBe(inbox);
    expect(stored.outbox.mail_from).toBe("Website <no-reply@example.com>");
    expect(stored.outbox.reply_to).toBe(body.email);
    expect(stored.outbox.body).toContain(String(body.email));
    expect(stored.outbox.body).toContain(`Reference: ${id}`);
    expect(stored.outbox.attachments).toEqual([]);
  });

  it("lists every field in plain text under the form's own labels, the demo option with its words", async () => {
    const id = expectAccepted(await post("demo_form", DEMO));
    const { outbox } = await expectStored(test, id, "demo_form");
    expect(outbox.body).toContain("Interested In: Finished Components (option2)");
    expect(outbox.body).toContain("Job Title: Chief Engineer");
    expect(outbox.body).toContain(`Phone number: ${DEMO.phoneNumber}`);
    expect(outbox.body).toContain("Country: United Arab Emirates");
    expect(outbox.body).not.toMatch(/<[a-z]+[^>]*>/i);
  });

  it("keeps visitor text as text: markup stays literal, line breaks are normalised", async () => {
    const id = expectAccepted(await post("contact_us", { ...CONTACT, firstName: "<b>Ada</b>", message: "<script>x()</script>\r\nbye" }));
    const { outbox } = await expectStored(test, id, "contact");
    expect(outbox.topic).toBe("New contact enquiry: <b>Ada</b> Lovelace");
    expect(outbox.body).toContain("    <script>x()</script>\n    bye");
    expect(outbox.body).not.toContain("\r");
  });
});

type Rule = [call: string, body: Body, rule: string, path: string];

const RULES: Rule[] = [
  ...(["email", "mailType"].map((f) => ["news-letter", without(NEWSLETTER, f), `missing ${f}`, `/body/${f}`]) as Rule[]),
  ["news-letter", { ...NEWSLETTER, email: "not-an-email" }, "bad e-mail", "/body/email"],
  ["news-letter", { ...NEWSLETTER, mailType: "contact" }, "wrong mailType", "/body/mailType"],

  ...(["firstName", "lastName", "subject", "email", "phoneNumber", "companyName", "mailType"].map((f) => [
    "contact_us",
    without(CONTACT, f),
    `missing ${f}`,
    `/body/${f}`,
  ]) as Rule[]),
  ["contact_us", { ...CONTACT, firstName: "" }, "empty firstName", "/body/firstName"],
  ["contact_us", { ...CONTACT, lastName: "x".repeat(101) }, "lastName over 100", "/body/lastName"],
  ["contact_us", { ...CONTACT, email: "ada@" }, "bad e-mail", "/body/email"],
  ["contact_us", { ...CONTACT, phoneNumber: "050123456" }, "9-digit phone", "/body/phoneNumber"],
  ["contact_us", { ...CONTACT, phoneNumber: "05012345678" }, "11-digit phone", "/body/phoneNumber"],
  ["contact_us", { ...CONTACT, phoneNumber: "+971501234" }, "phone with +", "/body/phoneNumber"],
  ["contact_us", { ...CONTACT, subject: "Complaint" }, "subject not in the list", "/body/subject"],
  ["contact_us", { ...CONTACT, message: "x".repeat(5001) }, "message over 5000", "/body/message"],
  ["contact_us", { ...CONTACT, mailType: "demo_form" }, "wrong mailType", "/body/mailType"],

  ...(["firstName", "lastName", "jobRole", "email", "interestedIn", "companyName", "phoneNumber", "countryName", "mailType"].map((f) => [
    "demo_form",
    without(DEMO, f),
    `missing ${f}`,
    `/body/${f}`,
  ]) as Rule[]),
  ["demo_form", { ...DEMO, interestedIn: "option4" }, "interestedIn not an option", "/body/interestedIn"],
  ["demo_form", { ...DEMO, phoneNumber: "12345 6789" }, "phone with a space", "/body/phoneNumber"],
  ["demo_form", { ...DEMO, email: "charles.example.org" }, "bad e-mail", "/body/email"],
  ["demo_form", { ...DEMO, acceptTerms: true }, "acceptTerms is not part of the body", "/body/acceptTerms"],
  ["demo_form", { ...DEMO, mailType: "demo" }, "wrong mailType", "/body/mailType"],

  ...(
    [
      "fullName",
      "companyName",
      "jobRole",
      "email",
      "phoneNumber",
      "regionName",
      "countryName",
      "interestedIn",
      "participants",
      "trainingFormat",
      "mailType",
    ].map((f) => ["request_for_training", without(TRAINING, f), `missing ${f}`, `/body/${f}`]) as Rule[]
  ),
  ["request_for_training", { ...TRAINING, participants: 0 }, "participants 0", "/body/participants"],
  ["request_for_training", { ...TRAINING, participants: 2.5 }, "participants not whole", "/body/participants"],
  ["request_for_training", { ...TRAINING, participants: "12" }, "participants as text", "/body/participants"],
  ["request_for_training", { ...TRAINING, phoneNumber: "1234567" }, "phone of 7 characters", "/body/phoneNumber"],
  ["request_for_training", { ...TRAINING, phoneNumber: "1".repeat(21) }, "phone of 21 characters", "/body/phoneNumber"],
  ["request_for_training", { ...TRAINING, phoneNumber: "0501234567x" }, "phone with a letter", "/body/phoneNumber"],
  ["request_for_training", { ...TRAINING, regionName: "Antarctica" }, "region not in the list", "/body/regionName"],
  ["request_for_training", { ...TRAINING, trainingFormat: "Hybrid" }, "format not in the list", "/body/trainingFormat"],
  ["request_for_training", { ...TRAINING, email: "grace@@example.org" }, "bad e-mail", "/body/email"],
  ["request_for_training", { ...TRAINING, mailType: "training" }, "wrong mailType", "/body/mailType"],
];

describe("each rule broken on its own is refused with 400", () => {
  it.each(RULES.map(([call, body, rule, path]) => ({ call, body, rule, path })))("POST $call: $rule", async ({ call, body, path: field }) => {
    const before = await test.count("submissions");
    const res = await post(call, body);
    const error = expectError(res, 400);
    expect(error.errors?.map((e) => e.path)).toEqual([field]);
    expect(error.message).toContain(field.slice("/body/".length));
    expect(await test.count("submissions")).toBe(before);
  });

  it("lists every broken rule at once (allErrors)", async () => {
    const res = await post("contact_us", { ...CONTACT, email: "nope", phoneNumber: "1", firstName: "" });
    const error = expectError(res, 400);
    expect(error.errors?.map((e) => e.path).sort()).toEqual(["/body/email", "/body/firstName", "/body/phoneNumber"]);
  });

  it("refuses a field the contract does not list", async () => {
    const error = expectError(await post("news-letter", { ...NEWSLETTER, admin: true }), 400);
    expect(error.errors?.[0].path).toBe("/body/admin");
  });
});
