/**
 * The multipart calls (careers, sme_form, transfer_partner, product_order_form):
 * valid requests with real PDF, DOC and DOCX files are stored (files on disk
 * under generated names, one queued notification); each rule broken on its own,
 * files that only pose as documents and text where a file belongs are refused.
 */
import request from "supertest";
import { makeDoc, makeDocx, makeExecutable, makeHtml, makePdf, makeZip } from "../../../testkit/documents";
import { API, expectAccepted, expectError, expectStored, setUpContractApp } from "../../../testkit/contract-app";
import * as bodies from "../../../testkit/form-bodies";
import { postMultipart, type MultipartBody } from "../../../testkit/form-bodies";

const test = setUpContractApp();

type Fields = Record<string, string>;
type Files = Record<string, { content: Buffer; name: string }>;

interface Form extends MultipartBody {
  mailType: string;
  subject: string;
  inbox: string;
}

const PDF = makePdf();
const DOC = makeDoc();
const DOCX = makeDocx();

const CAREERS: Form = { ...bodies.CAREERS, mailType: "career", subject: "New job application: Katherine Johnson", inbox: "careers@example.com" };
const SME: Form = { ...bodies.SME, mailType: "sme_form", subject: "New SME registration: Margaret Hamilton", inbox: "trainings@example.com" };
const PARTNER: Form = {
  ...bodies.PARTNER,
  mailType: "transfer_partner_form",
  subject: "New partnership application: Alan Turing (Institute of Technology)",
  inbox: "partnerships@example.com",
};
const ORDER: Form = { ...bodies.ORDER, mailType: "product_order_form", subject: "New product order questionnaire: TOP LOADING ARMS", inbox: "sales@example.com" };

function post(form: Form, fields: Fields, files: Files) {
  return postMultipart(test.app, form, { fields, files });
}

function without<T extends object>(record: T, key: string): T {
  const copy = { ...record } as Record<string, unknown>;
  delete copy[key];
  return copy as T;
}

function contents(files: Files): Record<string, Buffer> {
  return Object.fromEntries(Object.entries(files).map(([field, file]) => [field, file.content]));
}

describe.each([CAREERS, SME, PARTNER, ORDER])("POST $call", (form) => {
  it("stores a valid request with its files and one notification, answers 201", async () => {
    const res = await post(form, form.fields, form.files);
    const id = expectAccepted(res);
    const stored = await expectStored(test, id, form.mailType, contents(form.files));
    expect(stored.outbox.topic).toBe(form.subject);
    expect(stored.outbox.addressed_to).toBe(form.inbox);
    for (const attachment of stored.attachments) {
      expect(attachment.original_name).toBe(form.files[attachment.field].name);
    }
    const mailed = stored.outbox.attachments;
    expect(mailed.map((a) => a.storedName).sort()).toEqual(stored.attachments.map((a) => a.stored_name).sort());
    for (const attachment of stored.attachments) {
      // The file is named by its stored name; the server's own paths are not shown.
      expect(stored.outbox.body).toContain(`stored as ${attachment.stored_name}`);
      expect(stored.outbox.body).not.toContain(test.dataDir);
    }
  });

  it.each(Object.keys(form.fields).filter((f) => !["jobRole", "linkedIn", "comments"].includes(f)))("refuses a missing %s", async (field) => {
    const error = expectError(await post(form, without(form.fields, field), form.files), 400);
    expect(error.errors?.map((e) => e.path)).toEqual([`/body/${field}`]);
  });

  it.each(Object.keys(form.files))("refuses a missing %s file", async (field) => {
    const error = expectError(await post(form, form.fields, without(form.files, field)), 400);
    expect(error.errors?.map((e) => e.path)).toEqual([`/body/${field}`]);
  });

  it.each(Object.keys(form.files))("refuses text sent where the %s file belongs", async (field) => {
    const error = expectError(await post(form, { ...form.fields, [field]: "C:\\fakepath\\cv.pdf" }, without(form.files, field)), 400);
    expect(error.errors?.map((e) => e.path)).toEqual([`/body/${field}`]);
    expect(error.message).toContain(field);
  });

  it.each([
    ["a renamed executable", makeExecutable(), "setup.pdf"],
    ["an HTML page named .pdf", makeHtml(), "page.pdf"],
    ["a ZIP that is not a DOCX", makeZip({ "readme.txt": "hello" }), "archive.docx"],
    ["a PDF named .docx", PDF, "cv.docx"],
    ["a DOCX named .pdf", DOCX, "cv.pdf"],
    ["a PDF named .exe", PDF, "cv.exe"],
    ["a PDF without extension", PDF, "cv"],
  ])("refuses %s", async (_what, content, name) => {
    const field = Object.keys(form.files)[0];
    const files = { ...form.files, [field]: { content, name } };
    const before = (await test.keptFiles()).length;
    const error = expectError(await post(form, form.fields, files), 400);
    expect(error.errors?.map((e) => e.path)).toEqual([`/body/${field}`]);
    expect(error.message).toContain(field);
    expect(await test.keptFiles()).toHaveLength(before);
  });

  it("refuses a file in a field the form does not have", async () => {
    const error = expectError(await post(form, form.fields, { ...form.files, photo: { content: PDF, name: "photo.pdf" } }), 400);
    expect(error.message).toContain("photo");
  });

  it("refuses a text field the form does not have", async () => {
    const error = expectError(await post(form, { ...form.fields, admin: "yes" }, form.files), 400);
    expect(error.errors?.map((e) => e.path)).toEqual(["/body/admin"]);
  });

  it("refuses a JSON body", async () => {
    expectError(await request(test.app).post(`${API}/${form.call}`).send(form.fields), 415);
  });
});

type Broken = [rule: string, form: Form, fields: Fields, path: string];

const BROKEN: Broken[] = [
  ["bad e-mail", CAREERS, { ...CAREERS.fields, email: "katherine" }, "/body/email"],
  ["phone of 7 characters", CAREERS, { ...CAREERS.fields, phoneNumber: "1234567" }, "/body/phoneNumber"],
  ["phone with letters", CAREERS, { ...CAREERS.fields, phoneNumber: "call me maybe" }, "/body/phoneNumber"],
  ["wrong mailType", CAREERS, { ...CAREERS.fields, mailType: "contact" }, "/body/mailType"],
  ["empty firstName", CAREERS, { ...CAREERS.fields, firstName: "" }, "/body/firstName"],
  ["bad e-mail", SME, { ...SME.fields, email: "margaret@" }, "/body/email"],
  ["phone of 21 characters", SME, { ...SME.fields, phoneNumber: "+".repeat(21) }, "/body/phoneNumber"],
  ["experience -1", SME, { ...SME.fields, experience: "-1" }, "/body/experience"],
  ["experience not a number", SME, { ...SME.fields, experience: "ten" }, "/body/experience"],
  ["bad linkedIn url", SME, { ...SME.fields, linkedIn: "not a url" }, "/body/linkedIn"],
  ["linkedIn with a javascript: URL", SME, { ...SME.fields, linkedIn: "javascript:alert(1)" }, "/body/linkedIn"],
  ["linkedIn with a file: URL", SME, { ...SME.fields, linkedIn: "file:///etc/passwd" }, "/body/linkedIn"],
  ["region not in the list", SME, { ...SME.fields, regionName: "Atlantis" }, "/body/regionName"],
  ["availability not in the list", SME, { ...SME.fields, availability: "Nights" }, "/body/availability"],
  ["wrong mailType", SME, { ...SME.fields, mailType: "sme" }, "/body/mailType"],
  ["empty interest list", PARTNER, { ...PARTNER.fields, interestedIn: "[]" }, "/body/interestedIn"],
  ["interest not in the list", PARTNER, { ...PARTNER.fields, interestedIn: JSON.stringify(["Free lunch"]) }, "/body/interestedIn/0"],
  ["interest list not JSON", PARTNER, { ...PARTNER.fields, interestedIn: "Technology Integration" }, "/body/interestedIn"],
  ["bad e-mail", PARTNER, { ...PARTNER.fields, email: "alan at example.org" }, "/body/email"],
  ["phone with letters", PARTNER, { ...PARTNER.fields, phoneNumber: "+44 20 CALL NOW" }, "/body/phoneNumber"],
  ["region not in the list", PARTNER, { ...PARTNER.fields, regionName: "Europa" }, "/body/regionName"],
  ["wrong mailType", PARTNER, { ...PARTNER.fields, mailType: "transfer_partner" }, "/body/mailType"],
  ["wrong mailType", ORDER, { ...ORDER.fields, mailType: "order" }, "/body/mailType"],
  ["productName over 200", ORDER, { ...ORDER.fields, productName: "X".repeat(201) }, "/body/productName"],
];

describe("each rule broken on its own is refused with 400", () => {
  it.each(BROKEN.map(([rule, form, fields, path]) => ({ rule, form, call: form.call, fields, path })))(
    "POST $call: $rule",
    async ({ form, fields, path: field }) => {
      const before = await test.count("submissions");
      const error = expectError(await post(form, fields, form.files), 400);
      // One field named (a value may break two of its rules, like linkedIn's format and pattern).
      expect([...new Set(error.errors?.map((e) => e.path))]).toEqual([field]);
      expect(await test.count("submissions")).toBe(before);
    },
  );
});

describe("details", () => {
  it("accepts the interest list as repeated fields too, and an SME without LinkedIn", async () => {
    let req = post(PARTNER, without(PARTNER.fields, "interestedIn"), PARTNER.files);
    req = req.field("interestedIn", "Technology Integration").field("interestedIn", "Regular trainings for students");
    const id = expectAccepted(await req);
    expect((await expectStored(test, id, "transfer_partner_form", contents(PARTNER.files))).payload.interestedIn).toEqual([
      "Technology Integration",
      "Regular trainings for students",
    ]);

    const smeId = expectAccepted(await post(SME, { ...SME.fields, linkedIn: "" }, SME.files));
    const stored = await expectStored(test, smeId, "sme_form", contents(SME.files));
    expect(stored.payload.linkedIn).toBeUndefined();
    expect(stored.payload.experience).toBe(7.5);
  });

  it("keeps the visitor's file name only as sanitized information", async () => {
    const files = { ...ORDER.files, file: { content: DOCX, name: "..\\..\\evil<name>|.docx" } };
    const id = expectAccepted(await post(ORDER, ORDER.fields, files));
    const [attachment] = (await expectStored(test, id, "product_order_form", { file: DOCX })).attachments;
    expect(attachment.original_name).toBe("evilname.docx");
    expect(attachment.stored_name).toMatch(/^[0-9a-f-]{36}\.docx$/);
  });

  it("takes a UTF-8 file name as it is", async () => {
    const files = { resume: { content: DOC, name: "Lebenslauf Müller – 2024.doc" } };
    const id = expectAccepted(await post(SME, SME.fields, files));
    const [attachment] = (await expectStored(test, id, "sme_form", { resume: DOC })).attachments;
    expect(attachment.original_name).toBe("Lebenslauf Müller – 2024.doc");
  });

  it("refuses two files in one file field", async () => {
    const req = post(ORDER, ORDER.fields, ORDER.files).attach("file", PDF, "second.pdf");
    const res = await req;
    expect([400, 413]).toContain(res.status);
    expectError(res, res.status);
  });
});
