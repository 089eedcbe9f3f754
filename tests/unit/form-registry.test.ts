/**
 * The registry (src/forms/registry.ts) names each form of the contract once:
 * every form call of openapi.yaml has exactly one entry, one data file
 * (data/forms/<key>.json) and one component, and the notification e-mail
 * labels its fields with the form's own words.
 */
import fs from "fs";
import path from "path";
import yaml from "js-yaml";
import { FORMS, type FormKey } from "../../src/forms/registry";
import { buildNotification } from "../../server/mail/notification";
import { DEFAULT_INBOX_CARD } from "../../server/config";
import type { FormWords } from "../../server/api/forms";

const ROOT = path.resolve(__dirname, "..", "..");
const BASE = "/api/v1/contact/";

interface Operation {
  operationId: string;
}
const spec = yaml.load(fs.readFileSync(path.join(ROOT, "openapi.yaml"), "utf8")) as { paths: Record<string, { post?: Operation }> };
/** The form calls of the contract: every POST under /api/v1/contact, by the path's last segment. */
const CONTRACT_FORMS = Object.entries(spec.paths)
  .filter(([route, item]) => route.startsWith(BASE) && item.post)
  .map(([route, item]) => ({ key: route.slice(BASE.length), operationId: (item.post as Operation).operationId }));

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
      [...CONTRACT_FORMS].sort((a, b) => a.key.localeCompare(b.key)),
    );
  });

  it("gives each form exactly one data file, data/forms/<key>.json, that names the form", () => {
    const files = fs.readdirSync(path.join(ROOT, "data", "forms")).sort();
    expect(files).toEqual(ENTRIES.map(([key]) => `${key}.json`).sort());
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

  it("gives each form a mail type of its own, so each has its own inbox (MAIL_TO_ and the mail type)", () => {
    expect(new Set(ENTRIES.map(([, entry]) => entry.mailType)).size).toBe(ENTRIES.length);
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
