/**
 * The forms' one validation mechanism (src/forms/validation.ts, reading
 * src/contract/form-rules/*.json) agrees with the server: every case of a table of
 * field values goes through the browser's validator and through the ajv the
 * server's express-openapi-validator builds from openapi.yaml (same options as
 * server/api/index.ts: allErrors, formats in ajv-formats' "full" mode), and both must
 * find the same fields invalid. ajv is only used here, never in the browser.
 */
import { File } from "buffer";
import fs from "fs";
import path from "path";
import { productNameFromSlug } from "../../src/forms/product-name";
import {
  acceptFor,
  buildBody,
  choicesOf,
  EMAIL_PATTERN,
  isAcceptedFile,
  isRequired,
  validateBody,
  type FormRules,
} from "../../src/forms/validation";
import FORM_WORDS from "../../data/form-words.json";
import { FORMS } from "../../src/shared/forms/registry";
import { URI_FORMAT, URI_PATTERN } from "../../src/forms/uri-format";
import { DEFAULT_ERROR_MESSAGE } from "../../src/contract/client";
import * as VALUES from "../../src/forms/values";

const ROOT = path.resolve(__dirname, "..", "..");

interface AjvError {
  instancePath: string;
  keyword: string;
  params: { missingProperty?: string; additionalProperty?: string };
}
type AjvValidate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

// js-yaml comes with express-openapi-validator (its $ref parser); it has no bundled types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const yaml = require("js-yaml") as { load(text: string): unknown };

// The ajv of express-openapi-validator, made the way its request validator makes it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createRequestAjv } = require("express-openapi-validator/dist/framework/ajv") as {
  createRequestAjv: (doc: unknown, options: Record<string, unknown>) => { getSchema(key: string): AjvValidate | undefined };
};
const contract = yaml.load(fs.readFileSync(path.join(ROOT, "openapi.yaml"), "utf8")) as {
  paths: Record<string, { post: { operationId: string; requestBody: { content: Record<string, { schema: { $ref: string } }> } } }>;
};
const ajv = createRequestAjv(structuredClone(contract), {
  strict: false,
  strictNumbers: true,
  strictTuples: true,
  allowUnionTypes: false,
  validateSchema: false,
  coerceTypes: false,
  useDefaults: true,
  removeAdditional: false,
  validateFormats: true,
  formats: {},
  serDesMap: {},
  ajvFormats: { mode: "full" },
  allErrors: true,
});

/** The server's validator of one operation's body, found from the contract's path (not from the generated rules). */
function serverValidator(operationId: string): AjvValidate {
  for (const item of Object.values(contract.paths)) {
    if (item.post.operationId !== operationId) continue;
    const [media] = Object.values(item.post.requestBody.content);
    const validate = ajv.getSchema(media.schema.$ref);
    if (!validate) throw new Error(`no schema ${media.schema.$ref}`);
    return validate;
  }
  throw new Error(`no operation ${operationId}`);
}

/** src/contract/form-rules/<operationId>.json, as the forms import them. */
const RULES_DIR = path.join(ROOT, "src", "contract", "form-rules");
const RULES: Record<string, FormRules> = Object.fromEntries(
  fs.readdirSync(RULES_DIR).map((name) => [name.replace(/\.json$/, ""), JSON.parse(fs.readFileSync(path.join(RULES_DIR, name), "utf8")) as FormRules]),
);
const FORMATS = { email: (value: string) => EMAIL_PATTERN.test(value), ...URI_FORMAT };
/** The mail type each form of the registry sends, by operation. */
const MAIL_TYPES: Record<string, string> = Object.fromEntries(Object.values(FORMS).map((form) => [form.operationId, form.mailType]));
/** The forms whose values are src/forms/values.ts (the enquiry's quotation request keeps its own). */
const OPERATIONS = Object.keys(MAIL_TYPES).filter((operationId) => operationId !== "requestQuotation");

/** The fields ajv finds invalid (as the server would report them under /body/<field>). */
function serverInvalidFields(operationId: string, body: Record<string, unknown>): string[] {
  // The server reads a multipart file as an empty placeholder under its field (server/api/uploads.ts).
  const wire = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value instanceof Blob ? "" : value]));
  const validate = serverValidator(operationId);
  if (validate(wire)) return [];
  const fields = (validate.errors ?? []).map((error) => {
    if (error.keyword === "required") return error.params.missingProperty!;
    if (error.keyword === "additionalProperties") return error.params.additionalProperty!;
    return error.instancePath.split("/")[1];
  });
  return [...new Set(fields)].sort();
}

function browserInvalidFields(operationId: string, body: Record<string, unknown>): string[] {
  const { fields } = validateBody(RULES[operationId], body, FORMATS);
  return Object.keys(fields)
    .filter((name) => !fields[name])
    .sort();
}

const pdf = (name = "cv.pdf") => new File(["%PDF-1.4\n%%EOF\n"], name, { type: "application/pdf" }) as unknown as globalThis.File;

/** A valid set of values per form, as a visitor types them. */
const VALID: Record<string, Record<string, unknown>> = {
  subscribeNewsletter: { ...VALUES.NEWS_LETTER_INITIAL, email: "reader@example.org" },
  sendContactEnquiry: {
    ...VALUES.CONTACT_US_INITIAL,
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.org",
    phoneNumber: "0501234567",
    companyName: "Analytical Engines",
    mailType: "contact",
  },
  requestDemo: {
    ...VALUES.DEMO_FORM_INITIAL,
    firstName: "Grace",
    lastName: "Hopper",
    jobRole: "Engineer",
    email: "grace@example.org",
    interestedIn: "option2",
    companyName: "Compilers Ltd",
    phoneNumber: "0501234567",
    countryName: "United Arab Emirates",
    acceptTerms: true,
    mailType: "demo_form",
  },
  requestTraining: {
    ...VALUES.REQUEST_FOR_TRAINING_INITIAL,
    fullName: "Alan Turing",
    companyName: "Bletchley",
    jobRole: "Mathematician",
    email: "alan@example.org",
    phoneNumber: "+44 20 1234 5678",
    regionName: "Europe",
    countryName: "United Kingdom",
    interestedIn: "Controlled bolting",
    participants: "12",
    trainingFormat: "On Site",
    mailType: "request_for_training",
  },
  registerSubjectMatterExpert: {
    ...VALUES.SME_FORM_INITIAL,
    fullName: "Margaret Hamilton",
    email: "margaret@example.org",
    phoneNumber: "(02) 123-45678",
    experience: "7.5",
    regionName: "North America",
    countryName: "United States",
    expertise: "Hydrotesting",
    availability: "Flexible",
    resume: pdf(),
    mailType: "sme_form",
  },
  applyForPartnership: {
    ...VALUES.TRANSFER_PARTNER_INITIAL,
    companyName: "Institute of Technology",
    fullName: "Katherine Johnson",
    jobRole: "Dean",
    email: "katherine@example.org",
    phoneNumber: "+971 2 123 4567",
    regionName: "Asia",
    countryName: "United Arab Emirates",
    interestedIn: ["Technology Integration", "Other (Specify)"],
    message: "Joint courses for students.",
    support_doc: pdf("profile.pdf"),
    mailType: "transfer_partner_form",
  },
  applyForJob: {
    ...VALUES.CAREERS_INITIAL,
    firstName: "Katherine",
    lastName: "Johnson",
    email: "katherine@example.org",
    phoneNumber: "+971 50 123 4567",
    nationality: "American",
    countryName: "United Arab Emirates",
    resume: pdf(),
    coverLetter: pdf("letter.pdf"),
    jobRole: "Sales and Business Development",
    mailType: "career",
  },
  uploadProductOrder: { file: pdf("questionnaire.pdf"), productName: "TOP LOADING ARMS", mailType: "product_order_form" },
};

const long = (n: number) => "x".repeat(n);
const EMAILS = [
  "a@b.co",
  "user.name+tag@example.org",
  "UPPER@EXAMPLE.COM",
  "a@b",
  "a@b.",
  "@example.com",
  "a b@example.com",
  "a..b@example.com",
  ".a@example.com",
  "a@-example.com",
  "a@example-.com",
  "ä@example.com",
  "a@exämple.com",
  "a@example.com.",
  "plainaddress",
  `${long(64)}@${long(180)}.com`,
  `${long(64)}@${long(190)}.com`,
];
const PHONES = [
  "0501234567",
  "050123456",
  "05012345678",
  "050-123-4567",
  "+971 50 123 4567",
  "(02) 123-45678",
  "1234567",
  "12345678",
  long(20).replace(/x/g, "1"),
  long(21).replace(/x/g, "1"),
  "+97150123456a",
  "٠١٢٣٤٥٦٧٨٩",
  "１２３４５６７８９０",
  "050 1234567",
];
const URIS = [
  "https://www.linkedin.com/in/someone",
  "http://example.com/a?b=c#d",
  "linkedin.com/in/someone",
  "www.linkedin.com",
  "https://exa mple.com",
  "https://例え.jp",
  "mailto:someone@example.org",
  "urn:isbn:0451450523",
  "https://",
  "ftp://files.example.org/cv.pdf",
  "https://example.com/%zz",
  "https://[::1]:8080/",
  "HTTPS://WWW.LINKEDIN.COM/IN/SOMEONE",
  "javascript:alert(1)",
  "javascript://www.linkedin.com/%0aalert(1)",
  "JavaScript:alert(document.cookie)",
  "file:///etc/passwd",
  "file://server/share/cv.pdf",
  "data:text/html,<b>hi</b>",
  "https://www.linkedin.com@evil.example/",
  "https:///path-without-host",
];
const NUMBERS = ["0", "1", "-1", "1.5", "7.5", "-0.5", "100", "100.5", "10000", "10001", "abc", "1e2", " 3 ", "", "   ", "0.0"];
/** One-line text that may mislead the inbox, and international names that must pass. */
const LINES = [
  "Jean-Luc O'Brien",
  "محمد عبد الله",
  "Zoë Ñúñez-García",
  "李小龙",
  "Ngũgĩ wa Thiong'o",
  "محمدی\u200cپور",
  "\t",
  "\u00a0\u3000",
  "\u200b",
  "\u3164",
  "\u2800",
  "\ufeffAda",
  "Ada\u0000",
  "Ada\u0007",
  "Ada\u001b[31m",
  "Ada\u007f",
  "Ada\u0085",
  "Ada\nLovelace",
  "Ada\r\nBcc: x@example.org",
  "Ada\u2028Lovelace",
  "cv\u202Excod",
  "Ada\u2066Lovelace\u2069",
  "\u200fAda",
  "Ada\u00adLovelace",
  "=?UTF-8?B?VXJnZW50OiBwYXkgbm93?=",
  "=?utf-8?q?Urgent?=",
  "Ada =? Lovelace",
  "a = b ? c",
];
const TEXTS = ["", " ", "  a  ", "a", "😀".repeat(100), "😀".repeat(101), long(100), long(101), long(200), long(201), long(500), long(501), long(5000), long(5001)];

/** The candidate values of one field, chosen from its rule. */
function candidates(operationId: string, name: string): unknown[] {
  const rule = RULES[operationId].schema.properties[name];
  const values: unknown[] = [undefined, null, ...TEXTS];
  if (rule.format === "email") values.push(...EMAILS);
  if (rule.format === "uri") values.push(...URIS);
  if (rule.pattern) values.push(...PHONES);
  if (rule.type === "string" && rule.format !== "binary") values.push(...LINES);
  if (rule.type === "number" || rule.type === "integer") values.push(...NUMBERS);
  if (rule.enum) values.push(...rule.enum, String(rule.enum[0]).toLowerCase(), `${String(rule.enum[0])} `, "Something else");
  if (rule.type === "array") {
    const items = choicesOf(RULES[operationId], name);
    values.push([], [items[0]], items, [items[0], items[0]], ["Something else"], [items[0], "Something else"], [""]);
  }
  if (rule.format === "binary") values.push(pdf(), pdf("cv.docx"), pdf("CV.PDF"), pdf("notes.txt"), pdf("no-extension"), "not a file");
  return values;
}

describe("the forms' validator agrees with the server's ajv on the contract", () => {
  it.each(OPERATIONS)("%s: a valid form is valid on both sides", (operationId) => {
    const body = buildBody(RULES[operationId], VALID[operationId]);
    expect(browserInvalidFields(operationId, body)).toEqual([]);
    expect(serverInvalidFields(operationId, body)).toEqual([]);
  });

  it.each(OPERATIONS)("%s: every field, every candidate value: the same fields are invalid", (operationId) => {
    const rules = RULES[operationId];
    let compared = 0;
    let refused = 0;
    for (const name of Object.keys(rules.schema.properties)) {
      for (const value of candidates(operationId, name)) {
        const body = buildBody(rules, { ...VALID[operationId], [name]: value });
        const browser = browserInvalidFields(operationId, body);
        const server = serverInvalidFields(operationId, body);
        // Beside ajv, the server refuses a text value where a file belongs (server/api/uploads.ts) and a file that is
        // no PDF, DOC or DOCX (by content; the browser judges the name's extension).
        const isFileField = rules.schema.properties[name].format === "binary";
        const refusedBeside = isFileField && typeof value === "string" && value.trim() !== "" ? true : value instanceof Blob && !isAcceptedFile(value, rules.fileTypes[name] ?? []);
        const expected = refusedBeside ? [...new Set([...server, name])].sort() : server;
        if (JSON.stringify(browser) !== JSON.stringify(expected)) {
          throw new Error(`${operationId}.${name} = ${JSON.stringify(value instanceof Blob ? `<file ${(value as globalThis.File).name}>` : value)}: browser ${JSON.stringify(browser)}, server ${JSON.stringify(server)}`);
        }
        compared += 1;
        if (server.length > 0) refused += 1;
      }
    }
    expect(compared).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(5);
  });

  it("a value the body builder cannot produce is judged alike too (numbers as text, wrong types, extra fields)", () => {
    const cases: [string, Record<string, unknown>][] = [
      ["requestTraining", { participants: "12" }],
      ["requestTraining", { participants: 0 }],
      ["requestTraining", { participants: 1.5 }],
      ["requestTraining", { participants: Number.NaN }],
      ["registerSubjectMatterExpert", { experience: -1 }],
      ["sendContactEnquiry", { phoneNumber: 501234567 }],
      ["sendContactEnquiry", { acceptTerms: true }],
      ["requestDemo", { acceptTerms: true }],
      ["subscribeNewsletter", { mailType: "news-letter" }],
      ["applyForPartnership", { interestedIn: "Technology Integration" }],
    ];
    for (const [operationId, change] of cases) {
      const body = { ...buildBody(RULES[operationId], VALID[operationId]), ...change };
      expect([operationId, browserInvalidFields(operationId, body)]).toEqual([operationId, serverInvalidFields(operationId, body)]);
      expect(serverInvalidFields(operationId, body).length).toBeGreaterThan(0);
    }
  });

  it("the rules themselves hold (not only agreement): phones, e-mail, participants, experience, interests", () => {
    const invalid = (operationId: string, change: Record<string, unknown>) =>
      browserInvalidFields(operationId, buildBody(RULES[operationId], { ...VALID[operationId], ...change }));
    expect(invalid("sendContactEnquiry", { phoneNumber: "050123456" })).toEqual(["phoneNumber"]);
    expect(invalid("sendContactEnquiry", { phoneNumber: "+971501234" })).toEqual(["phoneNumber"]);
    expect(invalid("sendContactEnquiry", { message: "" })).toEqual([]);
    expect(invalid("sendContactEnquiry", { email: "ada@", firstName: "" })).toEqual(["email", "firstName"]);
    expect(invalid("requestDemo", { phoneNumber: "05012345678" })).toEqual(["phoneNumber"]);
    expect(invalid("applyForJob", { phoneNumber: "+971 50 123 4567" })).toEqual([]);
    expect(invalid("applyForJob", { phoneNumber: "1234567" })).toEqual(["phoneNumber"]);
    expect(invalid("applyForJob", { resume: null })).toEqual(["resume"]);
    expect(invalid("applyForJob", { jobRole: "" })).toEqual([]);
    expect(invalid("requestTraining", { participants: "0" })).toEqual(["participants"]);
    expect(invalid("requestTraining", { participants: "1" })).toEqual([]);
    expect(invalid("requestTraining", { trainingFormat: "Hybrid" })).toEqual(["trainingFormat"]);
    expect(invalid("registerSubjectMatterExpert", { experience: "0" })).toEqual([]);
    expect(invalid("registerSubjectMatterExpert", { experience: "-1" })).toEqual(["experience"]);
    expect(invalid("registerSubjectMatterExpert", { linkedIn: "" })).toEqual([]);
    expect(invalid("registerSubjectMatterExpert", { linkedIn: "linkedin.com/in/x" })).toEqual(["linkedIn"]);
    expect(invalid("applyForPartnership", { interestedIn: [] })).toEqual(["interestedIn"]);
    expect(invalid("applyForPartnership", { message: "" })).toEqual(["message"]);
    expect(invalid("uploadProductOrder", { file: null })).toEqual(["file"]);
    expect(invalid("uploadProductOrder", { file: pdf("order.txt") })).toEqual(["file"]);
    expect(invalid("subscribeNewsletter", { email: "" })).toEqual(["email"]);
  });

  it("text that would mislead the inbox is refused in the browser, international names are not", () => {
    const invalid = (operationId: string, change: Record<string, unknown>) =>
      browserInvalidFields(operationId, buildBody(RULES[operationId], { ...VALID[operationId], ...change }));
    for (const name of ["Jean-Luc O'Brien", "محمد عبد الله", "Zoë Ñúñez-García", "李小龙", "Ngũgĩ wa Thiong'o", "محمدی\u200cپور"]) {
      expect([name, invalid("sendContactEnquiry", { firstName: name, lastName: name, companyName: name })]).toEqual([name, []]);
      expect([name, invalid("applyForJob", { firstName: name, nationality: name, countryName: name })]).toEqual([name, []]);
    }
    const misleading = [
      "\u200b", // a zero-width space alone
      "\u200b\u3000\u200b", // nothing visible
      "\u3164", // a Hangul filler: looks blank
      "\u2800\uffa0", // a blank Braille cell and a half-width filler
      "Ada\u0000",
      "Ada\u0007",
      "Ada\u001b[31m",
      "Ada\u007f",
      "Ada\u0085",
      "Ada\nLovelace",
      "Ada\u2028Lovelace",
      "cv\u202Excod",
      "Ada\u2066Lovelace\u2069",
      "\u200fAda",
      "=?UTF-8?B?VXJnZW50OiBwYXkgbm93?=",
      "Ada =?utf-8?q?x?= Lovelace",
    ];
    for (const value of misleading) {
      expect([value, invalid("sendContactEnquiry", { firstName: value })]).toEqual([value, ["firstName"]]);
      expect([value, invalid("requestTraining", { fullName: value, interestedIn: value })]).toEqual([value, ["fullName", "interestedIn"]]);
      expect([value, invalid("registerSubjectMatterExpert", { fullName: value, expertise: value })]).toEqual([value, ["expertise", "fullName"]]);
      expect([value, invalid("applyForPartnership", { companyName: value, jobRole: value })]).toEqual([value, ["companyName", "jobRole"]]);
      expect([value, invalid("applyForJob", { lastName: value, nationality: value, countryName: value, jobRole: value })]).toEqual([
        value,
        ["countryName", "jobRole", "lastName", "nationality"],
      ]);
      expect([value, invalid("requestDemo", { jobRole: value, countryName: value })]).toEqual([value, ["countryName", "jobRole"]]);
      expect([value, invalid("uploadProductOrder", { productName: value })]).toEqual([value, ["productName"]]);
    }
    // Messages keep their lines, but not other control characters or bidi overrides; a required message is not blank.
    expect(invalid("sendContactEnquiry", { message: "Line one\r\nLine two\tend" })).toEqual([]);
    expect(invalid("sendContactEnquiry", { message: "bell\u0007" })).toEqual(["message"]);
    expect(invalid("applyForPartnership", { message: "x\u202Eevil" })).toEqual(["message"]);
    expect(invalid("applyForPartnership", { message: "\u3000\u3000" })).toEqual(["message"]);
    // linkedIn: only http(s) addresses with a host.
    expect(invalid("registerSubjectMatterExpert", { linkedIn: "https://www.linkedin.com/in/margaret" })).toEqual([]);
    expect(invalid("registerSubjectMatterExpert", { linkedIn: "http://linkedin.com/in/margaret" })).toEqual([]);
    for (const uri of ["javascript:alert(1)", "file:///etc/passwd", "data:text/html,x", "https://www.linkedin.com@evil.example/", "https://"]) {
      expect([uri, invalid("registerSubjectMatterExpert", { linkedIn: uri })]).toEqual([uri, ["linkedIn"]]);
    }
    // E-mail: no encoded-word opener; phone: not only punctuation.
    expect(invalid("subscribeNewsletter", { email: "=?utf-8?q?x?=@example.org" })).toEqual(["email"]);
    expect(invalid("applyForJob", { phoneNumber: "(((--)))" })).toEqual(["phoneNumber"]);
    expect(invalid("applyForJob", { phoneNumber: "+ 1 2 3 4 5 6" })).toEqual(["phoneNumber"]);
    expect(invalid("applyForJob", { phoneNumber: "+1 234 5678" })).toEqual([]);
  });

  it("uses ajv-formats' own e-mail and uri expressions (full mode)", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { fullFormats } = require("ajv-formats/dist/formats") as { fullFormats: { email: RegExp; uri: (value: string) => boolean } };
    expect(EMAIL_PATTERN.source).toBe(fullFormats.email.source);
    expect(EMAIL_PATTERN.flags).toBe(fullFormats.email.flags);
    const ajvFormats = fs.readFileSync(require.resolve("ajv-formats/dist/formats"), "utf8");
    expect(ajvFormats).toContain(`const URI = /${URI_PATTERN.source}/${URI_PATTERN.flags};`);
    expect(ajvFormats).toContain("const NOT_URI_FRAGMENT = /\\/|:/;");
  });

  it("a format without a check is an error, not a silent pass (the SME form passes the uri check)", () => {
    const body = buildBody(RULES.registerSubjectMatterExpert, { ...VALID.registerSubjectMatterExpert, linkedIn: "https://example.com/me" });
    expect(() => validateBody(RULES.registerSubjectMatterExpert, body)).toThrow('No check for format "uri"');
    expect(validateBody(RULES.registerSubjectMatterExpert, body, FORMATS).valid).toBe(true);
    expect(RULES.registerSubjectMatterExpert.schema.properties.linkedIn.format).toBe("uri");
    const others = OPERATIONS.filter((operationId) => operationId !== "registerSubjectMatterExpert");
    for (const operationId of others) expect(JSON.stringify(RULES[operationId])).not.toContain('"format": "uri"');
  });

  it("the fallback failure message (data/form-words.json) is the client's default message", () => {
    expect(FORM_WORDS.failure).toBe(DEFAULT_ERROR_MESSAGE);
    expect(FORM_WORDS.failure).toBe("An error occurred. Please try again later.");
  });
});

describe("the body a form sends", () => {
  it("holds only the contract's fields: the demo's acceptTerms is never sent, empty text is left out, numbers become numbers", () => {
    const demo = buildBody(RULES.requestDemo, { ...VALID.requestDemo, message: "   " });
    expect(demo).not.toHaveProperty("acceptTerms");
    expect(demo).not.toHaveProperty("message");
    expect(demo.mailType).toBe("demo_form");
    const training = buildBody(RULES.requestTraining, VALID.requestTraining);
    expect(training.participants).toBe(12);
    expect(training).not.toHaveProperty("comments");
    const sme = buildBody(RULES.registerSubjectMatterExpert, VALID.registerSubjectMatterExpert);
    expect(sme.experience).toBe(7.5);
    expect(sme).not.toHaveProperty("linkedIn");
    expect(buildBody(RULES.sendContactEnquiry, { ...VALID.sendContactEnquiry, firstName: "  Ada  " }).firstName).toBe("Ada");
  });

  it("each form sends the registry's mail type, the first its contract accepts", () => {
    for (const operationId of Object.keys(MAIL_TYPES)) {
      expect([operationId, choicesOf(RULES[operationId], "mailType")[0]]).toEqual([operationId, MAIL_TYPES[operationId]]);
    }
    expect(MAIL_TYPES).toEqual({
      subscribeNewsletter: "news_letter",
      sendContactEnquiry: "contact",
      requestDemo: "demo_form",
      requestTraining: "request_for_training",
      registerSubjectMatterExpert: "sme_form",
      applyForPartnership: "transfer_partner_form",
      applyForJob: "career",
      uploadProductOrder: "product_order_form",
      requestQuotation: "quote_request",
    });
  });

  it("file fields accept .pdf, .doc and .docx (from the contract's encoding)", () => {
    for (const [operationId, field] of [
      ["applyForJob", "resume"],
      ["applyForJob", "coverLetter"],
      ["registerSubjectMatterExpert", "resume"],
      ["applyForPartnership", "support_doc"],
      ["uploadProductOrder", "file"],
    ]) {
      expect(acceptFor(RULES[operationId].fileTypes[field])).toBe(".pdf,.doc,.docx");
      expect(isRequired(RULES[operationId], field)).toBe(true);
    }
    const types = RULES.applyForJob.fileTypes.resume;
    expect(isAcceptedFile(pdf("a.PDF"), types)).toBe(true);
    expect(isAcceptedFile(pdf("a.doc"), types)).toBe(true);
    expect(isAcceptedFile(pdf("a.docx"), types)).toBe(true);
    expect(isAcceptedFile(pdf("a.pdf.exe"), types)).toBe(false);
    expect(isAcceptedFile(pdf("pdf"), types)).toBe(false);
  });
});

describe("reset values after a success", () => {
  it("contact returns to General Inquiry, the demo's acceptTerms to false, the newsletter's mailType to newsletter", () => {
    expect(VALUES.CONTACT_US_INITIAL.subject).toBe("General Inquiry");
    expect(choicesOf(RULES.sendContactEnquiry, "subject")).toEqual(["General Inquiry", "Sales Inquiry", "Technical Support", "Service Inquiry"]);
    expect(VALUES.DEMO_FORM_INITIAL.acceptTerms).toBe(false);
    expect(VALUES.NEWS_LETTER_INITIAL.mailType).toBe("news_letter");
    expect(VALUES.NEWS_LETTER_RESET).toEqual({ email: "", mailType: "newsletter" });
    expect(choicesOf(RULES.subscribeNewsletter, "mailType")).toEqual(["news_letter", "newsletter"]);
  });

  it("every form starts (and resets) empty: nothing but the defaults is valid", () => {
    const initial: Record<string, Record<string, unknown>> = {
      subscribeNewsletter: VALUES.NEWS_LETTER_RESET,
      sendContactEnquiry: VALUES.CONTACT_US_INITIAL,
      requestDemo: VALUES.DEMO_FORM_INITIAL,
      requestTraining: VALUES.REQUEST_FOR_TRAINING_INITIAL,
      registerSubjectMatterExpert: VALUES.SME_FORM_INITIAL,
      applyForPartnership: VALUES.TRANSFER_PARTNER_INITIAL,
      applyForJob: VALUES.CAREERS_INITIAL,
      uploadProductOrder: VALUES.PRODUCT_ORDER_FORM_INITIAL,
    };
    for (const operationId of OPERATIONS) {
      const body = buildBody(RULES[operationId], { ...initial[operationId], mailType: MAIL_TYPES[operationId] });
      expect(validateBody(RULES[operationId], body).valid).toBe(false);
      for (const [key, value] of Object.entries(initial[operationId])) {
        if (key === "subject" || key === "mailType") continue;
        expect([key, value === "" || value === null || value === false || (Array.isArray(value) && value.length === 0)]).toEqual([key, true]);
      }
    }
  });
});

describe("productName of the order upload", () => {
  it.each([
    ["top-loading-arms", "TOP LOADING ARMS"],
    ["gravity-unloading-flow-meter", "GRAVITY UNLOADING FLOW METER"],
    ["floating-suction-unit", "FLOATING SUCTION UNIT"],
    ["marine-loading-arms", "MARINE LOADING ARMS"],
    ["manuel-flange-facing-machine", "MANUEL FLANGE FACING MACHINE"],
  ])("%s -> %s", (slug, name) => {
    expect(productNameFromSlug(slug)).toBe(name);
  });
});
