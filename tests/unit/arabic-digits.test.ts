/**
 * Arabic-Indic digits (٠-٩ and ۰-۹) in number and digit fields: read as
 * Latin digits before validation (src/shared/forms/digits.ts), by the form's
 * body (src/forms/validation.ts buildBody) exactly as the server reads them.
 */
import contact from "../../src/contract/form-rules/sendContactEnquiry.json";
import quote from "../../src/contract/form-rules/requestQuotation.json";
import sme from "../../src/contract/form-rules/registerSubjectMatterExpert.json";
import { isDigitRule, normaliseDigits, toLatinDigits, toLatinNumber } from "../../src/shared/forms/digits";
import { buildBody, validateBody, type FormRules } from "../../src/forms/validation";

describe("toLatinDigits", () => {
  it("reads both Arabic-Indic ranges as 0-9", () => {
    expect(toLatinDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(toLatinDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
    expect(toLatinDigits("+٩٧١ (۲) 123-٤٥")).toBe("+971 (2) 123-45");
  });
  it("leaves every other character as it is", () => {
    expect(toLatinDigits("رقم TWP-1000")).toBe("رقم TWP-1000");
  });
  it("a number: the Arabic decimal separator is a point, its thousands separator dropped", () => {
    expect(toLatinNumber(" ٧٫٥ ")).toBe("7.5");
    expect(toLatinNumber("١٬٠٠٠")).toBe("1000");
  });
});

describe("normaliseDigits", () => {
  it("knows the digit fields: numbers, and text whose pattern is digits", () => {
    expect(isDigitRule(contact.schema.properties.phoneNumber)).toBe(true);
    expect(isDigitRule(sme.schema.properties.phoneNumber)).toBe(true);
    expect(isDigitRule(sme.schema.properties.experience)).toBe(true);
    expect(isDigitRule(quote.schema.properties.items.items.properties.quantity)).toBe(true);
    expect(isDigitRule(contact.schema.properties.message)).toBe(false);
    expect(isDigitRule(contact.schema.properties.firstName)).toBe(false);
  });

  it("changes the digit fields only, down through lists of objects; free text keeps its digits", () => {
    const body = {
      firstName: "سارة ٢",
      phoneNumber: "٠٥٠١٢٣٤٥٦٧",
      message: "الطلب رقم ٤٥",
      items: [{ product: "torque-pump", quantity: "١٢" }, { product: "torque-pump", quantity: 3 }],
    };
    expect(normaliseDigits(quote.schema, body)).toEqual({
      firstName: "سارة ٢",
      phoneNumber: "0501234567",
      message: "الطلب رقم ٤٥",
      items: [{ product: "torque-pump", quantity: "12" }, { product: "torque-pump", quantity: 3 }],
    });
  });

  it("returns the same object when there is nothing to change", () => {
    const body = { phoneNumber: "0501234567", message: "x" };
    expect(normaliseDigits(contact.schema, body)).toBe(body);
  });
});

describe("the form's body", () => {
  const rules = contact as unknown as FormRules;
  const values = {
    firstName: "سارة",
    lastName: "المنصوري",
    subject: "Sales Inquiry",
    email: "sara@example.ae",
    phoneNumber: "٠٥٠١٢٣٤٥٦٧",
    companyName: "شركة الخليج",
    message: "نحتاج ٣ مضخات",
    mailType: "contact",
  };

  it("holds Latin digits in the phone number, and validates as with Latin digits", () => {
    const body = buildBody(rules, values);
    expect(body.phoneNumber).toBe("0501234567");
    expect(body.message).toBe("نحتاج ٣ مضخات");
    expect(Object.entries(validateBody(rules, body).fields).filter(([, ok]) => !ok)).toEqual([]);
    expect(validateBody(rules, body).valid).toBe(true);
    expect(validateBody(rules, buildBody(rules, { ...values, phoneNumber: "۰۵۰۱۲۳۴۵۶۷" })).valid).toBe(true);
  });

  it("refuses what it refuses with Latin digits (nine digits)", () => {
    expect(validateBody(rules, buildBody(rules, { ...values, phoneNumber: "٠٥٠١٢٣٤٥٦" })).fields.phoneNumber).toBe(false);
  });

  it("a number field's Arabic-Indic text becomes a number", () => {
    const smeRules = sme as unknown as FormRules;
    expect(buildBody(smeRules, { experience: "٧٫٥" }).experience).toBe(7.5);
    expect(buildBody(smeRules, { experience: "۱۲" }).experience).toBe(12);
  });
});
