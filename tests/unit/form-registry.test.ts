/**
 * The registry (src/shared/forms/registry.ts) names each form of the contract once:
 * every form call of openapi.yaml has exactly one entry, one data file
 * (data/forms/<key>.json) and one component, and the notification e-mail
 * labels its fields with the form's own words.
 */
import fs from "fs";
import path from "path";
import yaml from "js-yaml";
import { FORMS, formOfMailType, isFormKey, mailTypesOf, type FormKey } from "../../src/shared/forms/registry";
import { buildNotification } from "../../server/mail/notification";
import { DEFAULT_INBOX_CARD } from "../../server/config";
import type { FormWords } from "../../server/api/forms";

const ROOT = path.resolve(__dirname, "..", "..");
const BASE = "/api/v1/contact/";

interface Operation {
  operationId: string;
  requestBody: { content: Record<string, { schema: { $ref: string } }> };
}
const spec = yaml.load(fs.readFileSync(path.join(ROOT, "openapi.yaml"), "utf8")) as {
  paths: Record<string, { post?: Operation }>;
  components: { schemas: Record<string, { properties: { mailType?: { enum?: string[] } } }> };
};
/** The mailType enum of an operation's body. */
function mailTypeEnum(operation: Operation): string[] {
  const [{ schema }] = Object.values(operation.requestBody.content);
  return spec.components.schemas[schema.$ref.split("/").pop() as string].properties.mailType?.enum ?? [];
}
/** The form calls of the contract: every POST under /api/v1/contact, by the path's last segment, with the mail types its body takes. */
const CONTRACT_FORMS = Object.entries(spec.paths)
  .filter(([route, item]) => route.startsWith(BASE) && item.post)
  .map(([route, item]) => ({ key: route.slice(BASE.length), operationId: (item.post as Operation).operationId, mailTypes: mailTypeEnum(item.post as Operation) }));

const ENTRIES = Object.entries(FORMS) as [FormKey, (typeof FORMS)[FormKey]][];
const words = (key: FormKey): FormWords => JSON.parse(fs.readFileSync(path.join(ROOT, "data", "forms", `${key}.json`), "utf8")) as FormWords;
const rules = (operationId: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, "src", "contract", "form-rules", `${operationId}.json`), "utf8")) as { schema: { properties: Record<string, unknown> } };

/** Every source file of the site, with its text. */
function sources(dir: string): [string, string][] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry): [string, string][] => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [[path.relative(ROOT, file), fs.readFileSync(file, "utf8")]] : [];
  });
}
const SITE = sources(path.join(ROOT, "src"));

describe("the form registry", () => {
  it("has exactly one entry for each form call of the contract, keyed by its path, with its operationId", () => {
    expect(CONTRACT_FORMS.length).toBeGreaterThan(0);
    expect(ENTRIES.map(([key, entry]) => ({ key, operationId: entry.operationId })).sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      CONTRACT_FORMS.map(({ key, operationId }) => ({ key, operationId })).sort((a, b) => a.key.localeCompare(b.key)),
    );
    for (const { key } of CONTRACT_FORMS) expect([key, isFormKey(key)]).toEqual([key, true]);
    expect(isFormKey("transfer_partner_form")).toBe(false);
    expect(isFormKey("toString")).toBe(false);
  });

  it("lists every mail type the contract takes for each form's body, the form's own first", () => {
    for (const { key, mailTypes } of CONTRACT_FORMS) {
      expect(mailTypes.length).toBeGreaterThan(0);
      expect([key, mailTypesOf(key as FormKey)]).toEqual([key, mailTypes]);
    }
  });

  it("names, for every mail type of the contract, the form whose body carries it (news_letter and newsletter: news-letter)", () => {
    const mailTypes = CONTRACT_FORMS.flatMap(({ key, mailTypes }) => mailTypes.map((mailType) => [mailType, key]));
    expect(mailTypes).toContainEqual(["newsletter", "news-letter"]);
    for (const [mailType, key] of mailTypes) expect([mailType, formOfMailType(mailType)]).toEqual([mailType, key]);
    expect(formOfMailType("transfer_partner")).toBeUndefined();
    expect(formOfMailType("retired_form")).toBeUndefined();
  });

  it("gives each form exactly one data file, data/forms/<key>.json, that names the form, and its Arabic overlay <key>.ar.json", () => {
    const files = fs.readdirSync(path.join(ROOT, "data", "forms")).sort();
    expect(files).toEqual(ENTRIES.flatMap(([key]) => [`${key}.json`, `${key}.ar.json`]).sort());
    for (const [key] of ENTRIES) expect([key, words(key).form]).toEqual([key, key]);
  });

  it("gives each form exactly one component: the only one that takes its words and posts with its operation's rules", () => {
    for (const [key, entry] of ENTRIES) {
      const takesWords = SITE.filter(([, text]) => text.includes(`useFormWords("${key}")`)).map(([file]) => file);
      const usesRules = SITE.filter(([, text]) => text.includes(`contract/form-rules/${entry.operationId}.json"`)).map(([file]) => file);
      expect([key, takesWords]).toEqual([key, [entry.component]]);
      expect([key, usesRules]).toEqual([key, [entry.component]]);
    }
  });

  it("names each form's component after its key (PascalCase, ending in Form), but the enquiry page's quotation request", () => {
    const pascal = (key: string) => key.split(/[-_]/).map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join("");
    for (const [key, entry] of ENTRIES) {
      if (key === "quote_request") continue;
      expect([key, entry.component]).toEqual([key, `src/forms/${pascal(key).replace(/(Form)?$/, "Form")}.tsx`]);
    }
  });

  it("labels every field of the contract's body (but the fixed mailType and the attribution the browser adds) in the form's data file", () => {
    for (const [key, entry] of ENTRIES) {
      const labelled = new Set(words(key).fieldWords.map((field) => field.name));
      const unlabelled = Object.keys(rules(entry.operationId).schema.properties).filter((name) => name !== "mailType" && name !== "attribution" && !labelled.has(name));
      expect([key, unlabelled]).toEqual([key, []]);
    }
  });

  it("lists in the notification only fields that the form's data file labels", () => {
    for (const [key, entry] of ENTRIES) {
      const labelled = new Set(words(key).fieldWords.map((field) => field.name));
      expect([key, entry.notify.filter((field) => !labelled.has(field))]).toEqual([key, []]);
      expect([key, new Set(entry.notify).size]).toEqual([key, entry.notify.length]);
    }
  });

  it("gives each form mail types of its own, so each has its own inbox (MAIL_TO_ and the mail type) and each lead one form", () => {
    const all = ENTRIES.flatMap(([key]) => mailTypesOf(key));
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("the notification's labels are the form's", () => {
  const notify = (form: FormKey, body: Record<string, unknown>) =>
    buildNotification(
      { form, body, files: [], submissionId: "00000000-0000-4000-8000-000000000000", receivedAt: new Date("2026-01-01T00:00:00Z") },
      { mailFrom: "Website <no-reply@example.com>", mailTo: DEFAULT_INBOX_CARD },
    );

  it("names the phone number as the form does, and a chosen option by its words and its value", () => {
    const text = notify("demo_form", {
      firstName: "Ada",
      lastName: "Lovelace",
      jobRole: "Engineer",
      email: "ada@example.org",
      interestedIn: "option2",
      companyName: "Analytical Engines",
      phoneNumber: "0501234567",
      countryName: "UAE",
      mailType: "demo_form",
    }).text;
    expect(text).toContain("\nPhone number: 0501234567\n");
    expect(text).toContain("\nJob Title: Engineer\n");
    expect(text).toContain("\nInterested In: Finished Components (option2)\n");
    expect(text).not.toMatch(/^Phone:/m);
  });

  it("uses, for each form, the labels of its data file in the registry's order", () => {
    for (const [key, entry] of ENTRIES) {
      const fields = words(key).fieldWords;
      const body = Object.fromEntries(entry.notify.map((field) => [field, `value of ${field}`]));
      const lines = notify(key, { ...body, mailType: entry.mailType }).text.split("\n");
      const labelled = entry.notify.map((field) => `${fields.find((f) => f.name === field)?.label}: value of ${field}`);
      expect([key, lines.filter((line) => line.includes(": value of "))]).toEqual([key, labelled]);
    }
  });
});
