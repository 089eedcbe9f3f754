/**
 * The forms in Arabic: the Arabic overlays of the forms' words
 * (data/forms/<form>.ar.json, data/form-words.ar.json,
 * data/offline-outbox.ar.json) hold exactly the translatable strings of their
 * English files at the same paths; a refused submission on an Arabic page is
 * said in Arabic by its fields' broken rules, never with the API's English
 * message; a form sends the page's language in its attribution.
 */
import fs from "fs";
import path from "path";
import contact from "../../src/contract/form-rules/sendContactEnquiry.json";
import { failureInWords, fieldOfPath, MESSAGE_KEYS } from "../../src/forms/failure-words";
import { withLanguage } from "../../src/forms/useContractForm";
import { type CommonFormWords, type FieldWords, type FormWords } from "../../src/forms/useFormWords";
import type { SchemaRule } from "../../src/forms/validation";

const DATA = path.resolve(__dirname, "../../data");
const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(DATA, file), "utf8"));
const OVERLAYS = ["form-words.json", "offline-outbox.json", ...fs.readdirSync(path.join(DATA, "forms")).filter((f) => !f.endsWith(".ar.json")).map((f) => `forms/${f}`)];
/** Keys whose strings are ids, not words: left out of an overlay. */
const NOT_WORDS = new Set(["form", "name", "value"]);
const ARABIC = /[\u0600-\u06FF]/;

/** Where the overlay does not mirror the English: a key not in the English, an id kept, an array of another length, a string left English. */
function mismatches(english: unknown, arabic: unknown, at = ""): string[] {
  if (typeof english === "string") return typeof arabic === "string" && ARABIC.test(arabic) ? [] : [`${at}: not Arabic`];
  if (Array.isArray(english)) {
    if (!Array.isArray(arabic) || arabic.length !== english.length) return [`${at}: ${english.length} items in English`];
    return english.flatMap((item, index) => mismatches(item, arabic[index], `${at}/${index}`));
  }
  if (typeof english === "object" && english !== null) {
    if (typeof arabic !== "object" || arabic === null) return [`${at}: not an object`];
    const out: string[] = [];
    for (const key of Object.keys(arabic)) if (!(key in english) || NOT_WORDS.has(key)) out.push(`${at}/${key}: not a translatable key of the English`);
    for (const [key, value] of Object.entries(english)) {
      if (NOT_WORDS.has(key) || value === null) continue;
      out.push(...mismatches(value, (arabic as Record<string, unknown>)[key], `${at}/${key}`));
    }
    return out;
  }
  return [];
}

describe("the Arabic overlays of the forms' words", () => {
  it.each(OVERLAYS)("%s: every translatable string, in Arabic, at the English paths", (file) => {
    expect(mismatches(read(file), read(file.replace(/\.json$/, ".ar.json")))).toEqual([]);
  });

  it("Latin digits only, no tatweel, no diacritics", () => {
    for (const file of OVERLAYS) {
      const text = fs.readFileSync(path.join(DATA, file.replace(/\.json$/, ".ar.json")), "utf8");
      const marks = Array.from(text).filter((char) => /[\u0660-\u0669\u06F0-\u06F9\u0640]/.test(char) || (char >= "\u064B" && char <= "\u065F"));
      expect([file, marks]).toEqual([file, []]);
    }
  });

  it("have a message for every rule the API names", () => {
    const { messages } = read("form-words.ar.json") as CommonFormWords;
    for (const key of [...MESSAGE_KEYS, "check", "separator", "tooLarge", "tooMany", "unavailable"]) expect(messages).toHaveProperty(key);
  });
});

describe("a refused submission on an Arabic page", () => {
  const common = { ...(read("form-words.json") as CommonFormWords), ...(read("form-words.ar.json") as CommonFormWords) };
  const fieldWords = (read("forms/contact_us.ar.json") as { fieldWords: Partial<FieldWords>[] }).fieldWords.map((field, index) => ({
    ...(read("forms/contact_us.json") as { fieldWords: FieldWords[] }).fieldWords[index],
    ...field,
  }));
  const words = { field: Object.fromEntries(fieldWords.map((field) => [field.name, field])), common } as unknown as FormWords;
  const answer = (status: number, body: unknown) => ({ error: body, response: { status } });

  it("names each field's broken rule in Arabic, with its Arabic label, never the English message", () => {
    const text = failureInWords(
      answer(400, {
        message: "Please check the form: phoneNumber must be exactly 10 digits; email is required.",
        errors: [
          { path: "/body/phoneNumber", message: 'must match pattern "^[0-9]{10}$"', rule: "pattern" },
          { path: "/body/email", message: "must have required property 'email'", rule: "required" },
        ],
      }),
      words,
    );
    expect(text).toBe("يرجى مراجعة النموذج: قيمة «رقم الهاتف» ليست بالصيغة المطلوبة؛ حقل «البريد الإلكتروني» مطلوب.");
    expect(text).not.toMatch(/[A-Za-z]/);
  });

  it("a rule it does not know, or none: the field is invalid; a field the visitor does not fill is not named", () => {
    expect(failureInWords(answer(400, { message: "x", errors: [{ path: "/body/companyName", message: "x", rule: "somethingNew" }] }), words)).toBe(
      "يرجى مراجعة النموذج: قيمة «الشركة» غير صحيحة.",
    );
    expect(failureInWords(answer(400, { message: "x", errors: [{ path: "/body/attribution/language", message: "x", rule: "enum" }] }), words)).toBe(common.failure);
  });

  it("413, 429 and 503 in their words; anything else (a network error, a 500) the generic failure", () => {
    expect(failureInWords(answer(429, { message: "Too many requests. Please try again later." }), words)).toBe(common.messages.tooMany);
    expect(failureInWords(answer(413, { message: "The request is too large." }), words)).toBe(common.messages.tooLarge);
    expect(failureInWords(answer(503, { message: "x" }), words)).toBe(common.messages.unavailable);
    expect(failureInWords(answer(500, { message: "An internal error occurred." }), words)).toBe(common.failure);
    expect(failureInWords(new TypeError("Failed to fetch"), words)).toBe(common.failure);
  });

  it("a path names its top field", () => {
    expect(fieldOfPath("/body/items/0/quantity")).toBe("items");
    expect(fieldOfPath("/body/email")).toBe("email");
    expect(fieldOfPath(undefined)).toBe("");
  });
});

describe("the language a form sends (attribution.language)", () => {
  const rule = contact.schema.properties.attribution as SchemaRule;
  it("is the page's (its address's language, given by the page's context)", () => {
    expect(withLanguage({ page: "/ar/contact" }, rule, "ar")).toEqual({ page: "/ar/contact", language: "ar" });
    expect(withLanguage(undefined, rule, "ar")).toEqual({ language: "ar" });
    expect(withLanguage({ page: "/contact" }, rule, "en")).toEqual({ page: "/contact", language: "en" });
  });
  it("is not sent to a contract that has no such field", () => {
    expect(withLanguage({ page: "/contact" }, { type: "object", properties: {} }, "ar")).toEqual({ page: "/contact" });
  });
});
