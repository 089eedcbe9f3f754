/**
 * Arabic-Indic digits (٠-٩, ۰-۹) in a number or digit field, on both stores:
 * the server reads them as Latin digits before the contract's validator, in
 * a JSON body and in a multipart body, so an integrator sending them gets the
 * same answer as with Latin digits, and the lead is stored in Latin digits.
 */
import request from "supertest";
import { API, expectAccepted, expectError, setUpContractApp } from "../../../testkit/contract-app";
import { CONTACT, postMultipart, QUOTE, SME } from "../../../testkit/form-bodies";

const test = setUpContractApp();

const ARABIC = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
const PERSIAN = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0x06f0 + Number(d)));

describe("Arabic-Indic digits", () => {
  it.each([
    ["Arabic-Indic", ARABIC],
    ["Eastern Arabic-Indic", PERSIAN],
  ])("a phone number in %s digits is accepted and stored in Latin digits (JSON)", async (_name, write) => {
    const id = expectAccepted(await request(test.app).post(`${API}/contact_us`).send({ ...CONTACT, phoneNumber: write("0501234567") }));
    const stored = await test.stored(id);
    expect(stored?.submission.payload.phoneNumber).toBe("0501234567");
    expect(stored!.outbox[0].body).toContain("0501234567");
  });

  it("the same refusal as with Latin digits (nine digits)", async () => {
    const latin = expectError(await request(test.app).post(`${API}/contact_us`).send({ ...CONTACT, phoneNumber: "050123456" }), 400);
    const arabic = expectError(await request(test.app).post(`${API}/contact_us`).send({ ...CONTACT, phoneNumber: ARABIC("050123456") }), 400);
    expect(arabic).toEqual(latin);
  });

  it("a quantity written as Arabic-Indic text gets the answer the same Latin text gets", async () => {
    const item = QUOTE.items[0];
    const latin = await request(test.app).post(`${API}/quote_request`).send({ ...QUOTE, items: [{ ...item, quantity: "12" }] });
    const arabic = await request(test.app).post(`${API}/quote_request`).send({ ...QUOTE, items: [{ ...item, quantity: ARABIC("12") }] });
    expect(arabic.status).toBe(latin.status);
    expect(arabic.body).toEqual(latin.body);
  });

  it("free text keeps its Arabic-Indic digits", async () => {
    const id = expectAccepted(await request(test.app).post(`${API}/contact_us`).send({ ...CONTACT, message: "نحتاج ٣ مضخات" }));
    expect((await test.stored(id))?.submission.payload.message).toBe("نحتاج ٣ مضخات");
  });

  it("in a multipart body: the phone number and the years of experience", async () => {
    const fields = { ...SME.fields, phoneNumber: ARABIC("(02) 123-45678"), experience: "٧٫٥" };
    const id = expectAccepted(await postMultipart(test.app, SME, { fields }));
    const payload = (await test.stored(id))?.submission.payload;
    expect(payload?.phoneNumber).toBe("(02) 123-45678");
    expect(payload?.experience).toBe(7.5);
  });

  it("in a multipart body: the same refusal as with Latin digits (experience over 100)", async () => {
    const latin = expectError(await postMultipart(test.app, SME, { fields: { ...SME.fields, experience: "101" } }), 400);
    const arabic = expectError(await postMultipart(test.app, SME, { fields: { ...SME.fields, experience: ARABIC("101") } }), 400);
    expect(arabic).toEqual(latin);
  });
});
